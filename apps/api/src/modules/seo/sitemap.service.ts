import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { LOCALES, localizePath } from '@marketplace/shared';
import type { ItemsService } from '../items/items.service';
import type { StoresService } from '../stores/stores.service';

/** The sitemap protocol's limit per file (sitemaps.org): 50,000 URLs. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** The storefront's own pages a search engine should know (the catalog pages come from the data). */
const PAGES = ['/', '/products', '/storePage', '/about', '/seller-home'] as const;

/** Pages that are a shopper's own or a step of buying: nothing for a search engine there. */
const PRIVATE_PATHS = [
  '/shopping-bag',
  '/checkout',
  '/user',
  '/admin',
  '/operator',
  '/reset-password',
  '/revert-email',
] as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

interface SitemapUrl {
  path: string;
  lastModified?: Date;
}

/** A sitemap as sent: its XML, and the same gzipped for crawlers that accept it (5 MB → ~0.4 MB). */
export interface SitemapDocument {
  xml: Buffer;
  gzipped: Buffer;
}

interface Cached {
  document: SitemapDocument;
  until: number;
}

const gzipAsync = promisify(gzip);

export interface SitemapOptions {
  items: Pick<ItemsService, 'sitemapFiles' | 'sitemapProducts'>;
  stores: Pick<StoresService, 'sitemapEntries'>;
  /** The site's address as shoppers reach it (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  /** How long a generated file is served before it is made again (default 10 minutes). */
  ttlMs?: number;
  /** Tests cut product files smaller than the protocol's 50,000. */
  urlsPerFile?: number;
  now?: () => number;
}

/**
 * `/robots.txt` and the sitemaps (issue 18 item 5): a sitemap index pointing at a file of the
 * storefront's pages, one of the stores and as many product files as 50,000 products a file
 * take, each with `lastmod` from the data. Product files are cut by id ranges, so a file is one
 * primary-key range read. Each answer is kept `ttlMs`: crawlers ask often, products change
 * slowly, and a day-old `lastmod` costs nothing.
 */
export class SitemapService {
  private readonly cache = new Map<string, Cached>();
  private files:
    | { ranges: { firstId: number; lastId: number; lastModified: Date }[]; until: number }
    | undefined;
  private readonly ttlMs: number;
  private readonly perFile: number;
  private readonly now: () => number;

  constructor(private readonly options: SitemapOptions) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    // Every page is listed once per language (issue 19): a file holds that many fewer pages.
    this.perFile = Math.max(
      1,
      Math.floor((options.urlsPerFile ?? SITEMAP_URLS_PER_FILE) / LOCALES.length),
    );
    this.now = options.now ?? Date.now;
  }

  robots(): string {
    return [
      'User-agent: *',
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.options.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** GET /sitemap.xml: the index of every sitemap file. */
  index(): Promise<SitemapDocument> {
    return this.cached('index', async () => {
      const [files, stores] = await Promise.all([
        this.productFiles(),
        this.options.stores.sitemapEntries(),
      ]);
      const entries: SitemapUrl[] = [
        { path: '/sitemaps/pages.xml', lastModified: newest(files.map((f) => f.lastModified)) },
        { path: '/sitemaps/stores.xml', lastModified: newest(stores.map((s) => s.updatedAt)) },
        ...files.map((file, i) => ({
          path: `/sitemaps/products-${i + 1}.xml`,
          lastModified: file.lastModified,
        })),
      ];
      return this.document('sitemapindex', 'sitemap', entries);
    });
  }

  /** GET /sitemaps/{file}: `pages.xml`, `stores.xml` or `products-N.xml`; undefined for any other name. */
  async file(name: string): Promise<SitemapDocument | undefined> {
    if (name === 'pages.xml') {
      return this.cached(name, async () => {
        const lastModified = newest((await this.productFiles()).map((f) => f.lastModified));
        return this.urlset(PAGES.map((path) => ({ path, lastModified })));
      });
    }
    if (name === 'stores.xml') {
      return this.cached(name, async () => {
        const stores = await this.options.stores.sitemapEntries();
        return this.urlset(
          stores.slice(0, this.perFile).map((store) => ({
            path: `/store/${encodeURIComponent(store.name)}`,
            lastModified: store.updatedAt,
          })),
        );
      });
    }
    const number = /^products-([1-9]\d{0,5})\.xml$/.exec(name)?.[1];
    if (!number) return undefined;
    const file = (await this.productFiles())[Number(number) - 1];
    if (!file) return undefined;
    return this.cached(name, async () => {
      const products = await this.options.items.sitemapProducts(file.firstId, file.lastId);
      return this.urlset(
        products.map((product) => ({
          path: `/product/${product.id}`,
          lastModified: product.updatedAt,
        })),
      );
    });
  }

  /** The product files' id ranges, kept as long as the files themselves. */
  private async productFiles(): Promise<{ firstId: number; lastId: number; lastModified: Date }[]> {
    if (this.files && this.files.until > this.now()) return this.files.ranges;
    const ranges = await this.options.items.sitemapFiles(this.perFile);
    this.files = { ranges, until: this.now() + this.ttlMs };
    return ranges;
  }

  /**
   * Each page in every language (English unprefixed, French under /fr), each entry with the
   * page's hreflang alternates (Google's sitemap form of them), English as x-default.
   */
  private urlset(pages: SitemapUrl[]): string {
    const url = (path: string) => escapeXml(this.options.publicUrl + path);
    const lines = pages.flatMap(({ path, lastModified }) => {
      const alternates = [
        ...LOCALES.map((locale) => [locale, localizePath(path, locale)] as const),
        ['x-default', path] as const,
      ]
        .map(
          ([hreflang, href]) =>
            `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${url(href)}"/>`,
        )
        .join('');
      return LOCALES.map((locale) =>
        this.entry('url', localizePath(path, locale), lastModified, alternates),
      );
    });
    return this.wrap('urlset', lines);
  }

  private document(root: 'sitemapindex', entry: 'sitemap', urls: SitemapUrl[]) {
    return this.wrap(
      root,
      urls.map(({ path, lastModified }) => this.entry(entry, path, lastModified)),
    );
  }

  private entry(entry: 'url' | 'sitemap', path: string, lastModified?: Date, extra = ''): string {
    const loc = `<loc>${escapeXml(this.options.publicUrl + path)}</loc>`;
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `<${entry}>${loc}${lastmod}${extra}</${entry}>`;
  }

  private wrap(root: 'urlset' | 'sitemapindex', lines: string[]): string {
    const namespaces =
      root === 'urlset'
        ? 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"'
        : 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<${root} ${namespaces}>`,
      ...lines,
      `</${root}>`,
      '',
    ].join('\n');
  }

  /** The kept answer while fresh; else made again (two requests at once may both make it). */
  private async cached(key: string, make: () => Promise<string>): Promise<SitemapDocument> {
    const kept = this.cache.get(key);
    if (kept && kept.until > this.now()) return kept.document;
    const xml = Buffer.from(await make());
    const document = { xml, gzipped: await gzipAsync(xml) };
    this.cache.set(key, { document, until: this.now() + this.ttlMs });
    return document;
  }
}

function newest(dates: Date[]): Date | undefined {
  return dates.reduce<Date | undefined>(
    (max, date) => (max && max >= date ? max : date),
    undefined,
  );
}
