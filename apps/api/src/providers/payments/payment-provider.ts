import type { Currency } from '@marketplace/shared';

export type PaymentStatus = 'requires_payment' | 'succeeded' | 'canceled';

export interface CreatedPayment {
  id: string;
  clientSecret: string;
}

/**
 * What the orders module needs from a payment provider (DESIGN 1): `local`, built in, or
 * `stripe`. The order never trusts the browser about a payment: it asks getStatus.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  readonly publishableKey?: string;
  createPayment(input: {
    orderId: string;
    amount: number;
    currency: Currency;
  }): Promise<CreatedPayment>;
  updateAmount(paymentId: string, amount: number): Promise<void>;
  getStatus(paymentId: string): Promise<PaymentStatus>;
  cancel(paymentId: string): Promise<void>;
  /** Where the bag page sends the browser to pay (a page of the web app for `local`). */
  checkoutUrl(input: { orderId: string; successUrl?: string; cancelUrl?: string }): Promise<string>;
}
