import type { Category, City, Currency } from './constants';

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
