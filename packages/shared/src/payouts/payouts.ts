import type { z } from 'zod';
import type { payoutInputSchema, payoutLineSchema, payoutPeriodSchema } from './payout-schemas';
import {
  COMMISSION,
  PAYOUT_PERIOD_ANCHOR,
  PAYOUT_PERIOD_DAYS,
  SHIPPING_POLICY,
} from '../constants';
import { fromCents, toCents } from '../money/cents';

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
