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
    /** Hidden by an operator (issue 17): out of the product's lists, averages and fit advice. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
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

/**
 * A shopper's report of a review (issue 17): one per user per review. Open until an operator
 * hides or keeps the review, which resolves every open report of it.
 */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** 'HIDDEN' or 'KEPT' once an operator decided; null while the report waits. */
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_reports_review_id_user_id_key').on(t.reviewId, t.userId),
    // The console's queue: open reports, oldest first.
    index('review_reports_open_created_at_idx')
      .on(t.createdAt, t.reviewId)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
