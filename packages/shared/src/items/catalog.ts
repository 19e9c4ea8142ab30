import type { Category } from '../constants';
import { filledMessage } from '../i18n/message-arguments';
import { msg } from '../i18n/msg';

/**
 * Issue 13: a product with no option left, on its card, its page and the store page. Here, not
 * in cart.ts, so the product card on the first page does not load the bag's zod schemas.
 */
export const SOLD_OUT_LABEL = msg('Sold out');

export const CATALOG_SORTS = ['featured', 'price-asc', 'price-desc', 'newest'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** Store page orders (spec 2): applied on the server. */
export const STORE_ITEM_SORTS = [
  'featured',
  'price-asc',
  'price-desc',
  'name-asc',
  'name-desc',
] as const;
export type StoreItemSort = (typeof STORE_ITEM_SORTS)[number];

/** Spec 4's price bands, on the price a shopper pays. `max` is exclusive. */
export const PRICE_BANDS = [
  { id: '0-50', label: msg('$0-$50'), min: 0, max: 50 },
  { id: '50-100', label: msg('$50-$100'), min: 50, max: 100 },
  { id: '100-200', label: msg('$100-$200'), min: 100, max: 200 },
  { id: '200+', label: msg('$200+'), min: 200, max: undefined },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];

export const MAX_PAGE_SIZE = 100;

/** The catalog's repeatable filters (spec 4's five lists), as query parameters. */
export const CATALOG_FILTER_KEYS = ['category', 'store', 'color', 'size', 'price'] as const;
/**
 * Filter values one search, its facets or one products page may ask for, all lists together
 * (issue 38, finding 7): far more than a shopper ticks, far less than the ~1,000 a 16 KB request
 * line holds, each of which cost the search and the page's render.
 */
export const MAX_CATALOG_FILTERS = 40;
const TOO_MANY_FILTERS = msg('A search can use at most {max} filters. Remove some and try again.');
/** 400: more filter values than MAX_CATALOG_FILTERS, filled in English with what translates it. */
export const tooManyFilters = () => filledMessage(TOO_MANY_FILTERS, { max: MAX_CATALOG_FILTERS });

/** How many filter values a query string (of a search or a products page) asks for. */
export function catalogFilterCount(params: URLSearchParams): number {
  return CATALOG_FILTER_KEYS.reduce((count, key) => count + params.getAll(key).length, 0);
}

// The answers' shapes and their types are in catalog-schemas.ts (the OpenAPI document reads
// the schemas; the pages showing products import only the types, so they do not load zod).

/** What the navigation bar calls each category; the products page and suggestions use it too. */
export const CATEGORY_TITLES: Record<Category, string> = {
  men: msg('Menswear'),
  women: msg('Womenswear'),
  kids: msg('Kidswear'),
};

/** The search box's suggestions: at most this many, products, brands and categories together. */
export const SUGGEST_LIMIT = 6;
/** Longest text the search box asks suggestions for. */
export const SUGGEST_MAX_LENGTH = 60;

/** How many products "YOU MAY ALSO LIKE..." shows (spec 2: four cards). */
export const RELATED_PRODUCTS_COUNT = 4;
/** A bag holds at most this many distinct products worth relating to (more are ignored). */
export const RELATED_MAX_SOURCES = 20;
