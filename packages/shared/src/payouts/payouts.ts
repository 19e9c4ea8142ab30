import type { z } from 'zod';
import type { payoutLineSchema, payoutPeriodSchema } from './payout-schemas';
import {
  COMMISSION,
  PAYOUT_PERIOD_ANCHOR,
  PAYOUT_PERIOD_DAYS,
  SHIPPING_POLICY,
  type Currency,
} from '../constants';
import { asCents, fromCents, toCents, type Cents } from '../money/cents';

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

export type PayoutLine = z.infer<typeof payoutLineSchema>;

/**
 * One store order as the payout calculation reads it (decision 052): its amounts in cents,
 * straight from the orders tables. The JSON answer's dollars are `payoutLineView`'s.
 */
export interface PayoutCentsInput {
  storeOrderId: string;
  reference: string;
  placedAt: string;
  currency: Currency;
  /** The brand's items in the order, at the prices paid. */
  grossCents: Cents;
  /** What the buyer paid for this brand's parcel. */
  shippingChargedCents: Cents;
  /** Money returned to the buyer for this store order (items first, then shipping), without its tax. */
  refundedCents: Cents;
  /** The buyer's whole order total before tax: spec 9's reimbursement threshold reads it. */
  orderTotalCents: Cents;
  /** Sales tax charged on this store order less the tax refunded (never part of the payout). */
  taxCollectedCents?: Cents;
}

/** `payoutFor`'s answer: the input and spec 9's split of it, in cents (see payoutLineSchema). */
export interface PayoutCentsLine extends PayoutCentsInput {
  salesCents: Cents;
  paymentFeeCents: Cents;
  marketplaceFeeCents: Cents;
  commissionCents: Cents;
  shippingCollectedCents: Cents;
  shippingReimbursementCents: Cents;
  netCents: Cents;
  taxCollectedCents: Cents;
  period: PayoutPeriod;
}

const PAYMENT_FEE_FIXED_CENTS = toCents(COMMISSION.paymentFeeFixed);
const FLAT_RATE_PER_BRAND_CENTS = toCents(SHIPPING_POLICY.flatRatePerBrand);

/** Spec 9's commission and shipping rules for one store order, in cents throughout. */
export function payoutFor(input: PayoutCentsInput): PayoutCentsLine {
  const { grossCents, refundedCents } = input;
  const salesCents = Math.max(0, grossCents - refundedCents);
  const shippingRefundedCents = Math.max(0, refundedCents - grossCents);
  const kept = salesCents > 0;
  const paymentFeeCents = kept
    ? Math.round(salesCents * COMMISSION.paymentFeeRate) + PAYMENT_FEE_FIXED_CENTS
    : 0;
  const marketplaceFeeCents = Math.round(salesCents * COMMISSION.marketplaceRate);
  const shippingCollectedCents = Math.max(0, input.shippingChargedCents - shippingRefundedCents);
  const reimbursed =
    kept &&
    input.orderTotalCents < toCents(SHIPPING_POLICY.sellerReimbursementThreshold[input.currency]);
  const reimbursementCents = reimbursed
    ? Math.round(FLAT_RATE_PER_BRAND_CENTS * SHIPPING_POLICY.sellerReimbursementShare)
    : 0;
  const commissionCents = paymentFeeCents + marketplaceFeeCents;
  return {
    ...input,
    salesCents: asCents(salesCents),
    paymentFeeCents: asCents(paymentFeeCents),
    marketplaceFeeCents: asCents(marketplaceFeeCents),
    commissionCents: asCents(commissionCents),
    shippingCollectedCents: asCents(shippingCollectedCents),
    shippingReimbursementCents: asCents(reimbursementCents),
    netCents: asCents(salesCents - commissionCents + shippingCollectedCents + reimbursementCents),
    taxCollectedCents: input.taxCollectedCents ?? asCents(0),
    period: payoutPeriodOf(input.placedAt),
  };
}

/** A payout line as GET /store/payouts writes it: the spec's dollars (payoutLineSchema). */
export function payoutLineView(line: PayoutCentsLine): PayoutLine {
  return {
    storeOrderId: line.storeOrderId,
    reference: line.reference,
    placedAt: line.placedAt,
    currency: line.currency,
    gross: fromCents(line.grossCents),
    shippingCharged: fromCents(line.shippingChargedCents),
    refunded: fromCents(line.refundedCents),
    orderTotal: fromCents(line.orderTotalCents),
    taxCollected: fromCents(line.taxCollectedCents),
    sales: fromCents(line.salesCents),
    paymentFee: fromCents(line.paymentFeeCents),
    marketplaceFee: fromCents(line.marketplaceFeeCents),
    commission: fromCents(line.commissionCents),
    shippingCollected: fromCents(line.shippingCollectedCents),
    shippingReimbursement: fromCents(line.shippingReimbursementCents),
    net: fromCents(line.netCents),
    period: line.period,
  };
}
