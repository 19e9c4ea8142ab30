import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from './columns';
import { stores } from './stores';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });
const measure = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

export const items = pgTable(
  'items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Copies of the store's name and city, refreshed by the stores service when they change. */
    storeName: text('store_name').notNull(),
    storeCity: text('store_city').notNull(),
    name: text('name').notNull(),
    /** Plain text; paragraphs are separated by blank lines. Searchable with the name. */
    description: text('description').notNull().default(''),
    materials: text('materials').notNull().default(''),
    care: text('care').notNull().default(''),
    category: text('category').notNull(),
    price: money('price').notNull(),
    sale: percent('sale').notNull().default(0),
    /** The price a shopper pays (price less sale), kept for filtering and sorting by index. */
    salePrice: money('sale_price').notNull(),
    currency: text('currency').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isAvailable: boolean('is_available').notNull().default(false),
    thumbnail: text('thumbnail'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    width: measure('width').notNull(),
    length: measure('length').notNull(),
    height: measure('height').notNull(),
    weight: measure('weight').notNull(),
    dimensionUnit: text('dimension_unit').notNull().default('IMPERIAL'),
    /** Lower-case colours and sizes of the options, kept for filters and facets by index. */
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Whole words of name (A), tags, category, colours, sizes and store name (B), description
     * and materials (C) ('simple': no stemming).
     */
    search: tsvector('search').notNull(),
    /**
     * False when no listed option has stock left (issue 13: sold out), kept on the row by the
     * items repository whenever options or stock change, so the featured order can sort sold-out
     * products last from an index.
     */
    inStock: boolean('in_stock').notNull().default(true),
    /** Whether it is on sale, stored so the featured indexes have plain columns (migration 0017). */
    onSale: boolean('on_sale')
      .notNull()
      .generatedAlwaysAs(sql`sale > 0`),
    /**
     * Listed by its seller while its store is pending or suspended (issue 17): is_available is
     * held false meanwhile, so every public read and index keeps its one predicate, and
     * reinstating the store lists exactly these again.
     */
    withheld: boolean('withheld').notNull().default(false),
    /** Set when the seller deletes it: hidden everywhere, kept for orders that refer to it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('items_search_idx').using('gin', t.search),
    // The words of listed products' names alone, for the search box's suggestions (migration
    // 0025): the search vector's index also holds every category and store word, which a typed
    // prefix like "men" or a store's name matches in tens of thousands of rows.
    index('items_public_name_words_idx')
      .using('gin', sql`to_tsvector('simple', ${t.name})`)
      .where(sql`${t.isAvailable} and ${t.deletedAt} is null`),
    index('items_colors_idx').using('gin', t.colors),
    index('items_sizes_idx').using('gin', t.sizes),
    index('items_store_id_idx').on(t.storeId, t.createdAt),
    // Reinstating a store lists its withheld products again (issue 17).
    index('items_withheld_store_id_idx')
      .on(t.storeId)
      .where(sql`${t.withheld}`),
    index('items_public_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isAvailable} and ${t.deletedAt} is null`),
    // Featured order (the catalog's default sort), for the whole catalog and for one city.
    // Plain columns (on_sale is stored), so a deep page skips its offset in the index alone.
    index('items_public_featured_idx')
      .on(
        sql`${t.inStock} desc`,
        sql`${t.onSale} desc`,
        sql`${t.createdAt} desc`,
        sql`${t.id} desc`,
      )
      .where(sql`${t.isAvailable} and ${t.deletedAt} is null`),
    index('items_public_city_featured_idx')
      .on(
        t.storeCity,
        sql`${t.inStock} desc`,
        sql`${t.onSale} desc`,
        sql`${t.createdAt} desc`,
        sql`${t.id} desc`,
      )
      .where(sql`${t.isAvailable} and ${t.deletedAt} is null`),
    index('items_public_store_featured_idx')
      .on(
        t.storeId,
        sql`${t.inStock} desc`,
        sql`${t.onSale} desc`,
        sql`${t.createdAt} desc`,
        sql`${t.id} desc`,
      )
      .where(sql`${t.isAvailable} and ${t.deletedAt} is null`),
    index('items_public_sale_price_idx')
      .on(t.salePrice, t.id)
      .where(sql`${t.isAvailable} and ${t.deletedAt} is null`),
    // Suggestions: public product names by prefix, as a byte range (migration 0014).
    index('items_public_name_prefix_idx')
      .on(sql`(lower(${t.name}) collate "C")`, t.id)
      .where(sql`${t.isAvailable} and ${t.deletedAt} is null`),
    index('items_category_idx').on(t.category),
    index('items_store_name_idx').on(t.storeName),
    index('items_store_city_idx').on(t.storeCity),
  ],
);

export const itemOptions = pgTable(
  'item_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    price: money('price').notNull(),
    sale: percent('sale').notNull().default(0),
    count: integer('count').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [
    index('item_options_item_id_idx').on(t.itemId, t.position),
    // One option per colour and size. Migration 0012 makes it DEFERRABLE INITIALLY DEFERRED
    // (drizzle-kit cannot say so), so a save that swaps two options' colours is checked at commit.
    unique('item_options_item_color_size_key').on(t.itemId, t.color, t.size),
  ],
);

/**
 * Listed products counted per city and category (facet 'all'), and per store, colour, size and
 * whole dollar of the price paid: kept by triggers on items (migration 0017), read for the
 * totals and facets of lists filtered by nothing but city and category.
 */
export const catalogCounts = pgTable(
  'catalog_counts',
  {
    city: text('city').notNull(),
    category: text('category').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'catalog_counts_pkey', columns: [t.city, t.category, t.facet, t.value] }),
    index('catalog_counts_facet_idx').on(t.facet, t.city, t.category),
  ],
);
