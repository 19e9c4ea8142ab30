import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cents } from './columns';

/** The built-in payment provider's own records (it plays Stripe's test mode). */
export const localPayments = pgTable('local_payments', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  orderId: uuid('order_id').notNull(),
  amount: cents('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in provider's refunds: the idempotency key makes a repeated refund a no-op. */
export const localRefunds = pgTable(
  'local_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => localPayments.id),
    amount: cents('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_refunds_payment_id_idx').on(t.paymentId)],
);
