import { z } from 'zod';
import { msg } from '../i18n/msg';
import { filledMessage } from '../i18n/message-arguments';
import { CURRENCIES, PAYOUT_PERIOD_ANCHOR, PAYOUT_PERIOD_DAYS } from '../constants';

// GET /store/payouts's answer as zod schemas (the types are in payouts.ts, whose pure functions
// the seller pages use without loading zod).

export const payoutPeriodSchema = z.object({
  /** First day of the period (UTC), inclusive. */
  start: z.string(),
  /** The day after the last day (UTC), exclusive; the payout is sent that day. */
  end: z.string(),
});

export const payoutInputSchema = z.object({
  storeOrderId: z.string(),
  reference: z.string(),
  placedAt: z.string(),
  currency: z.enum(CURRENCIES),
  /** The brand's items in the order, at the prices paid. */
  gross: z.number(),
  /** What the buyer paid for this brand's parcel. */
  shippingCharged: z.number(),
  /** Money returned to the buyer for this store order (items first, then shipping), without its tax. */
  refunded: z.number(),
  /** The buyer's whole order total before tax: spec 9's reimbursement threshold reads it. */
  orderTotal: z.number(),
  /**
   * Sales tax charged on this store order less the tax refunded: the marketplace's liability,
   * shown beside the payout and never part of gross, commission or net (issue 15).
   */
  taxCollected: z.number().optional(),
});

export const payoutLineSchema = payoutInputSchema.extend({
  /** Sales the brand keeps: the items, less what was refunded. */
  sales: z.number(),
  /** 2.9 % + 30 cents of the sales, for the card payment provider. */
  paymentFee: z.number(),
  /** 17.1 % of the sales, for the marketplace. */
  marketplaceFee: z.number(),
  /** The 20 % commission (spec 9): paymentFee + marketplaceFee. */
  commission: z.number(),
  /** The buyer's shipping payment goes to the brand, which buys the label. */
  shippingCollected: z.number(),
  /** Spec 9: under $80 CAD / $70 USD, the marketplace pays half of the brand's shipping fee. */
  shippingReimbursement: z.number(),
  net: z.number(),
  /** Tax collected for this store order, net of refunds: the marketplace remits it, the brand never gets it. */
  taxCollected: z.number(),
  period: payoutPeriodSchema,
});

export const payoutPeriodTotalSchema = payoutPeriodSchema.extend({
  currency: z.enum(CURRENCIES),
  orders: z.number().int(),
  sales: z.number(),
  commission: z.number(),
  shipping: z.number(),
  net: z.number(),
});

// Issue 17 (listing fees, payouts that move money, statements) and issue 16.7 (refunds after a payout).

export const PAYOUT_ADJUSTMENT_KINDS = [
  /** Spec 9: the 21st and later product a store creates, $0.10 each. */
  'LISTING_FEE',
  /** A refund after its period was paid: taken from the brand's next payout (issue 16.7). */
  'REFUND_AFTER_PAYOUT',
  /** A refund after its period was paid, taken back from that payout's transfer (Stripe Connect). */
  'REFUND_REVERSED',
  /** An earlier period's net below zero (listing fees, refunds), taken from this one (decision 025). */
  'BALANCE_CARRIED',
] as const;

export const payoutAdjustmentSchema = z.object({
  kind: z.enum(PAYOUT_ADJUSTMENT_KINDS),
  /** When it happened (the product's creation, the refund). */
  date: z.string(),
  currency: z.enum(CURRENCIES),
  /** Signed: negative takes money from the brand. A REFUND_REVERSED line never enters a period's net. */
  amount: z.number(),
  /** What it is about: the product's name, the order's reference, or the period carried from. */
  description: z.string(),
  period: payoutPeriodSchema,
});

/** CARRIED: the net was below zero; nothing was sent, the next payout takes the balance. */
export const PAYOUT_STATUSES = ['PENDING', 'PAID', 'CARRIED'] as const;

export const payoutRecordSchema = z.object({
  status: z.enum(PAYOUT_STATUSES),
  /** What was sent; for CARRIED, the balance (negative or zero) carried into the next payout. */
  amount: z.number(),
  /** The bank transfer file's line or the Stripe transfer (tr_…); null until sent. */
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
});

export const payoutPeriodTotalsSchema = payoutPeriodTotalSchema.extend({
  /** Listing fees of the period (negative). */
  listingFees: z.number(),
  /** Refunds after an earlier payout, taken from this one (negative). */
  refundsAfterPayout: z.number(),
  /** An earlier period's net below zero, taken from this one (negative). */
  balanceCarried: z.number(),
  /** The payout of this period and currency once a run made it. */
  payout: payoutRecordSchema.nullable(),
});

export const storePayoutLedgerSchema = z.object({
  lines: z.array(payoutLineSchema),
  adjustments: z.array(payoutAdjustmentSchema),
  periods: z.array(payoutPeriodTotalsSchema),
});

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** The first payout date: the end of the first period, which starts on the anchor. */
const FIRST_PAYOUT_TIME = Date.parse(PAYOUT_PERIOD_ANCHOR) + PAYOUT_PERIOD_DAYS * DAY_MS;
const PAYOUT_DATE_EXAMPLES = [0, 1, 2]
  .map((n) => isoDay(FIRST_PAYOUT_TIME + n * PAYOUT_PERIOD_DAYS * DAY_MS))
  .join(', ')
  .replace(/, ([^,]+)$/, ', $1 and so on');

