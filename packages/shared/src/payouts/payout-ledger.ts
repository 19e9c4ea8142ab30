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
import { asCents, formatCents, fromCents, sumCents, toCents, type Cents } from '../money/cents';
import {
  payoutFor,
  payoutLineView,
  payoutPeriodOf,
  type PayoutCentsInput,
  type PayoutCentsLine,
  type PayoutPeriod,
} from './payouts';
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
export function listingFeeCents(number: number): Cents {
  return number > LISTING_POLICY.freeListings ? LISTING_FEE_CENTS : asCents(0);
}

const LISTING_FEE_CENTS = toCents(LISTING_POLICY.feePerListingAfterFree);

/** What makes a listing the product it is, for `isNewListing`. */
export interface ListingIdentity {
  name: string;
  priceCents: Cents;
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
    before.priceCents !== after.priceCents &&
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
  amountCents: Cents;
  at: string;
}

/**
 * Refunds of a store order after its period was paid (issue 16.7): each one's cost to the brand
 * is what it takes off the order's net, given the refunds before it; the payout already counted
 * `input.refundedCents`. Amounts are negative.
 */
export function lateRefundDeltas(input: PayoutCentsInput, late: LateRefund[]): LateRefund[] {
  let refundedCents = input.refundedCents;
  return [...late]
    .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
    .map((refund) => {
      const before = payoutFor({ ...input, refundedCents }).netCents;
      refundedCents = sumCents(refundedCents, refund.amountCents);
      const after = payoutFor({ ...input, refundedCents }).netCents;
      return { id: refund.id, amountCents: asCents(after - before), at: refund.at };
    });
}

/** A late refund not settled yet is shown in the period after its order's, or its own if later. */
export function lateRefundPeriod(orderPlacedAt: string, refundAt: string): PayoutPeriod {
  return laterPeriod(nextPeriod(payoutPeriodOf(orderPlacedAt)), payoutPeriodOf(refundAt));
}

/** A payout a run froze (PAID, PENDING or CARRIED), in cents; the ledger's `payout`. */
export interface PayoutCentsRecord extends Omit<PayoutRecord, 'amount'> {
  /** What was sent; for CARRIED, the balance (negative or zero) carried into the next payout. */
  amountCents: Cents;
}

export interface PaidPeriod extends PayoutCentsRecord {
  periodStart: string;
  currency: Currency;
}

/** A ledger adjustment (listing fee, refund after payout, balance carried) in cents. */
export interface PayoutCentsAdjustment extends Omit<PayoutAdjustment, 'amount'> {
  /** Signed: negative takes money from the brand. A REFUND_REVERSED line never enters a period's net. */
  amountCents: Cents;
}

/** A period's totals in one currency, in cents (payoutPeriodTotalsSchema in dollars). */
export interface PayoutCentsPeriodTotals extends PayoutPeriod {
  currency: Currency;
  orders: number;
  salesCents: Cents;
  commissionCents: Cents;
  shippingCents: Cents;
  listingFeesCents: Cents;
  refundsAfterPayoutCents: Cents;
  balanceCarriedCents: Cents;
  netCents: Cents;
  payout: PayoutCentsRecord | null;
}

/** `payoutLedger`'s answer in cents; `payoutLedgerView` writes it as GET /store/payouts answers. */
export interface PayoutCentsLedger {
  lines: PayoutCentsLine[];
  adjustments: PayoutCentsAdjustment[];
  periods: PayoutCentsPeriodTotals[];
}

/**
 * The Payouts tab and the statements: each period's order lines, listing fees, refunds after
 * payout (REFUND_REVERSED lines are shown but never counted) and balances carried from earlier
 * periods, and the payout a run made.
 */
