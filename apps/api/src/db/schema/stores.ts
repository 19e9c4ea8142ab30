import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    city: text('city').notNull(),
    thumbnail: text('thumbnail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One store per user; store names are unique whatever their case (URLs carry the name).
    uniqueIndex('stores_owner_id_key').on(t.ownerId),
    uniqueIndex('stores_name_lower_key').on(sql`lower(${t.name})`),
    index('stores_city_idx').on(t.city),
  ],
);