/** Says which dates are payout dates (issue 38.16): every 14 days from the first one. */
export const NOT_A_PAYOUT_DATE = msg(
  `Not a payout date: payout dates are every ${PAYOUT_PERIOD_DAYS} days from ${isoDay(FIRST_PAYOUT_TIME)} (${PAYOUT_DATE_EXAMPLES}).`,
);

/**
 * A real calendar day (YYYY-MM-DD, UTC; 2026-02-30 is not one) on the 14-day grid of periods
 * counted from the anchor, not before `first` (as a time).
 */
function isPeriodBoundary(date: string, first: number): boolean {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || isoDay(time) !== date || time < first) return false;
  const days = Math.round((time - Date.parse(PAYOUT_PERIOD_ANCHOR)) / DAY_MS);
  return days % PAYOUT_PERIOD_DAYS === 0;
}

/**
 * A payout date: the day a period ends (its exclusive `end`), as YYYY-MM-DD. The one rule for
 * the console, the API route and `npm run payouts:run`; a date not ended yet is the service's 409.
 */
export const payoutDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('Give the date as YYYY-MM-DD.'))
  .superRefine((date, ctx) => {
    if (isPeriodBoundary(date, FIRST_PAYOUT_TIME)) return;
    const nearest = nearestPayoutDates(date);
    if (!nearest) {
      ctx.addIssue({ code: 'custom', message: NOT_A_PAYOUT_DATE });
      return;
    }
    // A real day between two payout dates (issue 39.2): the two nearest, so nobody counts days.
    const { text, params } = filledMessage(NOT_A_PAYOUT_DATE_BETWEEN, nearest);
    ctx.addIssue({ code: 'custom', message: text, params });
  });

/** Says which payout dates are nearest a real day that is not one. */
export const NOT_A_PAYOUT_DATE_BETWEEN = msg(
  `Not a payout date: the nearest payout dates are {before} and {after} (every ${PAYOUT_PERIOD_DAYS} days).`,
);

/**
 * The payout dates just before and just after a real calendar day past the first payout date;
 * undefined for anything else (not a day, or before the first payout date).
 */
export function nearestPayoutDates(date: string): { before: string; after: string } | undefined {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || isoDay(time) !== date || time < FIRST_PAYOUT_TIME) return undefined;
  const length = PAYOUT_PERIOD_DAYS * DAY_MS;
  const before = FIRST_PAYOUT_TIME + Math.floor((time - FIRST_PAYOUT_TIME) / length) * length;
  return { before: isoDay(before), after: isoDay(before + length) };
}

export const payoutRunBodySchema = z.object({ period: payoutDateSchema });

export const payoutStatementParamsSchema = z.object({
  /** The period's first day. */
  start: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg('Give the date as YYYY-MM-DD.'))
    .refine(
      (date) => isPeriodBoundary(date, Date.parse(PAYOUT_PERIOD_ANCHOR)),
      'Not the first day of a payout period.',
    ),
});
export const payoutStatementQuerySchema = z.object({
  format: z.enum(['pdf', 'csv']).default('pdf'),
});

export const payoutRunStoreResultSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  /**
   * PAID: sent by this run; ALREADY_PAID: an earlier run sent it; CARRIED: the net (`amount`) is
   * below zero, nothing is sent and the brand's next payout takes it; SKIPPED, FAILED (sent again
   * by the next run): see reason.
   */
  outcome: z.enum(['PAID', 'ALREADY_PAID', 'CARRIED', 'SKIPPED', 'FAILED']),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
});

export const payoutRunSchema = z.object({
  id: z.string(),
  provider: z.enum(['local', 'stripe']),
  periodStart: z.string(),
  periodEnd: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /**
   * The name of the bank transfer file this run wrote (local provider), downloaded from
   * GET /operator/payouts/runs/{id}/file; never the server's path.
   */
  file: z.string().nullable(),
  results: z.array(payoutRunStoreResultSchema),
});

/**
 * What a run of a period would do for one brand and currency (issue 39.2), before any money
 * moves: TO_PAY is sent by the run; the other outcomes are the run's own.
 */
export const payoutPreviewLineSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  outcome: z.enum(['TO_PAY', 'ALREADY_PAID', 'CARRIED', 'SKIPPED']),
  reason: z.string().nullable(),
});

/** One period's preview: every brand's line, and per currency what the run sends to how many. */
export const payoutPreviewSchema = z.object({
  periodStart: z.string(),
  /** The payout date (the period's exclusive end), which the run is asked for. */
  periodEnd: z.string(),
  brands: z.array(payoutPreviewLineSchema),
  toPay: z.array(
    z.object({ currency: z.enum(CURRENCIES), amount: z.number(), brandCount: z.number().int() }),
  ),
});

/** GET /operator/payouts/due: the ended periods with money still to send, oldest first. */
export const duePayoutsSchema = z.object({
  periods: z.array(payoutPreviewSchema),
  /** The next payout date (the end of the period under way). */
  nextPayoutDate: z.string(),
});

export const payoutPreviewQuerySchema = z.object({ period: payoutDateSchema });
export const payoutRunParamsSchema = z.object({ id: z.uuid() });

export const payoutRunsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const PAYOUT_ACCOUNT_STATUSES = [
  'not_started',
  'details_needed',
  'verified',
  'payouts_enabled',
] as const;

export const payoutAccountSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  /** Stripe's connected account (acct_…), once made. */
  accountId: z.string().nullable(),
});

export const payoutOnboardingSchema = z.object({ url: z.string() });