export function payoutLedger(
  inputs: PayoutCentsInput[],
  adjustments: PayoutCentsAdjustment[],
  paid: PaidPeriod[],
): PayoutCentsLedger {
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
      line.salesCents,
      line.commissionCents,
      line.shippingCollectedCents + line.shippingReimbursementCents,
      line.netCents,
    ].forEach((amount, index) => (sum.cents[index]! += amount));
  }
  for (const adjustment of sortedAdjustments) {
    const sum = sumOf(adjustment.period, adjustment.currency);
    if (adjustment.kind === 'LISTING_FEE') sum.cents[4]! += adjustment.amountCents;
    if (adjustment.kind === 'REFUND_AFTER_PAYOUT') sum.cents[5]! += adjustment.amountCents;
    if (adjustment.kind === 'BALANCE_CARRIED') sum.cents[6]! += adjustment.amountCents;
  }
  const paidBy = new Map(paid.map((p) => [`${p.periodStart}|${p.currency}`, p]));
  const periods: PayoutCentsPeriodTotals[] = [...sums.values()]
    .map(({ period, currency, orders, cents }) => {
      const record = paidBy.get(`${period.start}|${currency}`);
      const [sales, commission, shipping, net, listingFees, refundsAfterPayout, balanceCarried] =
        cents.map(asCents) as [Cents, Cents, Cents, Cents, Cents, Cents, Cents];
      return {
        ...period,
        currency,
        orders,
        salesCents: sales,
        commissionCents: commission,
        shippingCents: shipping,
        listingFeesCents: listingFees,
        refundsAfterPayoutCents: refundsAfterPayout,
        balanceCarriedCents: balanceCarried,
        netCents: sumCents(net, listingFees, refundsAfterPayout, balanceCarried),
        payout: record
          ? {
              status: record.status,
              amountCents: record.amountCents,
              reference: record.reference,
              paidAt: record.paidAt,
            }
          : null,
      };
    })
    .sort((a, b) => b.start.localeCompare(a.start) || a.currency.localeCompare(b.currency));
  return { lines, adjustments: sortedAdjustments, periods };
}

/**
 * GET /store/payouts's answer (storePayoutLedgerSchema): the ledger in the spec's dollars, the
 * one place its cents become dollars.
 */
export function payoutLedgerView(ledger: PayoutCentsLedger): StorePayoutLedger {
  return {
    lines: ledger.lines.map(payoutLineView),
    adjustments: ledger.adjustments.map((adjustment) => ({
      kind: adjustment.kind,
      date: adjustment.date,
      currency: adjustment.currency,
      amount: fromCents(adjustment.amountCents),
      description: adjustment.description,
      period: adjustment.period,
    })),
    periods: ledger.periods.map((total) => ({
      start: total.start,
      end: total.end,
      currency: total.currency,
      orders: total.orders,
      sales: fromCents(total.salesCents),
      commission: fromCents(total.commissionCents),
      shipping: fromCents(total.shippingCents),
      listingFees: fromCents(total.listingFeesCents),
      refundsAfterPayout: fromCents(total.refundsAfterPayoutCents),
      balanceCarried: fromCents(total.balanceCarriedCents),
      net: fromCents(total.netCents),
      payout: total.payout && {
        status: total.payout.status,
        amount: fromCents(total.payout.amountCents),
        reference: total.payout.reference,
        paidAt: total.payout.paidAt,
      },
    })),
  };
}

/**
 * The statement's CSV (issue 17.7): one row per order line and adjustment, then the totals.
 * Its amounts are written from cents as decimals with two places ("-3.20").
 */
export function statementCsv(
  ledger: PayoutCentsLedger,
  period: PayoutPeriod,
  storeName: string,
  /** The reader's language (issue 19): the headings' words; English by default. */
  t: (message: string, values?: Record<string, unknown>) => string = fillMessage,
): string {
  const rows: string[][] = [t(STATEMENT_MESSAGES.csvHeadings).split(',')];
  const inPeriod = (p: PayoutPeriod) => p.start === period.start;
  for (const line of ledger.lines.filter((l) => inPeriod(l.period)).reverse()) {
    rows.push(
      [
        'order',
        line.placedAt.slice(0, 10),
        line.reference,
        line.currency,
        line.salesCents,
        line.refundedCents,
        -line.paymentFeeCents,
        -line.marketplaceFeeCents,
        line.shippingCollectedCents,
        line.shippingReimbursementCents,
        0,
        0,
        0,
        line.taxCollectedCents,
        line.netCents,
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
        adjustment.kind === 'LISTING_FEE' ? adjustment.amountCents : 0,
        adjustment.kind === 'REFUND_AFTER_PAYOUT' || adjustment.kind === 'REFUND_REVERSED'
          ? adjustment.amountCents
          : 0,
        adjustment.kind === 'BALANCE_CARRIED' ? adjustment.amountCents : 0,
        0,
        counted ? adjustment.amountCents : 0,
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
        total.salesCents,
        '',
        '',
        -total.commissionCents,
        total.shippingCents,
        '',
        total.listingFeesCents,
        total.refundsAfterPayoutCents,
        total.balanceCarriedCents,
        '',
        total.netCents,
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

/** A CSV cell: cents as a decimal with two places (-0 as "0.00"), text as it is. */
const money = (value: string | number) =>
  typeof value === 'number' ? formatCents(asCents(value)) : value;

/** RFC 4180 quoting, and a leading apostrophe so no spreadsheet runs a cell as a formula. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Days in a payout period, for the copy. */
export const PAYOUT_DAYS = PAYOUT_PERIOD_DAYS;
