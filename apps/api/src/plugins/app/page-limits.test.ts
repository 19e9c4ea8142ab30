import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CATALOG_FILTERS, MESSAGES } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { json, setupTestApp, UNLIMITED } from '../../../test/helper';
import { fakeWebBuild, loadWebServerEntry } from '../../../test/web-build';

// Issue 38, finding 3: a visitor whose own API budget is spent must not draw a page from the
// refusals ("Product not found.") that is then kept for everyone. Finding 7: pages are limited
// per address as the API is (kept pages not counted), and filters are capped.

const { webDist } = fakeWebBuild(['<title>LOCAL BRANDS</title>']);
const READS = 5;
const RENDERS = 3;
let renders = 0;
/** The status the API's answers for a product are replaced with, to see how a page fares. */
let productAnswer: number | undefined;
const ctx = setupTestApp({
  webDist,
  loadWebRenderer: async () => {
    const module = await loadWebServerEntry();
    return {
      renderPage: (request, fetchApi) => {
        renders += 1;
        return module.renderPage(request, async (url, init) =>
          productAnswer !== undefined && /^\/api\/item\/public\/\d+/.test(url)
            ? new Response(JSON.stringify({ message: 'Busy.' }), {
                status: productAnswer,
                headers: { 'content-type': 'application/json' },
              })
            : fetchApi(url, init),
        );
      },
    };
  },
  rateLimits: { ...UNLIMITED, anonymousReadsPerMinute: READS, pageRendersPerMinute: RENDERS },
});
afterEach(() => {
  productAnswer = undefined;
});

const get = (url: string, address: string, userAgent = 'Mozilla/5.0') =>
  ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
  });

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('pages and the API budget', () => {
  it("a visitor who spent their reads cannot make a product page say 'not found' to others", async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Budget Coat' }));
    const url = `/product/${item.id}`;

    // The first address spends its anonymous reads on the API.
    for (let i = 0; i <= READS; i++) await get('/api/item/public', '10.0.0.1');
    expect((await get('/api/item/public', '10.0.0.1')).statusCode).toBe(429);

    // Its page is the real one (the server's own reads are not the visitor's), or a refusal:
    // never a "not found" drawn from refused reads.
    const first = await get(url, '10.0.0.1', 'Googlebot/2.1');
    if (first.statusCode === 200) {
      expect(titleOf(first.body)).toContain('Budget Coat');
    } else {
      expect([429, 503]).toContain(first.statusCode);
      expect(first.body).not.toContain('Product not found');
    }

    // Everyone else gets the real page, with its JSON-LD.
    for (const userAgent of ['Googlebot/2.1', 'Mozilla/5.0']) {
      const second = await get(url, '10.0.0.2', userAgent);
      expect(second.statusCode).toBe(200);
      expect(titleOf(second.body)).toContain('Budget Coat');
      expect(second.body).not.toContain('Product not found');
      expect(second.body).toContain('application/ld+json');
    }
  });

  it('a page whose data the API could not give answers 503 and is not kept', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Unkept Coat' }));
    const url = `/product/${item.id}`;
    for (const status of [429, 503]) {
      productAnswer = status;
      const refused = await get(url, `10.0.1.${status % 250}`, 'Googlebot/2.1');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.body).toContain(MESSAGES.serviceUnavailable);
      expect(refused.body).not.toContain('Product not found');
    }
    // Refused otherwise (not 404): drawn, but never kept for the next visitor.
    productAnswer = 400;
    const before = renders;
    await get(url, '10.0.1.7', 'Googlebot/2.1');
    await get(url, '10.0.1.8', 'Googlebot/2.1');
    expect(renders - before).toBe(2);
    productAnswer = undefined;
    const page = await get(url, '10.0.1.9', 'Googlebot/2.1');
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toContain('Unkept Coat');
  });
});

describe('page renders per address', () => {
  it('are limited like API reads, kept pages sent again not counted', async () => {
    const seller = await sellerWithStore(ctx.app);
    const urls: string[] = [];
    for (let i = 0; i <= RENDERS; i++) {
      const item = await createItem(ctx.app, seller, validItem({ name: `Limited Shirt ${i}` }));
      urls.push(`/product/${item.id}`);
    }
    // Another address renders the first page: it is kept for everyone.
    expect((await get(urls[0]!, '10.0.2.1')).statusCode).toBe(200);

    const address = '10.0.2.2';
    const before = renders;
    for (const url of urls.slice(1, RENDERS + 1)) {
      expect((await get(url, address)).statusCode).toBe(200);
    }
    expect(renders - before).toBe(RENDERS);
    // Past its renders: refused, with when to come back; not rendered, not kept.
    const refused = await get('/products?sort=price-asc', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain(MESSAGES.tooManyRequests);
    expect(renders - before).toBe(RENDERS);
    // Kept pages are still sent, from memory: they cost no render.
    for (const url of [urls[0]!, urls[1]!]) {
      const kept = await get(url, address);
      expect(kept.statusCode).toBe(200);
      expect(titleOf(kept.body)).toContain('Limited Shirt');
    }
    expect(renders - before).toBe(RENDERS);
    // Other addresses are not affected.
    expect((await get('/products?sort=price-asc', '10.0.2.3')).statusCode).toBe(200);
  });
});

describe('filters per search', () => {
  const filters = (count: number) =>
    Array.from({ length: count }, (_, i) => `color=c${i}`).join('&');

  it(`are at most ${MAX_CATALOG_FILTERS} in a search and its facets, with a clear 400`, async () => {
    for (const path of ['/api/item/public', '/api/item/public/search', '/api/item/public/facets']) {
      const over = await get(`${path}?${filters(MAX_CATALOG_FILTERS + 1)}`, '10.0.3.1');
      expect(over.statusCode, path).toBe(400);
      expect(json(over).message).toBe(
        `A search can use at most ${MAX_CATALOG_FILTERS} filters. Remove some and try again.`,
      );
      // All lists count together.
      const mixed = `${filters(MAX_CATALOG_FILTERS - 1)}&size=M&category=men`;
      expect((await get(`${path}?${mixed}`, '10.0.3.2')).statusCode, path).toBe(400);
      const atCap = await get(`${path}?${filters(MAX_CATALOG_FILTERS)}`, '10.0.3.3');
      expect(atCap.statusCode, path).toBe(200);
    }
  });

  it('are capped on a products page, which answers 400 in its language without rendering', async () => {
    const before = renders;
    const over = await get(`/products?${filters(1000)}`, '10.0.3.4');
    expect(over.statusCode).toBe(400);
    expect(over.headers['cache-control']).toBe('no-store');
    expect(over.body).toContain(`at most ${MAX_CATALOG_FILTERS} filters`);
    const french = await get(`/fr/products?${filters(MAX_CATALOG_FILTERS + 1)}`, '10.0.3.4');
    expect(french.statusCode).toBe(400);
    expect(french.body).toContain('<html lang="fr-CA"');
    expect(french.body).not.toContain('A search can use');
    expect(renders).toBe(before);
  });
});
