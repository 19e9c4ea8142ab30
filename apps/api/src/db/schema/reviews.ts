import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './items';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author's user name and public name ("Ada L."), written with the review. */
    userName: text('user_name').notNull(),
    displayName: text('display_name').notNull(),
    rating: smallint('rating').notNull(),
    fitScore: smallint('fit_score').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per user per item, enforced by the database even when requests race.
    uniqueIndex('reviews_item_id_user_id_key').on(t.itemId, t.userId),
    index('reviews_item_id_created_at_idx').on(t.itemId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_fit_score_range', sql`${t.fitScore} between 1 and 5`),
  ],
);
