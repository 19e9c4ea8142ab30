import { numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The built-in payment provider's own records (it plays Stripe's test mode). */
export const localPayments = pgTable('local_payments', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  orderId: uuid('order_id').notNull(),
  amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
