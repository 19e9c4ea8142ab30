const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value: nothing a user typed (a name, a store) can become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** Web links only: a mail never carries a javascript: or data: link, whatever the text holds. */
const LINK = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation after a link is the sentence's, not the link's. */
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

function lineHtml(line: string): string {
  let html = '';
  let from = 0;
  for (const match of line.matchAll(LINK)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += escapeHtml(line.slice(from, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#9c3d1c">${escapeHtml(url)}</a>`;
    from = match.index + url.length;
  }
  return html + escapeHtml(line.slice(from));
}

/**
 * The HTML part of a mail (issue 39.28): the text part's words exactly, a paragraph for each
 * blank-line-separated block, its lines kept, links clickable. Built from the text, so the two
 * parts can never say different things.
 */
export function htmlVersion({ subject, text }: { subject: string; text: string }): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map(
      (block) => `<p style="margin:0 0 16px">${block.split('\n').map(lineHtml).join('<br>\n')}</p>`,
    );
  return [
    '<!doctype html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background:#ffffff">',
    '<div style="max-width:600px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#111111">',
    ...paragraphs,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
