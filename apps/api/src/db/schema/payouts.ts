import { asCents, type Cents } from '@marketplace/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './items';
import { storeOrderRefunds, storeOrders } from './orders';
import { stores } from './stores';

// The payouts module's tables (issue 17 items 5-7, issue 16 item 7). Money in integer cents.

/**
 * Every listing a store made, numbered (deleted products keep their row), with the listing fee
 * spec 9 charges from the 21st on. Written in the product's own insert transaction, and again
 * in an edit that makes the product a new listing (issue 38.9: name, price and options changed).
 */
export const listingFees = pgTable(
  'listing_fees',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** 1 for the store's first product creation. */
    number: integer('number').notNull(),
    itemName: text('item_name').notNull(),
    currency: text('currency').notNull(),
    feeCents: integer('fee_cents').$type<Cents>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A number is taken once per store (creations are numbered under a lock per store).
    primaryKey({ name: 'listing_fees_store_id_number_pk', columns: [t.storeId, t.number] }),
    index('listing_fees_item_id_idx').on(t.itemId),
    index('listing_fees_store_id_created_at_idx').on(t.storeId, t.createdAt),
    // A payout run reads every store's fees of one period.
    index('listing_fees_created_at_idx').on(t.createdAt),
  ],
);

/** A payout run (`npm run payouts:run`, the console's button): one period, every store. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    /** Each store's outcome, as the run reported it. */
    results: jsonb('results').notNull().default([]),
    /** The bank transfer file written (local provider). */
    file: text('file'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('payout_runs_started_at_idx').on(t.startedAt.desc())],
);

/**
 * The run that holds a period (issue 38.1): one row per period, taken before any transfer or
 * file, so two runs of one period never overlap. The holder renews `expiresAt` as it goes; a
 * run that died leaves a claim that goes stale and the next run takes it over.
 */
export const payoutRunClaims = pgTable('payout_run_claims', {
  periodStart: text('period_start').primaryKey(),
  runId: uuid('run_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * What a store is paid for one period and currency: at most one row, ever. Its amount is frozen
 * when the row is written (PENDING); a rerun sends that same amount under the same idempotency
 * key until it is PAID. A net below zero is frozen as CARRIED (its negative amount), never sent:
 * the brand's next payout takes it (payout_carries).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    /** The bank file's reference or the Stripe transfer id. */
    reference: text('reference'),
    runId: uuid('run_id').references(() => payoutRuns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_store_id_period_start_currency_key').on(
      t.storeId,
      t.periodStart,
      t.currency,
    ),
    index('payouts_run_id_idx').on(t.runId),
    // A run looks for the negative balances of earlier periods no payout has taken yet.
    index('payouts_carried_period_start_idx')
      .on(t.periodStart)
      .where(sql`${t.status} = 'CARRIED'`),
    // A run, and the console's payouts due, look for the payouts a stopped run left PENDING.
    index('payouts_pending_period_start_idx')
      .on(t.periodStart)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/**
 * A CARRIED payout's negative balance, taken by a later payout of the same store and currency:
 * once (the primary key), written with the later payout in its freeze transaction.
 */
export const payoutCarries = pgTable(
  'payout_carries',
  {
    fromPayoutId: uuid('from_payout_id')
      .primaryKey()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    intoPayoutId: uuid('into_payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    /** The balance carried (negative). */
    amountCents: bigint('amount_cents', { mode: 'number' }).$type<Cents>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_carries_into_payout_id_idx').on(t.intoPayoutId)],
);

/** The store orders a payout paid, with the refunds (without tax) it had counted. */
export const payoutLines = pgTable(
  'payout_lines',
  {
    storeOrderId: uuid('store_order_id')
      .primaryKey()
      .references(() => storeOrders.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).$type<Cents>().notNull(),
  },
  (t) => [index('payout_lines_payout_id_idx').on(t.payoutId)],
);

/**
 * Refunds a payout settled: COUNTED in its order's line; or, after the order's payout, REVERSED
 * from that payout's transfer or CARRIED into (taken from) a later payout (issue 16.7).
 */
export const payoutRefunds = pgTable(
  'payout_refunds',
  {
    refundId: uuid('refund_id')
      .primaryKey()
      .references(() => storeOrderRefunds.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What it took from the brand's net (negative); 0 for COUNTED. */
    amountCents: bigint('amount_cents', { mode: 'number' })
      .$type<Cents>()
      .notNull()
      .default(asCents(0)),
    /** Stripe's transfer reversal (trr_…), for REVERSED. */
    reversalId: text('reversal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_refunds_payout_id_idx').on(t.payoutId)],
);

/** A store's Stripe Connect Express account and its status (kept by account.updated). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    storeId: uuid('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    status: text('status').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_accounts_account_id_key').on(t.accountId)],
);

/**
 * A store's bank details for the local provider's bank file (issue 39.3): the holder and the
 * numbers in `details`, AES-256-GCM with BANK_DETAILS_KEY (bank-details-cipher.ts); only the
 * account's last 4 digits are kept in the clear, for the masked answer.
 */
export const payoutBankAccounts = pgTable('payout_bank_accounts', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  country: text('country').notNull(),
  details: text('details').notNull(),
  accountLast4: text('account_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
