import type {
  Cents,
  Currency,
  TaxCalculation,
  TaxDestination,
  TaxableLine,
  TaxableShipping,
} from '@marketplace/shared';

/** One line's or one parcel's part of a reversal: its price and its recorded tax, in cents. */
export interface ReversedAmount {
  reference: string;
  amountCents: Cents;
  taxCents: Cents;
}

/** What a refund takes back: whole lines and, when refunded, whole parcels' shipping. */
export interface TaxReversal {
  orderId: string;
  /** Our refund's id: the reversal's idempotent reference. */
  refundId: string;
  /** What commit() answered for the order. */
  transactionId: string | null;
  currency: Currency;
  lines: ReversedAmount[];
  shipping: ReversedAmount[];
}

/**
 * What the orders module needs from a sales-tax provider (issue 15), beside PaymentProvider:
 * `builtin` (offline, the rates table in packages/shared) or `stripe` (Stripe Tax).
 * Amounts are integer cents (decision 052); a provider whose API takes decimals converts them.
 */
export interface TaxProvider {
  readonly name: 'builtin' | 'stripe';
  /** The tax of each line and each parcel's shipping, at the rates in force on `date`. */
  calculate(input: {
    orderId: string;
    currency: Currency;
    destination: TaxDestination;
    lines: TaxableLine[];
    shipping: TaxableShipping[];
    date: Date;
  }): Promise<TaxCalculation>;
  /**
   * The order was placed: the calculation becomes a recorded sale (Stripe Tax's transaction).
   * Idempotent by order id. Answers the provider's transaction id, null when it keeps none.
   */
  commit(input: {
    orderId: string;
    calculationReference: string | null;
  }): Promise<{ transactionId: string | null }>;
  /** A refund took lines (and maybe shipping) back: idempotent by refund id. */
  reverse(input: TaxReversal): Promise<{ reversalId: string | null }>;
}
