import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlVersion } from './mail-html';

/** The words a mail client shows for the HTML part: tags dropped, entities read back. */
const shownText = (html: string) =>
  /<div[^>]*>([\s\S]*)<\/div>/
    .exec(html)![1]!
    .replace(/<br>\n/g, '\n')
    .replace(/<\/p>\n?<p[^>]*>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

describe('the HTML part of a mail (issue 39.28)', () => {
  const text =
    'Hi Zoë <b>&</b> "friends",\n\nThank you for shopping local. Your order LB-1234:\n\n- Raw Jean (RED, M) × 1: $120.00\n- O\'Brien\'s <script>alert(1)</script> Tee × 2: $60.00\n\nTrack it at https://shop.example/fr/user?tab=orders&order=1.';

  it('says exactly what the text part says', () => {
    expect(shownText(htmlVersion({ subject: 'Your order', text }))).toBe(text);
  });

  it('escapes everything typed by people: no tag, attribute or script from the text', () => {
    const html = htmlVersion({ subject: '<img src=x onerror=alert(1)>', text });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
    expect(html).toContain('O&#39;Brien&#39;s');
  });

  it('makes web links clickable (the sentence’s full stop left out), and only web links', () => {
    const html = htmlVersion({ subject: 'S', text });
    expect(html).toContain(
      '<a href="https://shop.example/fr/user?tab=orders&amp;order=1" style="color:#9c3d1c">https://shop.example/fr/user?tab=orders&amp;order=1</a>.',
    );
    const hostile = htmlVersion({
      subject: 'S',
      text: 'javascript:alert(1) and https://x.test/"onmouseover="alert(1)',
    });
    expect(hostile).not.toContain('href="javascript');
    expect(hostile).toContain('<a href="https://x.test/"');
    expect(hostile).toContain('&quot;onmouseover=&quot;alert(1)');
  });

  it('escapes the five characters of HTML', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});
