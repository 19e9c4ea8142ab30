import {
  CATEGORY_TITLES,
  formatMoneyIn,
  LOCALES,
  localizePath,
  type Locale,
  type MessageValues,
  msg,
  type ItemDetail,
  type ItemSummary,
  type Review,
  type ReviewSummary,
  type StorePublic,
} from '@marketplace/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '../lib/api-client';
import { scriptJson } from './ssr-data';
import { PRODUCT_MESSAGES } from '../features/product/messages';
import { englishTranslator } from '../i18n/catalogs';
import { productQueryKey } from '../features/product/api/get-product';
import { itemReviewsQueryKey } from '../features/reviews/api/get-item-reviews';
import { reviewSummaryQueryKey } from '../features/reviews/api/get-review-summary';
import { storeQueryKey } from '../features/stores/api/get-store';
import { catalogCategoryTitle, parseCatalogSearch } from '../features/catalog/utils/catalog-search';

export const SITE_NAME = 'LOCAL BRANDS';
export const DEFAULT_DESCRIPTION = msg('Shop clothing from independent local brands.');
/** Reviews published in a product's JSON-LD: a few, newest first. */
export const JSON_LD_REVIEWS = 3;
const DESCRIPTION_MAX = 160;

/** The server-rendered kinds of page (decision 024). */
export type PageKind =
  | { kind: 'home' }
  | { kind: 'about' }
  | { kind: 'products'; search: string }
  | { kind: 'product'; id: number | null }
  | { kind: 'stores' }
  | { kind: 'store'; storeId: string }
  | { kind: 'seller-home' }
  | { kind: 'login' }
  | { kind: 'signup' }
  | { kind: 'forgot-password' }
  | { kind: 'not-found' };

export interface HeadInput {
  page: PageKind;
  /** The site's address without a trailing slash (PUBLIC_URL). */
  origin: string;
  /** `<html lang>`, the URL's locale (issue 19: English unprefixed, 'fr-CA' under `/fr`). */
  lang: Locale;
  status: number;
  /** The page's language's messages (the server's translator); English as written without one. */
  t?: (message: string, values?: MessageValues) => string;
}

export interface PageHead {
  title: string;
  description: string;
  canonical: string | null;
  /** Open Graph and Twitter card properties, in order. */
  meta: { property?: string; name?: string; content: string }[];
  jsonLd: object[];
  robots?: string;
  /** The page in each language, and x-default (English): `<link rel="alternate" hreflang>`. */
  alternates: { hreflang: string; href: string }[];
}

/** Open Graph's spelling of a locale. */
const OG_LOCALE: Record<Locale, string> = { en: 'en_CA', 'fr-CA': 'fr_CA' };

/**
 * The same page in every language, from its English address: hreflang alternates (with
 * x-default, the unprefixed English page) that search engines follow from one to the others.
 */
export function localeAlternates(
  origin: string,
  englishUrl: string,
): { hreflang: string; href: string }[] {
  const path = englishUrl.startsWith(origin) ? englishUrl.slice(origin.length) || '/' : null;
  if (path === null) return [];
  return [
    ...LOCALES.map((locale) => ({
      hreflang: locale,
      href: `${origin}${localizePath(path, locale)}`,
    })),
    { hreflang: 'x-default', href: `${origin}${path}` },
  ];
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Plain text on one line, cut at a word near `max` characters. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  // No-break spaces stay: French prices keep "120,00 $" on one line.
  const flat = text.replace(/[^\S\u00a0\u202f]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The image pipeline (apps/api/src/providers/images) stores each upload as `<hash>.webp`, up
 * to 1600 px wide, beside the 400 px `<hash>-400.webp` that cards show: link previews and
 * search results get the large one (previews want 600 px and more).
 */
export function largeImage(url: string): string {
  return url.replace(/-400\.webp$/, '.webp');
}

const absolute = (origin: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** The catalog's query, with only what changes the list (filters, keyword, page) kept. */
export function catalogCanonical(origin: string, search: string): string {
  const { keyword, filters, page } = parseCatalogSearch(new URLSearchParams(search));
  const params = new URLSearchParams();
  if (keyword) params.set('keyword', keyword);
  for (const key of ['category', 'store', 'color', 'size', 'price'] as const) {
    for (const value of [...filters[key]].sort()) params.append(key, value);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `${origin}/products${query ? `?${query}` : ''}`;
}

/** The price a shopper pays now: the sale price while on sale. */
export const currentPrice = (item: ItemSummary) => (item.sale > 0 ? item.salePrice : item.price);

function breadcrumbs(origin: string, trail: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(origin, step.url),
    })),
  };
}

