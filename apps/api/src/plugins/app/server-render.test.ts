import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { ItemDetail, Review, ReviewSummary, StorePublic } from '@marketplace/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createItem, sellerWithStore, updateItem, validItem } from '../../../test/catalog';
import { loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';
import { fakeWebBuild, loadWebServerEntry } from '../../../test/web-build';
import { isCrawler, KEPT_PAGE_TRUST_MS, type SsrModule } from './web-app';
import { firstPaintHead, inlineStyleSheets, pageEncoding, pageLinks } from './page-html';

// Issue 18 (decision 024): the public pages rendered by the web app's server entry, through
// the API's web-app plugin, read back as a crawler would read them.

const { webDist, template } = fakeWebBuild(
  [
    '<meta name="description" content="Shop clothing from independent local brands." />',
    '<title>LOCAL BRANDS · Independent fashion marketplace</title>',
  ],
  'body{margin:0}.nav-link{max-width:1px}.not-on-any-page{color:red}',
);

let renders = 0;
type RenderedPage = NonNullable<Awaited<ReturnType<SsrModule['renderPage']>>>;
let lastRendered: RenderedPage | null = null;
const ctx = setupTestApp({
  webDist,
  loadWebRenderer: async () => {
    const module = await loadWebServerEntry();
    return {
      renderPage: async (...args) => {
        renders += 1;
        lastRendered = await module.renderPage(...args);
        return lastRendered;
      },
    };
  },
});
const ORIGIN = 'http://shop.test';
const steps = orderSteps(ctx);

afterEach(() => vi.restoreAllMocks());

const page = (url: string, userAgent = 'Googlebot/2.1') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });

type JsonLd = Record<string, unknown>;
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLd,
  );
}
const headTag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');
const metaOf = (html: string, key: string) =>
  headTag(html, new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`));
const ssrData = (html: string) =>
  JSON.parse(
    headTag(html, /<script type="application\/json" id="ssr-data">([^<]*)<\/script>/)!,
  ) as {
    status: number;
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  };

async function productWithReviews(description: string) {
  const seller = await sellerWithStore(ctx.app, { description: 'Denim from the harbour.' });
  const item = await createItem(
    ctx.app,
    seller,
    validItem({ name: 'Harbour Jacket', description, price: 150, sale: 20 }),
  );
  // Three buyers who received it, and one account that never bought it (issue 38, finding 12).
  await review(item, 1, 'Never bought it');
  for (const rating of [5, 4, 3]) {
    const buyer = await loginAs(ctx.app);
    expect((await steps.addToBag(buyer, item)).statusCode).toBe(200);
    const session = await steps.paidCheckout(buyer);
    expect((await steps.place(buyer, session.orderId)).statusCode).toBe(200);
    await steps.acceptAndShip(seller, session.orderId);
    await review(item, rating, `Rated ${rating}`, buyer);
  }
  return { seller, item };
}

async function review(
  item: { id: number },
  rating: number,
  comment: string,
  reviewer?: Awaited<ReturnType<typeof loginAs>>,
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/item-review',
    headers: (reviewer ?? (await loginAs(ctx.app))).headers,
    payload: { itemId: item.id, rating, fitScore: 3, comment },
  });
  expect(response.statusCode).toBe(201);
}

const api = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json() as T;

/** Spies on the app's in-process requests: how many of them asked the API (a page's answers). */
function countApiCalls() {
  const inject = vi.spyOn(ctx.app, 'inject');
  const apiCalls = () =>
    inject.mock.calls.filter((call) => JSON.stringify((call as unknown[])[0]).includes('/api/'))
      .length;
  return { inject, apiCalls };
}

describe('a product page', () => {
  it('has the product in its HTML, head tags, and JSON-LD that matches the product', async () => {
    const { item } = await productWithReviews('A warm jacket.\n\nWaxed cotton.');
    const product = await api<ItemDetail>(`/api/item/public/${item.id}`);
    const summary = await api<ReviewSummary>(`/api/item-review/item/${item.id}/summary`);
    const reviews = await api<Review[]>(`/api/item-review/item/${item.id}`);

    const response = await page(`/product/${item.id}?utm_source=mail&fbclid=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1');
    expect(html).toContain('Harbour Jacket');
    // The template's generic title and description are replaced, not doubled.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe(
      `Harbour Jacket by ${product.store} · LOCAL BRANDS`,
    );
    expect(metaOf(html, 'description')).toContain('$120.00 CAD');
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(
      `${ORIGIN}/product/${item.id}`,
    );
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:title')).toBe(`Harbour Jacket by ${product.store}`);
    expect(metaOf(html, 'og:url')).toBe(`${ORIGIN}/product/${item.id}`);
    // The large copy of the image (up to 1600 px), not the 400 px card thumbnail.
    const ogImage = metaOf(html, 'og:image')!;
    expect(ogImage).toBe(`${ORIGIN}${product.thumbnail!.replace(/-400\.webp$/, '.webp')}`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:image')).toBe(ogImage);

    const ld = jsonLdOf(html);
    const ldProduct = ld.find((entry) => entry['@type'] === 'Product')!;
    expect(ldProduct).toMatchObject({
      '@context': 'https://schema.org',
      name: product.name,
      sku: String(product.id),
      description: product.description,
      brand: { '@type': 'Brand', name: product.store },
      image: [ogImage],
      offers: {
        '@type': 'Offer',
        url: `${ORIGIN}/product/${product.id}`,
        price: product.salePrice.toFixed(2),
        priceCurrency: product.currency,
        availability: 'https://schema.org/InStock',
        seller: {
          '@type': 'Organization',
          name: product.store,
          url: `${ORIGIN}/store/${encodeURIComponent(product.store)}`,
        },
      },
      // Verified purchases only (issue 38, finding 12): the 1-star review of an account that
      // never bought it is left out of what search engines show.
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4,
        reviewCount: 3,
      },
    });
    expect(summary).toMatchObject({ count: 4, verifiedCount: 3, averageRating: 3.3 });
    const ldReviews = ldProduct.review as JsonLd[];
    expect(ldReviews).toHaveLength(3);
    expect(reviews.map((review) => review.verifiedPurchase)).toEqual([true, true, true, false]);
    ldReviews.forEach((review, i) => {
      expect(review).toMatchObject({
        author: { name: reviews[i]!.displayName },
        reviewBody: reviews[i]!.comment,
        reviewRating: { ratingValue: reviews[i]!.rating },
      });
    });
    const crumbs = ld.find((entry) => entry['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Products', item: `${ORIGIN}/products` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Menswear',
        item: `${ORIGIN}/products?category=men`,
      },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'Harbour Jacket',
        item: `${ORIGIN}/product/${product.id}`,
      },
    ]);

    // The data the page was drawn from travels with it, exactly as the API answers it.
    const data = ssrData(html);
    expect(data.status).toBe(200);
    const cached = data.queries.queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(['product', item.id]),
    );
    expect(cached?.state.data).toEqual(product);
  });

  it('a kept page is sent again only while its data is unchanged', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Kept Cap', price: 40 }));
    const before = renders;
    const first = await page(`/product/${item.id}`);
    expect(first.body).toContain('$40.00 CAD');
    expect((await page(`/product/${item.id}`)).body).toBe(first.body);
    expect(renders - before).toBe(1);
    await updateItem(ctx.app, seller, item.id, { name: 'Kept Cap', price: 55 });
    const after = await page(`/product/${item.id}`);
    expect(renders - before).toBe(2);
    expect(after.body).toContain('$55.00 CAD');
    expect(after.body).not.toContain('$40.00 CAD');
  });

  it('a kept page checked within KEPT_PAGE_TRUST_MS, with no write since, is sent without asking; then asked behind it', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Trusted Tee', price: 25 }));
    const first = await page(`/product/${item.id}`);
    const { apiCalls } = countApiCalls();
    expect((await page(`/product/${item.id}`)).body).toBe(first.body);
    expect(apiCalls()).toBe(0);
    // Later, the same page is sent and its answers are asked behind it (a change made
    // elsewhere, in another process, shows from the next request on).
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + KEPT_PAGE_TRUST_MS);
    expect((await page(`/product/${item.id}`)).body).toBe(first.body);
    await expect.poll(apiCalls).toBe(4);
    // A write in this process: the next request asks before sending, and sees the change.
    await updateItem(ctx.app, seller, item.id, { name: 'Trusted Tee', price: 35 });
    expect((await page(`/product/${item.id}`)).body).toContain('$35.00 CAD');
  });

  it('a kept page is trusted until a change is heard of: a catalog change event, made here or elsewhere, is one', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Quiet Tee', price: 25 }));
    const first = await page(`/product/${item.id}`);
    // A change no event tells of (written straight to the database) is not seen yet: the page
    // is sent as kept, without asking its answers, well past the old one-second trust.
    await ctx.database.db.execute(
      sql`update items set description = 'Changed quietly.' where id = ${item.id}`,
    );
    const { apiCalls } = countApiCalls();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + KEPT_PAGE_TRUST_MS / 2);
    expect((await page(`/product/${item.id}`)).body).toBe(first.body);
    expect(apiCalls()).toBe(0);
    // The catalog cache hears of the change (here a stock move, as a lapsed checkout makes,
    // or a message from another process): the page is sent and asked behind it, and the
    // next request sees the change.
    ctx.app.catalogCache.changed({ items: [], stockOf: [item.id] });
    expect((await page(`/product/${item.id}`)).body).toBe(first.body);
    await expect.poll(apiCalls).toBe(4);
    // The check behind it renders the page again once its answers are in: a request after that
    // sees the change (one made while it renders still gets the kept page).
    await expect
      .poll(async () => (await page(`/product/${item.id}`)).body)
      .toContain('Changed quietly.');
  });

  it('a kept page is asked again after the reconcile sweep says data changed; requests share one check', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Swept Tee', price: 25 }));
    const first = await page(`/product/${item.id}`);
    const { inject, apiCalls } = countApiCalls();
    expect((await page(`/product/${item.id}`)).body).toBe(first.body);
    expect(apiCalls()).toBe(0);
    ctx.app.pageDataChanged();
    expect((await page(`/product/${item.id}`)).body).toBe(first.body);
    await expect.poll(apiCalls).toBe(4);
    // After a write here, many requests for the page at once share one check before sending
    // (its four answers asked once).
    await ctx.app.inject({ method: 'POST', url: '/not-a-route' });
    inject.mockClear();
    const bodies = await Promise.all([1, 2, 3].map(() => page(`/product/${item.id}`)));
    for (const response of bodies) expect(response.body).toBe(first.body);
    expect(apiCalls()).toBe(4);
  });

  it('pages rendered at the same time each keep their own data, and see its changes', async () => {
    const seller = await sellerWithStore(ctx.app);
    const items = await Promise.all(
      [31, 32, 33].map((price) =>
        createItem(ctx.app, seller, validItem({ name: `Sock ${price}`, price })),
      ),
    );
    const all = () => Promise.all(items.map((item) => page(`/product/${item.id}`)));
    (await all()).forEach((response, i) => expect(response.body).toContain(`$${31 + i}.00 CAD`));
    await updateItem(ctx.app, seller, items[1]!.id, { name: 'Sock 32', price: 42 });
    const [first, second, third] = await all();
    expect(first!.body).toContain('$31.00 CAD');
    expect(second!.body).toContain('$42.00 CAD');
    expect(third!.body).toContain('$33.00 CAD');
  });

  it('escapes product text so it cannot close a script or open a tag', async () => {
    const attack = '</script><script>alert(1)</script><!--';
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Plain Tee', description: attack }),
    );
    const html = (await page(`/product/${item.id}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--</');
    // Still readable, unchanged, once parsed.
    const ldProduct = jsonLdOf(html).find((entry) => entry['@type'] === 'Product')!;
    expect(ldProduct.description).toBe(attack);
    const cached = ssrData(html).queries.queries.find(
      (query) => JSON.stringify(query.queryKey) === JSON.stringify(['product', item.id]),
    );
    expect((cached?.state.data as ItemDetail).description).toBe(attack);
  });

  it('a sold-out product is OutOfStock and has no ratings without reviews', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(
      ctx.app,
      seller,
      validItem({
        name: 'Gone Scarf',
        itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 0, isAvailable: true }],
      }),
    );
    const ldProduct = jsonLdOf((await page(`/product/${item.id}`)).body).find(
      (entry) => entry['@type'] === 'Product',
    )!;
    expect((ldProduct.offers as JsonLd).availability).toBe('https://schema.org/OutOfStock');
    expect(ldProduct.aggregateRating).toBeUndefined();
    expect(ldProduct.review).toBeUndefined();
  });

  it('has no aggregateRating when no review is a verified purchase', async () => {
    const item = await createItem(ctx.app, await sellerWithStore(ctx.app), validItem());
    await review(item, 1, 'A free account');
    const ldProduct = jsonLdOf((await page(`/product/${item.id}`)).body).find(
      (entry) => entry['@type'] === 'Product',
    )!;
    expect(ldProduct.aggregateRating).toBeUndefined();
    expect(ldProduct.review).toBeUndefined();
  });

  it('a missing product answers 404 with the not-found content, not to be indexed', async () => {
    for (const url of ['/product/987654', '/product/not-a-number']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Product not found.');
      expect(metaOf(response.body, 'robots')).toBe('noindex');
      expect(response.body).not.toContain('rel="canonical"');
    }
  });

  it('a server error while rendering answers 500 with the error page', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller);
    vi.spyOn(ctx.app.services.items, 'getPublic').mockRejectedValue(new Error('database down'));
    vi.spyOn(ctx.app.log, 'error').mockImplementation(() => undefined);
    const response = await page(`/product/${item.id}`);
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Unexpected Application Error!');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).toContain('<a href="/" class="btn btn-primary">Back to home</a>');
  });

  it('a server error on a French page answers the error page in French (issue 19)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller);
    vi.spyOn(ctx.app.services.items, 'getPublic').mockRejectedValue(new Error('database down'));
    vi.spyOn(ctx.app.log, 'error').mockImplementation(() => undefined);
    const response = await page(`/fr/product/${item.id}`);
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('<html lang="fr-CA"');
    expect(headTag(response.body, /<title>([^<]*)<\/title>/)).toBe(
      'Erreur inattendue de l’application! · LOCAL BRANDS',
    );
    expect(response.body).toContain(
      '<h1 class="page-title">Erreur inattendue de l’application!</h1>',
    );
    expect(response.body).not.toContain('Unexpected Application Error!');
    expect(response.body).toContain('<a href="/fr" class="btn btn-primary">Retour à l’accueil</a>');
  });
});

describe('a store page', () => {
  it('is titled and described from the store; a missing store is a 404', async () => {
    const seller = await sellerWithStore(ctx.app, { description: 'Knits from the coast.' });
    const store = await api<StorePublic>(
      `/api/store/public/${encodeURIComponent(seller.storeName)}`,
    );
    const response = await page(`/store/${encodeURIComponent(seller.storeName)}`);
    expect(response.statusCode).toBe(200);
    expect(headTag(response.body, /<title>([^<]*)<\/title>/)).toBe(`${store.name} · LOCAL BRANDS`);
    expect(metaOf(response.body, 'description')).toBe(store.description);
    expect(headTag(response.body, /<link rel="canonical" href="([^"]*)"/)).toBe(
      `${ORIGIN}/store/${encodeURIComponent(store.name)}`,
    );
    const missing = await page('/store/No%20Such%20Store');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
  });
});

describe('the catalog and the home page', () => {
  it('the catalog drops query parameters that do not change it from its canonical', async () => {
    const response = await page('/products?sort=price-asc&utm_source=x&category=women&page=2');
    expect(response.statusCode).toBe(200);
    expect(headTag(response.body, /<link rel="canonical" href="([^"]*)"/)).toBe(
      `${ORIGIN}/products?category=women&page=2`,
    );
    const crumbs = jsonLdOf(response.body).find((entry) => entry['@type'] === 'BreadcrumbList')!;
    expect((crumbs.itemListElement as JsonLd[]).map((step) => step.name)).toEqual([
      'Home',
      'Products',
      'Womenswear',
    ]);
  });

  it('the home page has Organization and WebSite with a SearchAction', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const ld = jsonLdOf(response.body);
    expect(ld.find((entry) => entry['@type'] === 'Organization')).toMatchObject({
      name: 'LOCAL BRANDS',
      url: `${ORIGIN}/`,
    });
    expect(ld.find((entry) => entry['@type'] === 'WebSite')).toMatchObject({
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/products?keyword={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('/home is a permanent redirect to /, keeping its query', async () => {
    const response = await page('/home?utm_source=x');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/?utm_source=x');
  });

  it('a browser gets the same page streamed, its lazy sections in place', async () => {
    const { item } = await productWithReviews('A jacket with a neighbour.');
    const neighbour = await createItem(
      ctx.app,
      await sellerWithStore(ctx.app),
      validItem({ name: 'Neighbour Coat' }),
    );
    for (const url of ['/about', '/', `/product/${item.id}`]) {
      const response = await page(url, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('id="ssr-data"');
      expect(response.body).toContain('<footer class="site-footer">');
      // The product page's related cards are a lazy section, drawn like the rest.
      if (url.startsWith('/product/')) {
        expect(response.body).toContain('YOU MAY ALSO LIKE...');
        expect(response.body).toContain(`href="/product/${neighbour.id}"`);
      }
      // No boundary sent after the shell: that takes an inline script, which the CSP forbids.
      expect(
        /<script>.{0,80}|<!--\$\?-->|<template id="B:/.exec(response.body)?.[0] ?? null,
      ).toBeNull();
    }
  });
});

describe('rendering once', () => {
  it('draws each public page in one render when its route declares its data, with nothing left to fetch', async () => {
    const seller = await sellerWithStore(ctx.app, { description: 'Linen from the valley.' });
    const item = await createItem(ctx.app, seller, validItem({ name: 'Valley Shirt', price: 60 }));
    const store = encodeURIComponent(seller.storeName);
    const declared = [
      '/',
      '/about',
      '/products',
      '/products?keyword=shirt&color=NAVY&sort=price-asc&page=2',
      `/product/${item.id}`,
      '/product/999999',
      '/storePage',
      '/storePage?cities=all',
      `/store/${store}`,
      `/store/${store}?sort=price-desc&page=2`,
      '/store/No%20Such%20Store',
      '/seller-home',
      '/login',
      '/signup',
      '/forgot-password',
    ];
    for (const [i, path] of declared.entries()) {
      // A parameter of no meaning, so that no page kept by an earlier test is sent instead.
      const url = `${path}${path.includes('?') ? '&' : '?'}ref=once${i}`;
      lastRendered = null;
      const response = await page(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect({
        url,
        renders: lastRendered!.renders?.(),
        complete: lastRendered!.complete?.(),
      }).toEqual({
        url,
        renders: 1,
        complete: true,
      });
    }
  });

  it('renders a route that declares no data in passes until every query it asks is fetched', async () => {
    lastRendered = null;
    const response = await page('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(lastRendered!.renders?.()).toBe(2);
    expect(lastRendered!.complete?.()).toBe(true);
  });
});

describe('the login page', () => {
  it('posts its form if sent before the page is hydrated: the password never goes in the URL', async () => {
    const html = (await page('/login')).body;
    const form = html.match(/<form[^>]*aria-label="Login"[^>]*>/)?.[0];
    expect(form).toContain('method="post"');
  });
});

describe('pages behind login', () => {
  it('stay client-rendered: index.html as built', async () => {
    for (const url of ['/shopping-bag', '/admin', '/user', '/checkout']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(template);
    }
  });
});

describe('isCrawler', () => {
  it('knows search engines and link previews from browsers', () => {
    expect(
      isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toBe(true);
    expect(isCrawler('facebookexternalhit/1.1')).toBe(true);
    expect(isCrawler('Slackbot-LinkExpanding 1.0')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148 Safari/604.1')).toBe(
      false,
    );
    expect(isCrawler(undefined)).toBe(false);
  });
});

describe('pageLinks', () => {
  it("links a page's chunk, what it imports and their CSS, but not what index.html links", () => {
    const manifest = {
      'index.html': { file: 'assets/index-a.js', css: ['assets/index-a.css'] },
      'src/app/routes/products.tsx': {
        file: 'assets/products-b.js',
        imports: ['index.html', '_card-c.js'],
        css: ['assets/products-b.css'],
      },
      '_card-c.js': { file: 'assets/card-c.js', css: ['assets/card-c.css'] },
    };
    const html = '<script src="/assets/index-a.js"></script><link href="/assets/index-a.css">';
    expect(pageLinks(manifest, ['src/app/routes/products.tsx'], html).split('\n    ')).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/products-b.css">',
      '<link rel="stylesheet" crossorigin href="/assets/card-c.css">',
      '<link rel="modulepreload" crossorigin href="/assets/products-b.js">',
      '<link rel="modulepreload" crossorigin href="/assets/card-c.js">',
    ]);
  });
});

describe('firstPaintHead and inlineStyleSheets', () => {
  const head = [
    '<head>',
    '<meta charset="UTF-8" />',
    '<script type="module" crossorigin src="/assets/index-a.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    '<link rel="stylesheet" crossorigin href="/assets/missing-d.css">',
    '</head>',
  ].join('\n');
  const css = (href: string) => (href === '/assets/index-c.css' ? 'body{margin:0}' : undefined);

  it('asks for the entry and its modules after the largest paint; carries the style sheets it can read inline', () => {
    expect(inlineStyleSheets(firstPaintHead(head, {}), css).split('\n')).toEqual([
      '<head>',
      '<meta charset="UTF-8" />',
      '<script defer src="/hydrate-after-paint.js" data-entry="/assets/index-a.js" data-modules="/assets/react-b.js"></script>',
      '<style data-href="/assets/index-c.css">body{margin:0}</style>',
      '<link rel="stylesheet" crossorigin href="/assets/missing-d.css">',
      '</head>',
    ]);
  });

  it("asks for the page's largest image before anything else", () => {
    const lines = firstPaintHead(head, { leadImage: '/uploads/a"b-400.webp' }).split('\n');
    expect(lines[2]).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/a&quot;b-400.webp">',
    );
  });

  it('leaves a style sheet that could close its element as a link, and the body alone', () => {
    expect(inlineStyleSheets(head, () => 'a{}</style><script>')).toBe(head);
    const body = '<body><link rel="stylesheet" crossorigin href="/assets/index-c.css"></body>';
    expect(inlineStyleSheets(`${head}${body}`, css)).toContain(body);
  });
});

describe('critical CSS inline', () => {
  it('a page carries the rules its classes match, streamed or kept, and not the others', async () => {
    for (let visit = 0; visit < 2; visit++) {
      const response = await page('/about', 'Mozilla/5.0');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(
        '<style data-href="/assets/index-abc.css">body{margin:0}.nav-link{max-width:1px}</style>',
      );
      expect(response.body).not.toContain('not-on-any-page');
    }
  });
});

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding(undefined)).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
  });

  it('a browser that accepts brotli gets the page compressed, rendered or kept', async () => {
    const headers = { 'user-agent': 'Mozilla/5.0', 'accept-encoding': 'gzip, br' };
    for (let i = 0; i < 2; i++) {
      const response = await ctx.app.inject({ method: 'GET', url: '/about', headers });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('</html>');
    }
  });
});
