import { describe, expect, it } from 'vitest';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { setupTestApp } from '../../../test/helper';
import { fakeWebBuild, loadWebServerEntry } from '../../../test/web-build';

// Issue 19: the same public pages in French under /fr, rendered by the web app's server entry.

const { webDist, template } = fakeWebBuild(['<title>LOCAL BRANDS</title>']);
const ctx = setupTestApp({ webDist, loadWebRenderer: loadWebServerEntry });
const ORIGIN = 'http://shop.test';

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Googlebot/2.1', ...headers } });

const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)" \/>/g)].map(
      (match) => [match[1], match[2]],
    ),
  );
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe('a French page (/fr/...)', () => {
  it('is French: <html lang="fr-CA">, its own canonical and the hreflang alternates', async () => {
    const response = await page('/fr/about');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr-CA">');
    expect(canonicalOf(response.body)).toBe(`${ORIGIN}/fr/about`);
    expect(alternatesOf(response.body)).toEqual({
      en: `${ORIGIN}/about`,
      'fr-CA': `${ORIGIN}/fr/about`,
      'x-default': `${ORIGIN}/about`,
    });
    expect(response.body).toContain('<meta property="og:locale" content="fr_CA" />');
    // The layout and the page in French, titled in French.
    expect(response.body).toContain('<title>À propos de nous · LOCAL BRANDS</title>');
    expect(response.body).toContain('>À propos de nous</h1>');
    for (const words of ['Mode homme', 'Mode femme', 'Vendez avec nous', 'Tous droits réservés.'])
      expect(response.body).toContain(words);
    expect(response.body).not.toContain('>Menswear<');
  });

  it('links inside the app keep the language', async () => {
    const html = (await page('/fr/products')).body;
    expect(html).toContain('href="/fr/products?category=men"');
    expect(html).toContain('href="/fr/about"');
    // The switch goes to the same page in English.
    expect(html).toMatch(/<a [^>]*href="\/products"[^>]*hreflang="en"/i);
  });

  it('a product page carries the brand’s French text, lang="fr-CA" and the alternates', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(
      ctx.app,
      seller,
      validItem({
        name: 'Saint-Laurent Coat',
        nameFr: 'Manteau Saint-Laurent',
        description: 'A warm wool coat.',
        descriptionFr: 'Un manteau de laine chaud.',
      }),
    );
    const response = await page(`/fr/product/${item.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr-CA">');
    expect(response.body).toContain('Manteau Saint-Laurent');
    expect(response.body).toContain('Un manteau de laine chaud.');
    expect(response.body).not.toContain('Saint-Laurent Coat');
    expect(response.body).not.toContain('A warm wool coat.');
    expect(response.body).toMatch(/<title>Manteau Saint-Laurent par [^<]+ · LOCAL BRANDS<\/title>/);
    expect(response.body).toMatch(
      /<meta name="description" content="Manteau Saint-Laurent par [^"]+, \d+,\d\d\u00a0\$ CAD\./,
    );
    expect(alternatesOf(response.body)).toEqual({
      en: `${ORIGIN}/product/${item.id}`,
      'fr-CA': `${ORIGIN}/fr/product/${item.id}`,
      'x-default': `${ORIGIN}/product/${item.id}`,
    });
  });

  it('the French home page is /fr; a missing page is a 404 in French too', async () => {
    const home = await page('/fr');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<html lang="fr-CA">');
    expect(canonicalOf(home.body)).toBe(`${ORIGIN}/fr`);
    expect((await page('/fr/home?x=1')).headers.location).toBe('/fr?x=1');
    const missing = await page('/fr/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="fr-CA">');
    expect(alternatesOf(missing.body)).toEqual({});
  });

  it('pages behind login stay client-rendered in French too', async () => {
    const response = await page('/fr/user');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(template);
  });
});

describe('an English page', () => {
  it('stays unprefixed, lang="en", with the same alternates', async () => {
    const response = await page('/about');
    expect(response.body).toContain('<html lang="en">');
    expect(canonicalOf(response.body)).toBe(`${ORIGIN}/about`);
    expect(alternatesOf(response.body)).toEqual({
      en: `${ORIGIN}/about`,
      'fr-CA': `${ORIGIN}/fr/about`,
      'x-default': `${ORIGIN}/about`,
    });
  });
});

describe('the home page, /', () => {
  it('sends a first visit from a French browser to /fr, keeping the query', async () => {
    const response = await page('/?utm_source=x', {
      'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/fr?utm_source=x');
    expect(response.headers.vary).toMatch(/accept-language/);
  });

  it('follows the language chosen on the device over the browser’s', async () => {
    const english = await page('/', {
      'accept-language': 'fr-CA,fr;q=0.9',
      cookie: 'theme=dark; locale=en',
    });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">');
    expect(english.headers.vary).toMatch(/cookie/);

    const french = await page('/', { 'accept-language': 'en-US', cookie: 'locale=fr-CA' });
    expect(french.statusCode).toBe(302);
    expect(french.headers.location).toBe('/fr');
  });

  it('stays English for an English or unknown browser', async () => {
    for (const language of ['en-CA,en;q=0.9', 'de-DE', '']) {
      const response = await page('/', language ? { 'accept-language': language } : {});
      expect(response.statusCode, language).toBe(200);
      expect(response.body, language).toContain('<html lang="en">');
    }
  });
});