export function productJsonLd(
  origin: string,
  product: ItemDetail,
  summary: ReviewSummary | undefined,
  reviews: Review[] | undefined,
): object {
  const url = `${origin}/product/${product.id}`;
  const images = (product.images.length > 0 ? product.images : [product.thumbnail])
    .filter((image): image is string => Boolean(image))
    .map((image) => absolute(origin, largeImage(image)));
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    url,
    sku: String(product.id),
    name: product.name,
    description: product.description || product.name,
    category: CATEGORY_TITLES[product.category],
    brand: { '@type': 'Brand', name: product.store },
    image: images,
    offers: {
      '@type': 'Offer',
      url,
      price: currentPrice(product).toFixed(2),
      priceCurrency: product.currency,
      availability:
        product.isAvailable && !product.soldOut
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: {
        '@type': 'Organization',
        name: product.store,
        url: `${origin}/store/${encodeURIComponent(product.store)}`,
      },
    },
  };
  // Search engines show these beside the product: verified purchases only (issue 38, finding
  // 12), so that an account that never bought it cannot make it 1.0 there. The page itself
  // shows every review, and says how many are verified.
  if (summary && summary.verifiedCount > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: summary.verifiedAverageRating,
      reviewCount: summary.verifiedCount,
      bestRating: 5,
      worstRating: 1,
    };
    const latest = (reviews ?? [])
      .filter((review) => review.verifiedPurchase)
      .slice(0, JSON_LD_REVIEWS);
    if (latest.length > 0) {
      ld.review = latest.map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.displayName },
        datePublished: review.createdAt.slice(0, 10),
        reviewBody: review.comment,
        reviewRating: {
          '@type': 'Rating',
          ratingValue: review.rating,
          bestRating: 5,
          worstRating: 1,
        },
      }));
    }
  }
  return ld;
}

