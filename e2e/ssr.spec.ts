import { expect, test, type Page } from '@playwright/test';
import { hydrated, productId } from './helpers';

// Issue 18: the public pages come from the server whole (content, head tags, JSON-LD), and the
// browser hydrates them without a mismatch and without asking for their data again.

type JsonLd = Record<string, unknown> & { '@type': string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as JsonLd);
}

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page: content, title, canonical, Open Graph, Organization and WebSite', async ({
    page,
  }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Discover Local Brands · LOCAL BRANDS');
    await expect(page.getByRole('heading', { name: /LOCAL BRANDS/ }).first()).toBeVisible();
    // The featured strip is drawn with its products, not skeletons.
    await expect(page.locator('.featured-strip__item a').first()).toBeVisible();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe('/');
    expect(await meta(page, 'og:title')).toBe('Discover Local Brands');
    const [organization, website] = await jsonLd(page);
    expect(organization?.['@type']).toBe('Organization');
    expect(website?.['@type']).toBe('WebSite');
    const action = website?.potentialAction as {
      urlTemplate?: string;
      target: { urlTemplate: string };
    };
    expect(action.target.urlTemplate).toMatch(/\/products\?keyword=\{search_term_string\}$/);
  });

  test('a product page: its name, price and picture, head tags and Product JSON-LD', async ({
    page,
    request,
  }) => {
    const id = await productId(request, 'Railtown');
    const product = (await (await request.get(`/api/item/public/${id}`)).json()) as {
      name: string;
      store: string;
      price: number;
      salePrice: number;
      sale: number;
      currency: string;
      description: string;
      soldOut: boolean;
    };
    const response = await page.goto(`/product/${id}?utm_source=newsletter`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${product.name} by ${product.store} · LOCAL BRANDS`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname + new URL(canonical!).search).toBe(`/product/${id}`);
    expect(await meta(page, 'og:title')).toBe(`${product.name} by ${product.store}`);
    expect(await meta(page, 'og:image')).toMatch(/^https?:\/\/.+\.webp$/);
    expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
    const image = await request.get(new URL((await meta(page, 'og:image'))!).pathname);
    expect(image.status()).toBe(200);
    const ld = await jsonLd(page);
    const ldProduct = ld.find((entry) => entry['@type'] === 'Product')!;
    expect(ldProduct.name).toBe(product.name);
    expect((ldProduct.brand as { name: string }).name).toBe(product.store);
    const offer = ldProduct.offers as Record<string, unknown>;
    const price = product.sale > 0 ? product.salePrice : product.price;
    expect(offer.price).toBe(price.toFixed(2));
    expect(offer.priceCurrency).toBe(product.currency);
    expect(offer.availability).toBe(
      product.soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    );
    expect(ld.find((entry) => entry['@type'] === 'BreadcrumbList')).toBeDefined();
  });

  test('the catalog: products listed, canonical without tracking or sort, BreadcrumbList', async ({
    page,
  }) => {
    const response = await page.goto('/products?category=women&sort=price-asc&utm_campaign=x');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Womenswear · LOCAL BRANDS');
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/\/products\?category=women$/);
    const crumbs = (await jsonLd(page)).find((entry) => entry['@type'] === 'BreadcrumbList')!;
    const names = (crumbs.itemListElement as { name: string }[]).map((step) => step.name);
    expect(names).toEqual(['Home', 'Products', 'Womenswear']);
  });

  test('a store page: its name and description', async ({ page }) => {
    const response = await page.goto('/store/Maple%20Denim%20Co');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Maple Denim Co · LOCAL BRANDS');
    await expect(page.getByRole('heading', { name: 'Maple Denim Co' }).first()).toBeVisible();
    expect(await meta(page, 'og:description')).toBeTruthy();
  });

  for (const [path, title, text] of [
    ['/about', 'About Us', 'We bring independent and local clothing brands together'],
    ['/storePage', 'Brands', 'Maple Denim Co'],
    ['/seller-home', 'Sell With Us', null],
    ['/login', 'Login', 'Login Now'],
    ['/signup', 'Create Account', null],
    ['/forgot-password', 'Forgot Password', null],
  ] as const) {
    test(`${path} is drawn on the server`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${title} · LOCAL BRANDS`);
      await expect(page.locator('main')).not.toBeEmpty();
      if (text) await expect(page.getByText(text).first()).toBeVisible();
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe(path);
      expect(await meta(page, 'og:url')).toBe(canonical);
    });
  }

  test('a missing product and a missing store answer 404 with the not-found page', async ({
    page,
  }) => {
    expect((await page.goto('/product/99999999'))?.status()).toBe(404);
    await expect(page.getByText('Product not found.').first()).toBeVisible();
    expect((await page.goto('/store/No%20Such%20Store'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('/home is a permanent redirect to /', async ({ request }) => {
    const response = await request.get('/home', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/');
  });
});

test('public pages hydrate without a warning and without asking for their data again', async ({
  page,
  request,
}) => {
  const id = await productId(request, 'Railtown');
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const dataRequests: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) dataRequests.push(url.pathname + url.search);
  });

  for (const path of [
    '/',
    '/products',
    `/product/${id}`,
    '/store/Maple%20Denim%20Co',
    '/storePage',
    '/about',
    '/login',
    '/signup',
    '/seller-home',
    '/product/99999999',
  ]) {
    dataRequests.length = 0;
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // The missing product's page is itself a 404, which the browser reports.
    const expected = path === '/product/99999999' ? [/status of 404/] : [];
    expect(problems.length, `${path}: ${problems.join('\n')}`).toBe(expected.length);
    expected.forEach((pattern, i) => expect(problems[i]).toMatch(pattern));
    problems.length = 0;
    // The product page's data, the catalog's page and the store came with the HTML.
    expect(
      dataRequests.filter((url) =>
        /^\/api\/(item\/public\/\d+$|item\/public\/search|store\/public\/|item\/public\?)/.test(
          url,
        ),
      ),
      path,
    ).toEqual([]);
  }
});

test('home, catalog, store and product pages hydrate without starting Intl', async ({
  page,
  request,
}) => {
  // The first use of Intl (a collator, a number or date format, toLocaleString) starts ICU:
  // tens of milliseconds of a phone's main thread before the page responds. These pages need
  // none of it: their limits, A-to-Z orders, prices and counts ("12 products", French too) are
  // written without it.
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(globalThis, { intlCalls: calls });
    const watch = (owner: object, key: string, name: string) => {
      const original = Reflect.get(owner, key) as (...args: unknown[]) => unknown;
      Reflect.set(owner, key, function (this: unknown, ...args: unknown[]) {
        calls.push(name);
        return original.apply(this, args);
      });
    };
    watch(Number.prototype, 'toLocaleString', 'Number.prototype.toLocaleString');
    watch(String.prototype, 'localeCompare', 'String.prototype.localeCompare');
    watch(Date.prototype, 'toLocaleString', 'Date.prototype.toLocaleString');
    watch(Date.prototype, 'toLocaleDateString', 'Date.prototype.toLocaleDateString');
    for (const kind of ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules'] as const) {
      const Original = Intl[kind];
      Reflect.set(
        Intl,
        kind,
        new Proxy(Original, {
          construct(target, args) {
            calls.push(`Intl.${kind}`);
            return Reflect.construct(target, args) as object;
          },
        }),
      );
    }
  });
  // A product no other test reviews: a page with reviews formats their dates with Intl, as it
  // must.
  const id = await productId(request, 'Fisherman Rib Beanie');
  const reviews = await request.get(`/api/item-review/item/${id}`);
  expect(await reviews.json(), 'the beanie has no reviews').toEqual([]);
  for (const path of [
    '/',
    '/products',
    '/products?category=women',
    `/product/${id}`,
    `/fr/product/${id}`,
    '/storePage',
    '/store/Maple%20Denim%20Co',
    '/fr/products',
    '/fr/store/Maple%20Denim%20Co',
  ]) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (globalThis as unknown as { intlCalls: string[] }).intlCalls),
      path,
    ).toEqual([]);
  }
});

