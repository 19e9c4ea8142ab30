import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '@marketplace/shared';
import { users } from './users';

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The brand's French description (issue 19); null when it wrote none. */
    descriptionFr: text('description_fr'),
    city: text('city').notNull(),
    /** The logo: shown on the store page and in Brands. */
    thumbnail: text('thumbnail'),
    /** A wide image across the top of the store page (issue 39.3); null: none. */
    banner: text('banner'),
    /** The brand's own words on shipping and on returns, on its store page (issue 39.3). */
    shippingNotes: text('shipping_notes').notNull().default(''),
    returnNotes: text('return_notes').notNull().default(''),
    /**
     * The name's look-alike keys (modules/stores/store-name-skeleton.ts). Null only for a store
     * opened before them whose key another store already had (the start-up backfill logs it).
     */
    nameSkeleton: text('name_skeleton'),
    nameSkeletonCased: text('name_skeleton_cased'),
    /** Where the brand ships from: the labels' sender (issue 16). Required before the first label. */
    shipFromAddress: jsonb('ship_from_address').$type<ShippingAddress>(),
    /** Where returns go; null: to the ship-from address. */
    returnAddress: jsonb('return_address').$type<ShippingAddress>(),
    /**
     * 'ACTIVE', 'PENDING' (STORE_APPROVAL=required: waits for an operator) or 'SUSPENDED'
     * (STORE_STATUSES, issue 17). Only an active store's products are listed.
     */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One store per user; store names are unique whatever their case (URLs carry the name).
    uniqueIndex('stores_owner_id_key').on(t.ownerId),
    uniqueIndex('stores_name_lower_key').on(sql`lower(${t.name})`),
    // Nor two names that look the same ("Maple Denim Co" and "Maple Denim Cо", Cyrillic о), or
    // that differ only by spacing or punctuation ("Maple Denim Co."; issue 39.5, migration 0039).
    uniqueIndex('stores_name_skeleton_key').on(t.nameSkeleton),
    uniqueIndex('stores_name_skeleton_cased_key').on(t.nameSkeletonCased),
    index('stores_city_idx').on(t.city),
    // The operator's brands list, by status and name (issue 17).
    index('stores_status_name_idx').on(t.status, sql`lower(${t.name})`),
    // Suggestions: store names by prefix, as a byte range (migration 0014).
    index('stores_name_prefix_idx').on(sql`(lower(${t.name}) collate "C")`),
  ],
);
