import { z } from 'zod';
import { CURRENCIES } from './constants';

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

export const storePayoutsSchema = z.object({
  lines: z.array(payoutLineSchema),
  periods: z.array(payoutPeriodTotalSchema),
});
