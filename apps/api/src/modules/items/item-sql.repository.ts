import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type CatalogQuery,
  type CatalogSort,
  type ItemOptionInput,
  type Locale,
  type StoreItemSort,
} from '@marketplace/shared';
import type { Db } from '../../db/client';
import { itemOptions, items } from '../../db/schema';
import { centsInSql } from '../../db/schema/columns';

/**
 * The items tables' columns, cards, orders and stock flags as SQL: the pieces the items
 * repository (items.repository.ts) composes its statements from.
 */

// Every column but the search vectors, the sort key and the cards, which only the database reads.
const {
  search: _search,
  searchFr: _searchFr,
  onSale: _onSale,
  card: _card,
  cardFr: _cardFr,
  ...itemColumns
} = getTableColumns(items);
export { itemColumns };

export type ItemRow = Omit<
  typeof items.$inferSelect,
  'search' | 'searchFr' | 'onSale' | 'card' | 'cardFr'
>;

/** What a product card shows (lists, searches, store pages): a third of the columns. */
export const summaryColumns = {
  id: items.id,
  name: items.name,
  nameFr: items.nameFr,
  priceCents: items.priceCents,
  sale: items.sale,
  salePriceCents: items.salePriceCents,
  currency: items.currency,
  thumbnail: items.thumbnail,
  storeName: items.storeName,
  category: items.category,
  inStock: items.inStock,
};
export type SummaryRow = Pick<ItemRow, keyof typeof summaryColumns>;

/** A brand's text in the reader's language, or the other one when it wrote only that (localizedText). */
export function localizedColumn(english: SQL | AnyPgColumn, french: AnyPgColumn, locale: Locale) {
  return locale === 'fr-CA'
    ? sql`coalesce(nullif(${french}, ''), ${english})`
    : sql`coalesce(nullif(${english}, ''), ${french}, '')`;
}

/**
 * A product card (ItemSummary) as JSON text, kept by the database on the row (migration 0032): a
 * page of cards reaches the API as one text value it sends as it is, with no rows to map and
 * no object to serialise.
 */
export const cardJson = (locale: Locale) => (locale === 'fr-CA' ? items.cardFr : items.card);

/** A time as Date.toISOString writes it (UTC, milliseconds). */
export const isoTime = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A product page (ItemDetail) written by the database as JSON, as the cards are: the service's
 * `toDetail` twin for a shopper of `locale`. Its card's fields are the stored card's (one
 * definition, migration 0032), the object's closing brace replaced by the page's other fields.
 * A change to ItemDetail must change both; the API tests read every field of a product page.
 */
export function detailJson(locale: Locale): SQL {
  const o = itemOptions;
  return sql`left(${cardJson(locale)}, -1) || ', ' || substr(json_build_object(
    'description', ${localizedColumn(items.description, items.descriptionFr, locale)},
    'materials', ${localizedColumn(items.materials, items.materialsFr, locale)},
    'care', ${localizedColumn(items.care, items.careFr, locale)}, 'tags', ${items.tags},
    'isAvailable', ${items.isAvailable} or ${items.withheld},
    'images', ${items.images}, 'storeCity', ${items.storeCity},
    'createdAt', ${isoTime(items.createdAt)}, 'updatedAt', ${isoTime(items.updatedAt)},
    'dimensions', json_build_object('width', ${items.width}::float8, 'length', ${items.length}::float8,
      'height', ${items.height}::float8, 'weight', ${items.weight}::float8, 'unit', ${items.dimensionUnit}),
    'itemOptions', coalesce((
      select json_agg(json_build_object('id', ${o.id}, 'color', ${o.color}, 'size', ${o.size},
        'price', ${o.priceCents}::float8, 'sale', ${o.sale}::float8, 'count', ${o.count},
        'isAvailable', ${o.isAvailable}) order by ${o.position})
      from ${o} where ${o.itemId} = ${items.id}), '[]'::json))::text, 2)`;
}

/** A page of cards, as the JSON text of an array in the page's order, and how many there are in all. */
export interface CardsPage {
  json: string;
  total: number;
  /** Where the page's first and last products stand in its order; absent when it is empty. */
  bounds?: { first: SortKey; last: SortKey };
}

/**
 * What the catalog's orders sort a product by, but names (sorted by the database's collation):
 * in stock, on sale, when it was created (in microseconds, as stored), its id, the price paid.
 */
export type SortKey = [
  inStock: boolean,
  onSale: boolean,
  createdAt: number,
  id: number,
  salePriceCents: number,
];

export const sortKey = sql`json_build_array(${items.inStock}, ${items.onSale}, (extract(epoch from ${items.createdAt}) * 1000000)::bigint, ${items.id}, ${centsInSql(items.salePriceCents)})`;
export type ItemOptionRow = typeof itemOptions.$inferSelect;
export type ItemWithOptions = ItemRow & {
  options: ItemOptionRow[];
  /** When it was created, in microseconds (its SortKey's). */
  createdAtMicros: number;
};

/** The item's own columns a write sets (the store copies and search vector are derived here). */
export type ItemValues = Pick<
  ItemRow,
  | 'name'
  | 'description'
  | 'materials'
  | 'care'
  | 'category'
  | 'priceCents'
  | 'sale'
  | 'salePriceCents'
  | 'currency'
  | 'tags'
  | 'isAvailable'
  | 'thumbnail'
  | 'images'
  | 'width'
  | 'length'
  | 'height'
  | 'weight'
  | 'dimensionUnit'
