import type { z } from 'zod';
import type {
  PAYOUT_ACCOUNT_STATUSES,
  payoutAccountSchema,
  duePayoutsSchema,
  payoutAdjustmentSchema,
  payoutPeriodTotalsSchema,
  payoutPreviewLineSchema,
  payoutPreviewSchema,
  payoutRecordSchema,
  payoutRunSchema,
  payoutRunStoreResultSchema,
  storePayoutLedgerSchema,
} from './payout-schemas';
import { msg } from '../i18n/msg';
import { LISTING_POLICY, PAYOUT_PERIOD_DAYS, type Currency } from '../constants';
import { fromCents, toCents } from '../money/cents';
import { payoutFor, payoutPeriodOf, type PayoutInput, type PayoutPeriod } from './payouts';
import { STATEMENT_MESSAGES } from '../document-messages';
import { fillMessage } from '../fill-message';

export type PayoutAdjustment = z.infer<typeof payoutAdjustmentSchema>;
export type PayoutRecord = z.infer<typeof payoutRecordSchema>;
export type PayoutPeriodTotals = z.infer<typeof payoutPeriodTotalsSchema>;
/** GET /store/payouts (issue 17): order lines, listing fees and late refunds, and each period's payout. */
export type StorePayoutLedger = z.infer<typeof storePayoutLedgerSchema>;
export type PayoutRun = z.infer<typeof payoutRunSchema>;
export type PayoutRunStoreResult = z.infer<typeof payoutRunStoreResultSchema>;
export type PayoutPreviewLine = z.infer<typeof payoutPreviewLineSchema>;
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;
export type DuePayouts = z.infer<typeof duePayoutsSchema>;
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

export const PAYOUT_MESSAGES = {
  notEnded: msg('This period has not ended yet: it can be paid from its payout date.'),
  runInProgress: msg(
    'Another payout run of this period is in progress: its result will be in the list of runs. If it stopped, try again in two minutes.',
  ),
  notOnboarded: msg('Not onboarded to Stripe payouts yet.'),
  detailsNeeded: msg('Stripe needs more details from the brand before paying it.'),
  payoutsDisabled: msg('Stripe has not enabled payouts for this brand yet.'),
  nothingToPay: msg('Nothing to pay: the period’s net is zero.'),
  carried: msg('The net is below zero: nothing is sent, and the brand’s next payout takes it.'),
  carriedToNextPayout: msg('Carried to the next payout'),
  onboardingLocal: msg('Payouts are sent by bank transfer: there is nothing to set up.'),
  statementEmpty: msg('Nothing happened in this period.'),
  payoutsFailed: msg('The payout could not be sent.'),
  statementFailed: msg('The statement could not be downloaded. Try again.'),
  onboardingFailed: msg('Stripe could not be reached to set up your payouts. Try again.'),
  accountFailed: msg('Your payout account could not be loaded.'),
  runFailed: msg('The payout run could not be started.'),
  runsFailed: msg('The payout runs could not be loaded.'),
  dueFailed: msg('The payouts due could not be loaded.'),
  noBankFile: msg('This run wrote no bank transfer file.'),
  bankFileFailed: msg('The bank transfer file could not be downloaded. Try again.'),
  setUpPayouts: msg('Set up payouts with Stripe'),
  continueSetup: msg('Continue setup with Stripe'),
  localAccount: msg('Payouts are sent to you by bank transfer on each payout date.'),
  accountStatus: {
    not_started: msg('Not set up'),
    details_needed: msg('Details needed'),
    verified: msg('Verified'),
    payouts_enabled: msg('Payouts enabled'),
  } satisfies Record<PayoutAccountStatus, string>,
  adjustment: {
    LISTING_FEE: msg('Listing fee'),
    REFUND_AFTER_PAYOUT: msg('Refund after payout'),
    REFUND_REVERSED: msg('Refund after payout, reversed from its transfer'),
    BALANCE_CARRIED: msg('Balance carried'),
  } satisfies Record<PayoutAdjustment['kind'], string>,
} as const;

/**
 * Spec 9 "the first 20 products are free, then 10 cents per posting": the fee of a store's
 * `number`th product creation (1-based; deleted products still count), in cents.
 */
export function listingFeeCents(number: number): number {
  return number > LISTING_POLICY.freeListings ? toCents(LISTING_POLICY.feePerListingAfterFree) : 0;
}

