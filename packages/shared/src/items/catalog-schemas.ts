import { z } from 'zod';
import {
  CATALOG_FILTER_KEYS,
  CATALOG_SORTS,
  MAX_CATALOG_FILTERS,
  MAX_PAGE_SIZE,
  PRICE_BANDS,
  RELATED_MAX_SOURCES,
  STORE_ITEM_SORTS,
  SUGGEST_MAX_LENGTH,
  tooManyFilters,
  type PriceBandId,
} from './catalog';
import { CATEGORIES, CITIES, CURRENCIES } from '../constants';

// The catalog's query rules as zod schemas, apart from catalog.ts so that the pages which list
// products do not load zod.

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

/**
 * GET /item/public, /item/public/search and /item/public/facets (DESIGN 4). Repeatable filters
 * take several values, MAX_CATALOG_FILTERS in all (extend it with `safeExtend`, which keeps the cap).
 */
export const catalogQuerySchema = z
  .object({
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
  })
  .superRefine((query, ctx) => {
    const count = CATALOG_FILTER_KEYS.reduce((sum, key) => sum + query[key].length, 0);
    if (count > MAX_CATALOG_FILTERS) {
      const { text, params } = tooManyFilters();
      ctx.addIssue({ code: 'custom', message: text, params, path: [] });
    }
  });
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

/**
 * GET /item/public/suggest: the search box's text as typed so far, and the shopper's city (as
 * search takes it): products and brands of that city only (issue 39.6).
 */
export const suggestQuerySchema = z.object({
  q: z.string().trim().min(1).max(SUGGEST_MAX_LENGTH),
  city: z.enum(CITIES).optional(),
});
export type SuggestQuery = z.output<typeof suggestQuerySchema>;

/**
 * GET /item/public/related: four real products like `item` (the product page's one, or the
 * bag's): same category, other brands, the shopper's `city` first, then bestsellers.
 */
export const relatedQuerySchema = z.object({
  item: list(
    z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  ).transform((ids) => [...new Set(ids)].sort((a, b) => a - b).slice(0, RELATED_MAX_SOURCES)),
  city: z.enum(CITIES).optional(),
});
export type RelatedQuery = z.output<typeof relatedQuerySchema>;

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

// The catalog's answers (their types are in catalog.ts). Documentation and tests read these; the
// API does not pass its answers through them (decision 018).

export const itemSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  sale: z.number(),
  salePrice: z.number(),
  currency: z.enum(CURRENCIES),
  thumbnail: z.string().nullable(),
  store: z.string(),
  category: z.enum(CATEGORIES),
  /** No listed option has stock left (issue 13): shown as "Sold out", sorted last in Featured. */
  soldOut: z.boolean(),
});

/** GET /item/public/city-counts: how many products match a search in each city (issue 39.6). */
export const cityCountsSchema = z.array(
  z.object({ city: z.enum(CITIES), count: z.number().int() }),
);

export const itemOptionViewSchema = z.object({
  id: z.number().int(),
  color: z.string(),
  size: z.string(),
  price: z.number(),
  sale: z.number(),
  /** What can still be bought (DESIGN 4). */
  count: z.number().int(),
  isAvailable: z.boolean(),
});

export const itemDetailSchema = itemSummarySchema.extend({
  /** Plain text, paragraphs separated by blank lines; '' when the seller wrote none. */
  description: z.string(),
  materials: z.string(),
  care: z.string(),
  tags: z.array(z.string()),
  isAvailable: z.boolean(),
  images: z.array(z.string()),
  storeCity: z.enum(CITIES),
  createdAt: z.string(),
  updatedAt: z.string(),
  dimensions: z.object({
    width: z.number(),
    length: z.number(),
    height: z.number(),
    weight: z.number(),
    unit: z.enum(['IMPERIAL', 'METRIC']),
  }),
  itemOptions: z.array(itemOptionViewSchema),
  /**
   * The brand's French texts as written (issue 19), in its owner's answers only (the product
   * form edits them); shoppers' answers carry their language's text in name, description and
   * materials instead.
   */
  nameFr: z.string().nullable().optional(),
  descriptionFr: z.string().nullable().optional(),
  materialsFr: z.string().nullable().optional(),
  careFr: z.string().nullable().optional(),
});

export const suggestionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('category'), value: z.enum(CATEGORIES), label: z.string() }),
  z.object({ kind: z.literal('brand'), value: z.string(), label: z.string() }),
  z.object({ kind: z.literal('product'), value: z.number().int(), label: z.string() }),
]);

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });

export const catalogFacetsSchema = z.object({
  category: z.array(facetValueSchema),
  store: z.array(facetValueSchema),
  color: z.array(facetValueSchema),
  size: z.array(facetValueSchema),
  price: z.array(facetValueSchema),
});

/** A product in a list (spec 3 "Product (list)", plus what cards show). */
export type ItemSummary = z.infer<typeof itemSummarySchema>;

export type ItemOption = z.infer<typeof itemOptionViewSchema>;

/** A product in full (spec 3 "Product / item (full)"). */
export type ItemDetail = z.infer<typeof itemDetailSchema>;

/** GET /item/public/suggest: what a suggestion opens is decided by its kind. */
export type Suggestion = z.infer<typeof suggestionSchema>;

export type FacetValue = z.infer<typeof facetValueSchema>;

/** GET /item/public/facets: the filter values present in the current results, with counts. */
export type CatalogFacets = z.infer<typeof catalogFacetsSchema>;