> &
  /** The brand's French texts (issue 19); left out (undefined): unchanged by an update. */
  Partial<Pick<ItemRow, 'nameFr' | 'descriptionFr' | 'materialsFr' | 'careFr'>>;

export interface StoreCopy {
  id: string;
  name: string;
  city: string;
  /** False while the store is pending or suspended (issue 17): a listed product is withheld. */
  listable?: boolean;
}

/** The seller's "available" becomes withheld, not listed, while the store may not list (issue 17). */
export function listing(store: StoreCopy, isAvailable: boolean) {
  const listed = isAvailable && store.listable !== false;
  return { isAvailable: listed, withheld: isAvailable && !listed };
}

// Written as the partial indexes' predicate, with no parameter, so every plan can use them.
export const publicItem = sql`${items.isAvailable} and ${items.deletedAt} is null`;

/**
 * Whole words, no stemming: 'men' is never a prefix or stem of 'women'. The long texts weigh
 * least, so a word in the name or tags still ranks above one in a description. The name alone
 * weighs A: the catalog index reads a name's words as the vector's of weight A.
 */
export function weightedSearchVector(name: SQL, rest: SQL, prose: SQL) {
  return sql`setweight(to_tsvector('simple', ${name}), 'A') || setweight(to_tsvector('simple', ${rest}), 'B') || setweight(to_tsvector('simple', ${prose}), 'C')`;
}

/** A product's search words from the values being written (weightedSearchVector). */
export function searchVector(
  values: Pick<ItemRow, 'name' | 'tags' | 'category' | 'description' | 'materials'>,
  colors: string[],
  sizes: string[],
  storeName: string,
) {
  const rest = [...values.tags, values.category, ...colors, ...sizes, storeName].join(' ');
  const prose = `${values.description} ${values.materials}`;
  return weightedSearchVector(sql`${values.name}`, sql`${rest}`, sql`${prose}`);
}

export function optionFacts(options: ItemOptionInput[]) {
  return {
    colors: [...new Set(options.map((o) => o.color.toLowerCase()))],
    sizes: [...new Set(options.map((o) => o.size.toLowerCase()))],
    inStock: options.some((o) => o.isAvailable && o.count > 0),
  };
}

/** The products whose stock moved, and those of them that sold out or came back. */
export interface StockMove {
  itemIds: number[];
  flippedIds: number[];
}

/**
 * Recomputes the sold-out flag of the items owning these options, after their stock moved
 * (one statement, by the option and item primary keys). Returns the items whose flag flipped,
 * so the caller knows which lists (not only product pages) changed.
 */
export async function refreshInStock(
  db: Pick<Db, 'update'>,
  optionIds: number[],
): Promise<number[]> {
  const stocked = sql`exists (select 1 from ${itemOptions} o where o.item_id = ${items.id} and o.is_available and o.count > 0)`;
  const flipped = await db
    .update(items)
    .set({ inStock: stocked })
    .where(
      and(
        inArray(
          items.id,
          sql`(select ${itemOptions.itemId} from ${itemOptions} where ${inArray(itemOptions.id, optionIds)})`,
        ),
        sql`${items.inStock} <> ${stocked}`,
      ),
    )
    .returning({ id: items.id });
  return flipped.map((row) => row.id);
}

export const catalogOrder: Record<CatalogSort, SQL[]> = {
  // Featured: what is on sale first, then the newest listings.
  // Sold-out products after the rest (issue 13); the featured indexes lead with in_stock.
  featured: [desc(items.inStock), desc(items.onSale), desc(items.createdAt), desc(items.id)],
  'price-asc': [asc(items.salePriceCents), asc(items.id)],
  'price-desc': [desc(items.salePriceCents), desc(items.id)],
  newest: [desc(items.createdAt), desc(items.id)],
};

export const storeOrder: Record<StoreItemSort, SQL[]> = {
  featured: catalogOrder.featured,
  'price-asc': catalogOrder['price-asc'],
  'price-desc': catalogOrder['price-desc'],
  'name-asc': [asc(sql`lower(${items.name})`), asc(items.id)],
  'name-desc': [desc(sql`lower(${items.name})`), desc(items.id)],
};

export type CatalogFilters = Omit<CatalogQuery, 'sort' | 'page' | 'pageSize'>;

/** Prepared once per connection: the product page is the catalog's busiest read. */
export const prepareItemWithOptions = (db: Db) =>
  db
    .select({
      ...itemColumns,
      options: sql<ItemOptionRow[]>`coalesce((
        select json_agg(json_build_object(
          'id', o.id, 'itemId', o.item_id, 'position', o.position, 'color', o.color,
          'size', o.size, 'priceCents', ${centsInSql(sql`o.price`)}, 'sale', o.sale, 'count', o.count,
          'isAvailable', o.is_available) order by o.position)
        from ${itemOptions} o where o.item_id = ${items}.id), '[]'::json)`,
      createdAtMicros:
        sql<number>`(extract(epoch from ${items.createdAt}) * 1000000)::bigint`.mapWith(Number),
    })
    .from(items)
    .where(and(eq(items.id, sql.placeholder('id')), isNull(items.deletedAt)))
    .limit(1)
    .prepare('item_with_options');