/** What makes a listing the product it is, for `isNewListing`. */
export interface ListingIdentity {
  name: string;
  price: number;
  options: readonly { color: string; size: string }[];
}

/**
 * Issue 38.9: an edit that changes a product's name, its price and every option (no colour and
 * size kept) lists another product in its place; it is a new listing, numbered and charged as
 * one (spec 9: the 21st listing on costs $0.10). Any one of them kept, it is the same listing.
 */
export function isNewListing(before: ListingIdentity, after: ListingIdentity): boolean {
  const name = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  const key = (o: { color: string; size: string }) => `${o.color}\u0000${o.size}`;
  const kept = new Set(before.options.map(key));
  return (
    name(before.name) !== name(after.name) &&
    toCents(before.price) !== toCents(after.price) &&
    !after.options.some((o) => kept.has(key(o)))
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period that ends (is paid) on `date` (YYYY-MM-DD, a payout date). */
export function periodEndingOn(date: string): PayoutPeriod {
  return payoutPeriodOf(new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS));
}

/** The period after `period`. */
export function nextPeriod(period: PayoutPeriod): PayoutPeriod {
  return payoutPeriodOf(`${period.end}T00:00:00Z`);
}

/** A carried balance's description in the ledger: "carried from 2026-11-09 to 2026-11-22". */
export function carriedFrom(period: PayoutPeriod): string {
  const lastDay = new Date(Date.parse(`${period.end}T00:00:00Z`) - DAY_MS).toISOString();
  return `carried from ${period.start} to ${lastDay.slice(0, 10)}`;
}

/** The later of two periods. */
const laterPeriod = (a: PayoutPeriod, b: PayoutPeriod) => (a.start >= b.start ? a : b);

export interface LateRefund {
  id: string;
  /** The refund without its tax. */
  amount: number;
  at: string;
}

/**
 * Refunds of a store order after its period was paid (issue 16.7): each one's cost to the brand
 * is what it takes off the order's net, given the refunds before it; the payout already counted
 * `input.refunded`. Amounts are negative.
 */
export function lateRefundDeltas(
  input: PayoutInput,
  late: LateRefund[],
): { id: string; amount: number; at: string }[] {
  let refundedCents: number = toCents(input.refunded);
  return [...late]
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    .map((refund) => {
      const before = payoutFor({ ...input, refunded: fromCents(refundedCents) }).net;
      refundedCents += toCents(refund.amount);
      const after = payoutFor({ ...input, refunded: fromCents(refundedCents) }).net;
      return { id: refund.id, amount: fromCents(toCents(after) - toCents(before)), at: refund.at };
    });
}

/** A late refund not settled yet is shown in the period after its order's, or its own if later. */
export function lateRefundPeriod(orderPlacedAt: string, refundAt: string): PayoutPeriod {
  return laterPeriod(nextPeriod(payoutPeriodOf(orderPlacedAt)), payoutPeriodOf(refundAt));
}

export interface PaidPeriod extends PayoutRecord {
  periodStart: string;
  currency: Currency;
}

/**
 * The Payouts tab and the statements: each period's order lines, listing fees, refunds after
 * payout (REFUND_REVERSED lines are shown but never counted) and balances carried from earlier
 * periods, and the payout a run made.
 */
export function payoutLedger(
  inputs: PayoutInput[],
  adjustments: PayoutAdjustment[],
  paid: PaidPeriod[],
): StorePayoutLedger {
  const lines = inputs.map(payoutFor).sort((a, b) => b.placedAt.localeCompare(a.placedAt));
  const sortedAdjustments = [...adjustments].sort((a, b) => b.date.localeCompare(a.date));
  type Sum = { period: PayoutPeriod; currency: Currency; orders: number; cents: number[] };
  const sums = new Map<string, Sum>();
  const sumOf = (period: PayoutPeriod, currency: Currency) => {
    const key = `${period.start}|${currency}`;
    let sum = sums.get(key);
    if (!sum) {
      sum = { period, currency, orders: 0, cents: [0, 0, 0, 0, 0, 0, 0] };
      sums.set(key, sum);
    }
    return sum;
  };
  for (const line of lines) {
    const sum = sumOf(line.period, line.currency);
    sum.orders += 1;
    [
      line.sales,
      line.commission,
      line.shippingCollected + line.shippingReimbursement,
      line.net,
    ].forEach((amount, index) => (sum.cents[index]! += toCents(amount)));
  }
  for (const adjustment of sortedAdjustments) {
    const sum = sumOf(adjustment.period, adjustment.currency);
    if (adjustment.kind === 'LISTING_FEE') sum.cents[4]! += toCents(adjustment.amount);
    if (adjustment.kind === 'REFUND_AFTER_PAYOUT') sum.cents[5]! += toCents(adjustment.amount);
    if (adjustment.kind === 'BALANCE_CARRIED') sum.cents[6]! += toCents(adjustment.amount);
  }
  const paidBy = new Map(paid.map((p) => [`${p.periodStart}|${p.currency}`, p]));
  const periods: PayoutPeriodTotals[] = [...sums.values()]
    .map(({ period, currency, orders, cents }) => {
      const record = paidBy.get(`${period.start}|${currency}`);
      return {
        ...period,
        currency,
        orders,
        sales: fromCents(cents[0]!),
        commission: fromCents(cents[1]!),
        shipping: fromCents(cents[2]!),
        listingFees: fromCents(cents[4]!),
        refundsAfterPayout: fromCents(cents[5]!),
        balanceCarried: fromCents(cents[6]!),
        net: fromCents(cents[3]! + cents[4]! + cents[5]! + cents[6]!),
        payout: record
          ? {
              status: record.status,
              amount: record.amount,
              reference: record.reference,
              paidAt: record.paidAt,
            }
          : null,
      };
    })
    .sort((a, b) => b.start.localeCompare(a.start) || a.currency.localeCompare(b.currency));
  return { lines, adjustments: sortedAdjustments, periods };
}

/** The statement's CSV (issue 17.7): one row per order line and adjustment, then the totals. */
export function statementCsv(
  ledger: StorePayoutLedger,
  period: PayoutPeriod,
  storeName: string,
  /** The reader's language (issue 19): the headings' words; English by default. */
  t: (message: string, values?: Record<string, unknown>) => string = fillMessage,
): string {
  const rows: (string | number)[][] = [t(STATEMENT_MESSAGES.csvHeadings).split(',')];
  const inPeriod = (p: PayoutPeriod) => p.start === period.start;
  for (const line of ledger.lines.filter((l) => inPeriod(l.period)).reverse()) {
    rows.push(
      [
        'order',
        line.placedAt.slice(0, 10),
        line.reference,
        line.currency,
        line.sales,
        line.refunded,
        -line.paymentFee,
        -line.marketplaceFee,
        line.shippingCollected,
        line.shippingReimbursement,
        0,
        0,
        0,
        line.taxCollected,
        line.net,
      ].map(money),
    );
  }
  for (const adjustment of ledger.adjustments.filter((a) => inPeriod(a.period)).reverse()) {
    const counted = adjustment.kind !== 'REFUND_REVERSED';
    rows.push(
      [
        adjustment.kind.toLowerCase(),
        adjustment.date.slice(0, 10),
        adjustment.description,
        adjustment.currency,
        0,
        0,
        0,
        0,
        0,
        0,
        adjustment.kind === 'LISTING_FEE' ? adjustment.amount : 0,
        adjustment.kind === 'REFUND_AFTER_PAYOUT' || adjustment.kind === 'REFUND_REVERSED'
          ? adjustment.amount
          : 0,
        adjustment.kind === 'BALANCE_CARRIED' ? adjustment.amount : 0,
        0,
        counted ? adjustment.amount : 0,
      ].map(money),
    );
  }
  for (const total of ledger.periods.filter((p) => inPeriod(p))) {
    rows.push(
      [
        'total',
        total.end,
        total.payout?.reference ?? '',
        total.currency,
        total.sales,
        '',
        '',
        -total.commission,
        total.shipping,
        '',
        total.listingFees,
        total.refundsAfterPayout,
        total.balanceCarried,
        '',
        total.net,
      ].map(money),
    );
  }
  const header = [
    csvField(
      `# ${t(STATEMENT_MESSAGES.csvTitle, { storeName, start: period.start, end: period.end })}`,
    ),
  ];
  return [...header, ...rows.map((row) => row.map(csvField).join(','))].join('\r\n') + '\r\n';
}

const money = (value: string | number) =>
  typeof value === 'number' ? (Object.is(value, -0) ? '0.00' : value.toFixed(2)) : value;

/** RFC 4180 quoting, and a leading apostrophe so no spreadsheet runs a cell as a formula. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Days in a payout period, for the copy. */
export const PAYOUT_DAYS = PAYOUT_PERIOD_DAYS;
