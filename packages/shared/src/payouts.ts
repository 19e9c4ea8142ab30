import type { z } from 'zod';
import type {
  payoutInputSchema,
  payoutLineSchema,
  payoutPeriodSchema,
  payoutPeriodTotalSchema,
  storePayoutsSchema,
} from './payout-schemas';
import { COMMISSION, PAYOUT_PERIOD_ANCHOR, PAYOUT_PERIOD_DAYS, SHIPPING_POLICY } from './constants';
import { fromCents, toCents } from './money';

const DAY_MS = 24 * 60 * 60 * 1000;

export type PayoutPeriod = z.infer<typeof payoutPeriodSchema>;

/** Spec 9 "Payouts bi-weekly": fixed 14-day periods counted from PAYOUT_PERIOD_ANCHOR (a Monday). */
export function payoutPeriodOf(date: Date | string): PayoutPeriod {
  const anchor = Date.parse(PAYOUT_PERIOD_ANCHOR);
  const length = PAYOUT_PERIOD_DAYS * DAY_MS;
  const index = Math.floor((new Date(date).getTime() - anchor) / length);
  const start = anchor + index * length;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start: day(start), end: day(start + length) };
}

export type PayoutInput = z.infer<typeof payoutInputSchema>;
export type PayoutLine = z.infer<typeof payoutLineSchema>;

/** Spec 9's commission and shipping rules for one store order, in cents throughout. */
export function payoutFor(input: PayoutInput): PayoutLine {
  const grossCents = toCents(input.gross);
  const refundedCents = toCents(input.refunded);
  const salesCents = Math.max(0, grossCents - refundedCents);
  const shippingRefundedCents = Math.max(0, refundedCents - grossCents);
  const kept = salesCents > 0;
  const paymentFeeCents = kept
    ? Math.round(salesCents * COMMISSION.paymentFeeRate) + toCents(COMMISSION.paymentFeeFixed)
    : 0;
  const marketplaceFeeCents = Math.round(salesCents * COMMISSION.marketplaceRate);
  const shippingCollectedCents = Math.max(
    0,
    toCents(input.shippingCharged) - shippingRefundedCents,
  );
  const reimbursed =
    kept &&
    toCents(input.orderTotal) <
      toCents(SHIPPING_POLICY.sellerReimbursementThreshold[input.currency]);
  const reimbursementCents = reimbursed
    ? Math.round(
        toCents(SHIPPING_POLICY.flatRatePerBrand) * SHIPPING_POLICY.sellerReimbursementShare,
      )
    : 0;
  const commissionCents = paymentFeeCents + marketplaceFeeCents;
  return {
    ...input,
    sales: fromCents(salesCents),
    paymentFee: fromCents(paymentFeeCents),
    marketplaceFee: fromCents(marketplaceFeeCents),
    commission: fromCents(commissionCents),
    shippingCollected: fromCents(shippingCollectedCents),
    shippingReimbursement: fromCents(reimbursementCents),
    net: fromCents(salesCents - commissionCents + shippingCollectedCents + reimbursementCents),
    taxCollected: fromCents(toCents(input.taxCollected ?? 0)),
    period: payoutPeriodOf(input.placedAt),
  };
}

export type PayoutPeriodTotal = z.infer<typeof payoutPeriodTotalSchema>;
/** GET /store/payouts: each store order's payout and the totals of each period and currency, newest first. */
export type StorePayouts = z.infer<typeof storePayoutsSchema>;

export function summarizePayouts(inputs: PayoutInput[]): StorePayouts {
  const lines = inputs.map(payoutFor).sort((a, b) => b.placedAt.localeCompare(a.placedAt));
  const totals = new Map<string, PayoutPeriodTotal & { cents: number[] }>();
  for (const line of lines) {
    const key = `${line.period.start}|${line.currency}`;
    const total = totals.get(key) ?? {
      ...line.period,
      currency: line.currency,
      orders: 0,
      sales: 0,
      commission: 0,
      shipping: 0,
      net: 0,
      cents: [0, 0, 0, 0],
    };
    total.orders += 1;
    const add = [
      line.sales,
      line.commission,
      line.shippingCollected + line.shippingReimbursement,
      line.net,
    ];
    add.forEach((amount, index) => (total.cents[index]! += toCents(amount)));
    totals.set(key, total);
  }
  const periods = [...totals.values()]
    .map(({ cents, ...total }) => ({
      ...total,
      sales: fromCents(cents[0]!),
      commission: fromCents(cents[1]!),
      shipping: fromCents(cents[2]!),
      net: fromCents(cents[3]!),
    }))
    .sort((a, b) => b.start.localeCompare(a.start) || a.currency.localeCompare(b.currency));
  return { lines, periods };
}
