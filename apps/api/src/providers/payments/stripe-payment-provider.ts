import Stripe from 'stripe';
import {
  asCents,
  orderReference,
  shippingAddressSchema,
  type Cents,
  type Currency,
  type ShippingAddress,
} from '@marketplace/shared';
import type {
  CreatedPayment,
  HostedCheckout,
  HostedPayment,
  PaymentProvider,
  PaymentStatus,
  RefundStatus,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Verifies POST /payments/stripe/webhook; without it the webhook is refused. */
  webhookSecret?: string;
  /** Absolute base of the return addresses of Stripe Checkout (the API receives site paths). */
  publicUrl: string;
  /** Tests point the client at a local server that answers like Stripe's API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** What a verified webhook event tells the orders module: which order to look at again. */
export interface PaymentEvent {
  type: string;
  orderId: string | null;
}

/** The Connect transfer group of an order's payment: the platform charges, brands get transfers. */
export const transferGroupOf = (orderId: string) => `order-${orderId}`;

/** Stripe Checkout pages stay payable for at least 30 minutes; abandoned orders close theirs. */
const HOSTED_CHECKOUT_MINUTES = 30;

/**
 * Stripe (DESIGN 1): a PaymentIntent per order for the Payment Element on /checkout, a
 * Checkout Session for the bag page's hosted checkout, refunds by idempotency key, and
 * webhook verification on the raw body. Every write carries an idempotency key so a retried
 * request never makes a second intent, session or refund.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.publishableKey = settings.publishableKey;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'local-brands-marketplace' },
      ...settings.api,
    });
  }

  async createPayment(input: {
    orderId: string;
    amountCents: Cents;
    currency: Currency;
  }): Promise<CreatedPayment> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        metadata: { orderId: input.orderId },
        // Separate charges and transfers (issue 17): the brands' payouts are sent as transfers.
        transfer_group: transferGroupOf(input.orderId),
      },
      { idempotencyKey: `order-${input.orderId}-intent` },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async updateAmount(paymentId: string, amountCents: Cents): Promise<boolean> {
    try {
      await this.stripe.paymentIntents.update(paymentId, { amount: amountCents });
      return true;
    } catch (error) {
      // Stripe refuses to change a paid or cancelled intent: that is an answer, not a failure.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const intent = await this.stripe.paymentIntents.retrieve(paymentId);
      if (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation')
        throw error;
      return false;
    }
  }

  async paidAmount(paymentId: string): Promise<Cents | null> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    return intent.status === 'succeeded' ? asCents(intent.amount_received) : null;
  }

  async getStatus(paymentId: string): Promise<PaymentStatus> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    if (intent.status === 'succeeded') return 'succeeded';
    return intent.status === 'canceled' ? 'canceled' : 'requires_payment';
  }

  async cancel(paymentId: string): Promise<void> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') return;
    await this.stripe.paymentIntents.cancel(paymentId);
  }

  async startHostedCheckout(input: {
    orderId: string;
    amountCents: Cents;
    currency: Currency;
    shippingAddress: ShippingAddress;
    successUrl?: string;
    cancelUrl?: string;
  }): Promise<HostedCheckout> {
    // The checkout page (no return addresses) pays with the Payment Element instead.
    if (!input.successUrl || !input.cancelUrl) return { url: '/checkout' };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: input.orderId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountCents,
            product_data: { name: `Order ${orderReference(input.orderId)}` },
          },
        },
      ],
      metadata: { orderId: input.orderId },
      // The address the tax was calculated for goes with the payment; without
      // shipping_address_collection the page does not ask for another one (which could owe
      // another tax than the fixed amount charges).
      payment_intent_data: {
        metadata: { orderId: input.orderId },
        transfer_group: transferGroupOf(input.orderId),
        shipping: {
          name: input.shippingAddress.fullName,
          address: {
            line1: input.shippingAddress.streetAddress,
            line2: input.shippingAddress.apartment ?? undefined,
            city: input.shippingAddress.city,
            state: input.shippingAddress.province,
            postal_code: input.shippingAddress.postalCode,
            country: input.shippingAddress.country,
          },
        },
      },
      success_url: this.returnUrl(input.successUrl, input.orderId),
      cancel_url: this.returnUrl(input.cancelUrl, input.orderId),
      expires_at: Math.floor(Date.now() / 1000) + HOSTED_CHECKOUT_MINUTES * 60,
    });
    return { url: session.url ?? '/checkout', sessionId: session.id };
  }

  async hostedPayment(sessionId: string): Promise<HostedPayment | null> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    if (session.payment_status !== 'paid' || !session.payment_intent) return null;
    const paymentId =
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : session.payment_intent.id;
    return {
      paymentId,
      amountCents: asCents(session.amount_total ?? 0),
      shippingAddress: toShippingAddress(session),
    };
  }

  async closeHostedCheckout(sessionId: string): Promise<void> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') await this.stripe.checkout.sessions.expire(sessionId);
  }

  async refund(input: {
    paymentId: string;
    amountCents: Cents;
    idempotencyKey: string;
  }): Promise<void> {
    await this.stripe.refunds.create(
      {
        payment_intent: input.paymentId,
        amount: input.amountCents,
        // Stripe forgets idempotency keys after a day; the metadata lets refundStatus find it for ever.
        metadata: { idempotencyKey: input.idempotencyKey },
      },
      { idempotencyKey: input.idempotencyKey },
    );
  }

  async refundStatus(input: { paymentId: string; idempotencyKey: string }): Promise<RefundStatus> {
    for await (const refund of this.stripe.refunds.list({
      payment_intent: input.paymentId,
      limit: 100,
    })) {
      if (refund.metadata?.idempotencyKey !== input.idempotencyKey) continue;
      return refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'succeeded';
    }
    return 'missing';
  }

  /**
   * Checks the signature over the exact bytes Stripe sent; throws when it does not match.
   * Only the order id is taken from the event: the order asks Stripe for the payment itself.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!this.settings.webhookSecret || !signature) throw new Error('Unsigned webhook.');
    const event = this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.settings.webhookSecret,
    );
    const object = event.data.object as { metadata?: Stripe.Metadata | null };
    return { type: event.type, orderId: object.metadata?.orderId ?? null };
  }

  private returnUrl(path: string, orderId: string): string {
    const url = new URL(path, this.settings.publicUrl);
    url.searchParams.set('orderId', orderId);
    return url.toString();
  }
}

function toShippingAddress(session: Stripe.Checkout.Session): ShippingAddress | null {
  const details = session.collected_information?.shipping_details;
  if (!details) return null;
  const { address } = details;
  const parsed = shippingAddressSchema.safeParse({
    fullName: details.name,
    streetAddress: address.line1 ?? '',
    apartment: address.line2 ?? undefined,
    city: address.city ?? '',
    province: address.state ?? '',
    country: address.country ?? '',
    postalCode: address.postal_code ?? '',
  });
  return parsed.success ? parsed.data : null;
}
