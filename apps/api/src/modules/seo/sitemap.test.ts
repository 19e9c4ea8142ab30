import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createItem, sellerWithStore, updateItem, validItem } from '../../../test/catalog';
import { setupTestApp } from '../../../test/helper';
import { SitemapService, type SitemapDocument } from './sitemap.service';

const ctx = setupTestApp();
const xmlOf = async (document: Promise<SitemapDocument | undefined>) =>
  (await document)!.xml.toString();
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** The <loc>s of a sitemap document, in order. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const lastmodOf = (xml: string, loc: string) =>
  new RegExp(`<loc>${loc.replace(/[.?*+]/g, '\\$&')}</loc><lastmod>([^<]*)</lastmod>`).exec(
    xml,
  )?.[1];

describe('robots.txt and the sitemaps (issue 18 item 5)', () => {
  it('tells crawlers to keep out of the bag, checkout, account, seller and operator pages, and where the sitemap is', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/shopping-bag', '/checkout', '/user', '/admin', '/operator'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /products');
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('lists the pages, every store and every public product, with lastmod from the data', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Tom & Jerry Knits' });
    const listed = await createItem(ctx.app, seller, validItem({ name: 'Listed Scarf' }));
    const unlisted = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Draft Scarf', isAvailable: false }),
    );
    const removed = await createItem(ctx.app, seller, validItem({ name: 'Gone Scarf' }));
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${removed.id}`,
      headers: seller.headers,
    });
    expect(deleted.statusCode).toBe(204);

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect(locs(index.body)).toEqual([
      'http://shop.test/sitemaps/pages.xml',
      'http://shop.test/sitemaps/stores.xml',
      'http://shop.test/sitemaps/products-1.xml',
    ]);

    const pages = locs((await get('/sitemaps/pages.xml')).body);
    expect(pages).toEqual(
      expect.arrayContaining(['http://shop.test/', 'http://shop.test/products']),
    );
    expect(pages).not.toContain('http://shop.test/checkout');

    // A store's name is its URL (encoded), and the XML escapes what it must.
    const stores = (await get('/sitemaps/stores.xml')).body;
    expect(locs(stores)).toContain('http://shop.test/store/Tom%20%26%20Jerry%20Knits');

    const products = (await get('/sitemaps/products-1.xml')).body;
    expect(locs(products)).toContain(`http://shop.test/product/${listed.id}`);
    expect(locs(products)).not.toContain(`http://shop.test/product/${unlisted.id}`);
    expect(locs(products)).not.toContain(`http://shop.test/product/${removed.id}`);
    const lastmod = lastmodOf(products, `http://shop.test/product/${listed.id}`);
    expect(new Date(lastmod!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists every page in English and in French, each with its hreflang alternates (issue 19)', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Atelier Rosemont' });
    const item = await createItem(ctx.app, seller, validItem({ name: 'Tuque' }));
    // A service of its own: the app's keeps the files the tests above asked for.
    const sitemap = new SitemapService({
      items: ctx.app.services.items,
      stores: ctx.app.services.stores,
      publicUrl: 'http://shop.test',
    });

    const pages = await xmlOf(sitemap.file('pages.xml'));
    expect(pages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(locs(pages)).toEqual(
      expect.arrayContaining([
        'http://shop.test/',
        'http://shop.test/fr',
        'http://shop.test/about',
        'http://shop.test/fr/about',
      ]),
    );

    const products = await xmlOf(sitemap.file('products-1.xml'));
    const english = `http://shop.test/product/${item.id}`;
    const french = `http://shop.test/fr/product/${item.id}`;
    expect(locs(products)).toEqual(expect.arrayContaining([english, french]));
    const entryOf = (loc: string) =>
      new RegExp(`<url><loc>${loc.replace(/[.?*+]/g, '\\$&')}</loc>.*?</url>`).exec(products)?.[0];
    for (const loc of [english, french]) {
      const entry = entryOf(loc)!;
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${english}"/>`);
      expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="fr-CA" href="${french}"/>`);
      expect(entry).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${english}"/>`,
      );
    }

    const stores = locs(await xmlOf(sitemap.file('stores.xml')));
    expect(stores).toContain('http://shop.test/fr/store/Atelier%20Rosemont');
  });

  it('sends the sitemaps gzipped to crawlers that accept it', async () => {
    const plain = await get('/sitemap.xml');
    const gzipped = await ctx.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });

  it('answers 404 for a sitemap that does not exist', async () => {
    for (const name of ['products-2.xml', 'products-0.xml', 'other.xml', 'products-x.xml'])
      expect((await get(`/sitemaps/${name}`)).statusCode, name).toBe(404);
  });

  it('cuts products into files of at most the limit, by id, and keeps each answer until it is due again', async () => {
    const seller = await sellerWithStore(ctx.app);
    const made = [];
    for (const name of ['Cut One', 'Cut Two', 'Cut Three']) {
      made.push(await createItem(ctx.app, seller, validItem({ name })));
    }
    let clock = 0;
    const sitemap = new SitemapService({
      items: ctx.app.services.items,
      stores: ctx.app.services.stores,
      publicUrl: 'https://brands.example',
      urlsPerFile: 2,
      ttlMs: 1000,
      now: () => clock,
    });
    const files = locs(await xmlOf(sitemap.index())).filter((loc) => loc.includes('/products-'));
    const perFile = await Promise.all(
      files.map(async (_, i) => locs(await xmlOf(sitemap.file(`products-${i + 1}.xml`)))),
    );
    // Each product in both languages: at most the limit of URLs still.
    expect(perFile.every((urls) => urls.length >= 1 && urls.length <= 2)).toBe(true);
    const all = perFile.flat();
    const ids = all.map((url) => Number(url.split('/').pop()));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const item of made) expect(all).toContain(`https://brands.example/product/${item.id}`);
    expect(new Set(all).size).toBe(all.length);

    // An edit shows in lastmod once the kept answer is due again, not before.
    const last = made.at(-1)!;
    const file = `products-${files.length}.xml`;
    const before = lastmodOf(
      await xmlOf(sitemap.file(file)),
      `https://brands.example/product/${last.id}`,
    );
    await updateItem(ctx.app, seller, last.id, { name: 'Cut Three Renamed' });
    expect(
      lastmodOf(await xmlOf(sitemap.file(file)), `https://brands.example/product/${last.id}`),
    ).toBe(before);
    clock += 1001;
    await sitemap.index();
    const after = lastmodOf(
      await xmlOf(sitemap.file(file)),
      `https://brands.example/product/${last.id}`,
    );
    expect(new Date(after!).getTime()).toBeGreaterThan(new Date(before!).getTime());
  });
});
