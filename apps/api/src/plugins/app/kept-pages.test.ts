import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { setupTestApp } from '../../../test/helper';
import { fakeWebBuild, loadWebServerEntry } from '../../../test/web-build';

// Kept pages (decision 026) are held as the copy they were sent as, compressed: their budget
// counts what is held, and a request in another encoding is answered from that copy.

const KEPT_PAGE_BYTES = 10 * 1024;

const { webDist } = fakeWebBuild(
  ['<title>LOCAL BRANDS</title>'],
  'body{margin:0}.nav-link{color:red}',
);
let renders = 0;
const ctx = setupTestApp({
  webDist,
  keptPageBytes: KEPT_PAGE_BYTES,
  loadWebRenderer: async () => {
    const module = await loadWebServerEntry();
    return {
      renderPage: (...args) => {
        renders += 1;
        return module.renderPage(...args);
      },
    };
  },
});

const inBrowser = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: {
      'user-agent': 'Mozilla/5.0',
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

async function productPages(count: number) {
  const seller = await sellerWithStore(ctx.app);
  const items = [];
  for (let i = 0; i < count; i++)
    items.push(await createItem(ctx.app, seller, validItem({ name: `Kept Shirt ${i}` })));
  return items.map((item) => `/product/${item.id}`);
}

describe('kept pages', () => {
  it('answer every encoding from the one copy kept, without rendering again', async () => {
    const [url] = await productPages(1);
    const before = renders;
    const brotli = await inBrowser(url!, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(brotli.rawPayload).toString();
    expect(html).toContain('Kept Shirt 0');

    const gzip = await inBrowser(url!, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    const plain = await inBrowser(url!);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect(renders - before).toBe(1);
  });

  it('are counted by the bytes they hold, the least recently used dropped past the budget', async () => {
    const [first, second, third] = await productPages(3);
    const before = renders;
    const firstPage = await inBrowser(first!, 'br');
    await inBrowser(second!, 'br');
    // Two product pages fit as brotli copies, a third does not, and one as HTML would not.
    const held = firstPage.rawPayload.length;
    expect(held * 2).toBeLessThan(KEPT_PAGE_BYTES);
    expect(held * 3).toBeGreaterThan(KEPT_PAGE_BYTES);
    expect(brotliDecompressSync(firstPage.rawPayload).length).toBeGreaterThan(KEPT_PAGE_BYTES);
    await inBrowser(first!, 'br');
    await inBrowser(second!, 'br');
    expect(renders - before).toBe(2);

    // The third: the page asked least recently (the first) makes room.
    await inBrowser(third!, 'br');
    await inBrowser(second!, 'br');
    expect(renders - before).toBe(3);
    await inBrowser(first!, 'br');
    expect(renders - before).toBe(4);
  });
});