function homeJsonLd(origin: string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${origin}/#organization`,
      name: SITE_NAME,
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      description: DEFAULT_DESCRIPTION,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${origin}/#website`,
      name: SITE_NAME,
      url: `${origin}/`,
      publisher: { '@id': `${origin}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${origin}/products?keyword={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

const SIMPLE_PAGES = {
  about: {
    title: msg('About Us'),
    path: '/about',
    description: msg(
      'Why we bring independent and local clothing brands together in one place, and our policies.',
    ),
  },
  stores: {
    title: msg('Brands'),
    path: '/storePage',
    description: msg('The independent local clothing brands selling here, city by city.'),
  },
  'seller-home': {
    title: msg('Sell With Us'),
    path: '/seller-home',
    description: msg('Open a store for your clothing brand and sell to shoppers in your city.'),
  },
  login: {
    title: msg('Login'),
    path: '/login',
    description: msg('Log in with your user name or email.'),
  },
  signup: {
    title: msg('Create Account'),
    path: '/signup',
    description: msg('Create an account to shop clothing from independent local brands.'),
  },
  'forgot-password': {
    title: msg('Forgot Password'),
    path: '/forgot-password',
    description: msg('Get a link to choose a new password.'),
  },
} as const;

/** Title, description, canonical, preview tags and structured data of a page, from its data. */
export function pageHead(
  queryClient: QueryClient,
  {
    page,
    origin,
    lang,
    status,
    t = (message, values) => englishTranslator.t(message, values),
  }: HeadInput,
): PageHead {
  let title = t('Discover Local Brands');
  let description = t(DEFAULT_DESCRIPTION);
  let canonical: string | null = `${origin}/`;
  let image: string | null = null;
  let ogType = 'website';
  const jsonLd: object[] = [];
  const extraMeta: PageHead['meta'] = [];

  switch (page.kind) {
    case 'home':
      jsonLd.push(...homeJsonLd(origin));
      break;
    case 'products': {
      const search = parseCatalogSearch(new URLSearchParams(page.search));
      const category = catalogCategoryTitle(search.filters.category);
      title = search.keyword
        ? t('“{keyword}” in {category}', {
            keyword: search.keyword,
            category: category ?? t('Products'),
          })
        : (category ?? t('Products'));
      description = search.keyword
        ? t('{category} from independent local brands, matching “{keyword}”.', {
            category: category ?? t('Clothing'),
            keyword: search.keyword,
          })
        : t('{category} from independent local brands.', { category: category ?? t('Clothing') });
      canonical = catalogCanonical(origin, page.search);
      const trail = [
        { name: t('Home'), url: '/' },
        { name: t('Products'), url: '/products' },
      ];
      if (search.filters.category.length === 1 && category)
        trail.push({ name: category, url: `/products?category=${search.filters.category[0]}` });
      jsonLd.push(breadcrumbs(origin, trail));
      const list = queryClient
        .getQueryCache()
        .findAll({ queryKey: ['catalog', 'products'] })
        .map((query) => query.state.data as Page<ItemSummary> | undefined)
        .find((data) => data !== undefined);
      const first = list?.items.find((item) => item.thumbnail);
      if (first?.thumbnail) image = first.thumbnail;
      break;
    }
    case 'product': {
      const product =
        page.id === null
          ? undefined
          : queryClient.getQueryData<ItemDetail>(productQueryKey(page.id, lang));
      if (!product) {
        title = t(PRODUCT_MESSAGES.notFound);
        canonical = null;
        break;
      }
      const summary = queryClient.getQueryData<ReviewSummary>(reviewSummaryQueryKey(product.id));
      const reviews = queryClient.getQueryData<Review[]>([
        ...itemReviewsQueryKey(product.id),
        null,
      ]);
      const price = formatMoneyIn(lang, currentPrice(product), product.currency);
      const names = { product: product.name, store: product.store };
      title = t('{product} by {store}', names);
      description = summarize(
        `${t('{product} by {store}, {price}.', { ...names, price })}${product.description ? ` ${product.description}` : ''}`,
      );
      canonical = `${origin}/product/${product.id}`;
      image = product.images[0] ?? product.thumbnail;
      ogType = 'product';
      extraMeta.push(
        { property: 'product:price:amount', content: currentPrice(product).toFixed(2) },
        { property: 'product:price:currency', content: product.currency },
      );
      jsonLd.push(
        productJsonLd(origin, product, summary, reviews),
        breadcrumbs(origin, [
          { name: t('Home'), url: '/' },
          { name: t('Products'), url: '/products' },
          {
            name: CATEGORY_TITLES[product.category],
            url: `/products?category=${product.category}`,
          },
          { name: product.name, url: `/product/${product.id}` },
        ]),
      );
      break;
    }
    case 'store': {
      const store = queryClient.getQueryData<StorePublic>(storeQueryKey(page.storeId, lang));
      if (!store) {
        title = t('Page not found');
        canonical = null;
        break;
      }
      title = store.name;
      description = summarize(
        store.description || t('{store}, a local brand.', { store: store.name }),
      );
      canonical = `${origin}/store/${encodeURIComponent(store.name)}`;
      image = store.thumbnail;
      break;
    }
    case 'not-found':
      title = t('Page not found');
      canonical = null;
      break;
    default: {
      const simple = SIMPLE_PAGES[page.kind];
      title = t(simple.title);
      description = t(simple.description);
      canonical = `${origin}${simple.path}`;
    }
  }

  // Canonical URLs above are the English pages': each language's page is its own canonical.
  const alternates = canonical ? localeAlternates(origin, canonical) : [];
  canonical = alternates.find((alternate) => alternate.hreflang === lang)?.href ?? canonical;
  const fullTitle = `${title} · ${SITE_NAME}`;
  const meta: PageHead['meta'] = [
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: OG_LOCALE[lang] },
    { property: 'og:type', content: ogType },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  if (image) {
    const url = absolute(origin, largeImage(image));
    meta.push(
      { property: 'og:image', content: url },
      ...(url.endsWith('.webp') ? [{ property: 'og:image:type', content: 'image/webp' }] : []),
      { property: 'og:image:alt', content: title },
      { name: 'twitter:image', content: url },
    );
  }
  meta.push(...extraMeta);
  return {
    title: fullTitle,
    description,
    canonical,
    meta,
    jsonLd,
    robots: status >= 400 ? 'noindex' : undefined,
    alternates: status >= 400 ? [] : alternates,
  };
}

const jsonLdScript = (value: object) =>
  `<script type="application/ld+json">${scriptJson(value)}</script>`;

/** The tags for `<head>`, escaped. */
export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.robots) tags.push(`<meta name="robots" content="${head.robots}" />`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const { hreflang, href } of head.alternates)
    tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`);
  for (const tag of head.meta) {
    const key = tag.property ? `property="${tag.property}"` : `name="${tag.name ?? ''}"`;
    tags.push(`<meta ${key} content="${escapeHtml(tag.content)}" />`);
  }
  for (const value of head.jsonLd) tags.push(jsonLdScript(value));
  return tags.join('\n    ');
}
