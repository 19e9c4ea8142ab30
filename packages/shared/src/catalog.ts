import type { Category, City, Currency } from './constants';

/**
 * Issue 13: a product with no option left, on its card, its page and the store page. Here, not
 * in cart.ts, so the product card on the first page does not load the bag's zod schemas.
 */
export const SOLD_OUT_LABEL = 'Sold out';

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
  { id: '0-50', label: '$0-$50', min: 0, max: 50 },
  { id: '50-100', label: '$50-$100', min: 50, max: 100 },
  { id: '100-200', label: '$100-$200', min: 100, max: 200 },
  { id: '200+', label: '$200+', min: 200, max: undefined },
] as const;
export type PriceBandId = (typeof PRICE_BANDS)[number]['id'];

export const MAX_PAGE_SIZE = 100;

/**
 * Past this many matches a search's total is not counted exactly (decision 016): the API
 * sends this number with `X-Total-Capped: true`, and the catalog shows "1,000+ Products".
 */
export const CATALOG_COUNT_CAP = 1000;

/** A product in a list (spec 3 "Product (list)", plus what cards show). */
export interface ItemSummary {
  id: number;
  name: string;
  price: number;
  sale: number;
  salePrice: number;
  currency: Currency;
  thumbnail: string | null;
  store: string;
  category: Category;
  /** No listed option has stock left (issue 13): shown as "Sold out", sorted last in Featured. */
  soldOut: boolean;
}

export interface ItemOption {
  id: number;
  color: string;
  size: string;
  price: number;
  sale: number;
  /** What can still be bought (DESIGN 4). */
  count: number;
  isAvailable: boolean;
}

/** A product in full (spec 3 "Product / item (full)"). */
export interface ItemDetail extends ItemSummary {
  /** Plain text, paragraphs separated by blank lines; '' when the seller wrote none. */
  description: string;
  materials: string;
  care: string;
  tags: string[];
  isAvailable: boolean;
  images: string[];
  storeCity: City;
  createdAt: string;
  updatedAt: string;
  dimensions: {
    width: number;
    length: number;
    height: number;
    weight: number;
    unit: 'IMPERIAL' | 'METRIC';
  };
  itemOptions: ItemOption[];
}

/** What the navigation bar calls each category; the products page and suggestions use it too. */
export const CATEGORY_TITLES: Record<Category, string> = {
  men: 'Menswear',
  women: 'Womenswear',
  kids: 'Kidswear',
};

/** The search box's suggestions: at most this many, products, brands and categories together. */
export const SUGGEST_LIMIT = 6;
/** Longest text the search box asks suggestions for. */
export const SUGGEST_MAX_LENGTH = 60;

/** GET /item/public/suggest: what a suggestion opens is decided by its kind. */
export type Suggestion =
  | { kind: 'category'; value: Category; label: string }
  | { kind: 'brand'; value: string; label: string }
  | { kind: 'product'; value: number; label: string };

export interface FacetValue {
  value: string;
  count: number;
}

/** GET /item/public/facets: the filter values present in the current results, with counts. */
export interface CatalogFacets {
  category: FacetValue[];
  store: FacetValue[];
  color: FacetValue[];
  size: FacetValue[];
  price: FacetValue[];
}

/** How many products "YOU MAY ALSO LIKE..." shows (spec 2: four cards). */
export const RELATED_PRODUCTS_COUNT = 4;
/** A bag holds at most this many distinct products worth relating to (more are ignored). */
export const RELATED_MAX_SOURCES = 20;