test('a dismissed site notice stays hidden on a server-rendered page, without a hydration warning', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto('/about');
  await hydrated(page);
  await page.getByRole('button', { name: 'Dismiss site notice' }).click();
  await expect(page.getByRole('region', { name: 'Site notice' })).toHaveCount(0);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Site notice' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('a page paints with its critical CSS; its whole style sheets follow, in order', async ({
  page,
}) => {
  await page.goto('/about');
  await hydrated(page);
  // Each inline sheet (the rules this page's classes match) is followed by its whole file.
  const sheets = await page.evaluate(`[...document.querySelectorAll('style[data-href]')].map(
    (style) => [style.dataset.href, style.nextElementSibling?.getAttribute('href'),
      style.nextElementSibling?.sheet?.cssRules.length ?? 0, style.sheet.cssRules.length])`);
  expect((sheets as unknown[]).length).toBeGreaterThan(0);
  for (const [inline, whole, wholeRules, inlineRules] of sheets as [
    string,
    string,
    number,
    number,
  ][]) {
    expect(whole).toBe(inline);
    expect(wholeRules).toBeGreaterThan(inlineRules);
  }
  // A class the server's page did not carry is styled once the page is taken over: the
  // phone menu's open state.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
});

test('a signed-in shopper sees the bag count and account menu fill in after hydration', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('User name or email').fill('shopper');
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/about');
  await expect(page.getByRole('button', { name: /account|shopper/i }).first()).toBeVisible();
  expect(problems).toEqual([]);
});
