import { z } from 'zod';
import {
  CATALOG_SORTS,
  MAX_PAGE_SIZE,
  PRICE_BANDS,
  RELATED_MAX_SOURCES,
  STORE_ITEM_SORTS,
  SUGGEST_MAX_LENGTH,
  type PriceBandId,
} from './catalog';
import { CATEGORIES, CITIES } from './constants';

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

/** GET /item/public/suggest: the search box's text as typed so far. */
export const suggestQuerySchema = z.object({
  q: z.string().trim().min(1).max(SUGGEST_MAX_LENGTH),
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
