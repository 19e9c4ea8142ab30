import type { Cents, Currency, ShippingAddress } from '@marketplace/shared';

export type PaymentStatus = 'requires_payment' | 'succeeded' | 'canceled';

/** What the provider knows of a refund by its idempotency key: `missing` if it never got it. */
export type RefundStatus = 'succeeded' | 'failed' | 'missing';

/** `amount_changed`: the payment no longer asks for the amount the order holds (see confirm). */
export type CardOutcome = 'succeeded' | 'declined' | 'expired' | 'amount_changed';

export interface CreatedPayment {
  id: string;
  clientSecret: string;
}

/** Where the bag page sends the browser to pay, and the provider's id for that page if it made one. */
export interface HostedCheckout {
  url: string;
  sessionId?: string;
}

/** A payment that succeeded: what it charged, and the address the buyer gave on a hosted page. */
export interface HostedPayment {
  paymentId: string;
  /** What the provider says was charged: an order is placed only if this is its total. */
  amountCents: Cents;
  shippingAddress: ShippingAddress | null;
}

/**
 * What the orders module needs from a payment provider (DESIGN 1): `local`, built in, or
 * `stripe`. The order never trusts the browser about a payment: it asks paidAmount.
 * Amounts are integer cents, as everywhere inside the API (decision 052).
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  readonly publishableKey?: string;
  createPayment(input: {
    orderId: string;
    amountCents: Cents;
    currency: Currency;
  }): Promise<CreatedPayment>;
  /**
   * Changes what the payment will charge; false when it can no longer change (it was paid or
   * cancelled meanwhile). Called only under the order's payment lock (OrdersService).
   */
  updateAmount(paymentId: string, amountCents: Cents): Promise<boolean>;
  getStatus(paymentId: string): Promise<PaymentStatus>;
  /** What the payment charged once it succeeded; null while it has not (one call, not two). */
  paidAmount(paymentId: string): Promise<Cents | null>;
  cancel(paymentId: string): Promise<void>;
  /**
   * The bag page's checkout (spec 7: the browser navigates to its url). Only for an order whose
   * address and tax are known: the page charges `amountCents` as it is and ships to that address.
   */
  startHostedCheckout(input: {
    orderId: string;
    amountCents: Cents;
    currency: Currency;
    shippingAddress: ShippingAddress;
    successUrl?: string;
    cancelUrl?: string;
  }): Promise<HostedCheckout>;
  /** The hosted checkout's payment once it is paid, else null. */
  hostedPayment(sessionId: string): Promise<HostedPayment | null>;
  /** Closes a hosted checkout so it can no longer be paid (an abandoned or replaced order). */
  closeHostedCheckout(sessionId: string): Promise<void>;
  /** Returns money; the same idempotency key never refunds twice. */
  refund(input: { paymentId: string; amountCents: Cents; idempotencyKey: string }): Promise<void>;
  /** Looks a refund up by its idempotency key, for one whose answer was lost (a crash, a timeout). */
  refundStatus(input: { paymentId: string; idempotencyKey: string }): Promise<RefundStatus>;
  /**
   * A card step of the provider's own (DESIGN 4), taken by POST /payments/local/confirm: only
   * the built-in provider has one. Stripe's card numbers are typed into Stripe's frames and
   * never reach us, so it leaves this out and the route answers 404.
   */
  confirm?(
    paymentId: string,
    card: { number: string; expMonth: number; expYear: number },
    amountCents: Cents,
  ): Promise<CardOutcome>;
}
