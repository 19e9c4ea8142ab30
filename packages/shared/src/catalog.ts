import { z } from 'zod';
import { CITIES, type City, type Currency } from './constants';
import { CATEGORIES, type Category } from './items';

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

const list = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

const lowercase = z.string().trim().toLowerCase().min(1).max(60);

const paging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
};

/** GET /item/public and /item/public/search (DESIGN 4). Repeatable filters take several values. */
export const catalogQuerySchema = z.object({
  keyword: z.string().trim().max(200).optional(),
  category: list(z.enum(CATEGORIES)),
  store: list(z.string().trim().min(1).max(60)),
  color: list(lowercase),
  size: list(z.string().trim().toUpperCase().min(1).max(10)),
  price: list(z.enum(PRICE_BANDS.map((b) => b.id) as [PriceBandId, ...PriceBandId[]])),
  minPrice: z.coerce.number().min(0).optional(),
  maxPrice: z.coerce.number().min(0).optional(),
  city: z.enum(CITIES).optional(),
  sort: z.enum(CATALOG_SORTS).default('featured'),
  ...paging,
});
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

export const storeItemsQuerySchema = z.object({
  sort: z.enum(STORE_ITEM_SORTS).default('featured'),
  ...paging,
});

export const itemIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

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
