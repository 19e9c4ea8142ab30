import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSession, OrderView, StoreOrderView } from '@marketplace/shared';
import { RECONCILE_AFTER_MS } from './checkout.service';
import { sellerWithStore } from '../../../test/catalog';
import { FakeStripe } from '../../../test/fake-stripe';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps, shippingAddress, type Buyer } from '../../../test/orders';

// The stripe provider against a local server that answers like Stripe's API (issue 5).
const stripe = new FakeStripe();
const clock = { now: Date.now() };
beforeAll(() => stripe.start());
afterAll(() => stripe.stop());
const ctx = setupTestApp(() => ({ payments: stripe.provider(), now: () => new Date(clock.now) }));
const { inject, product, addToBag, checkout, ship, place, stockOf, mailsTo } = orderSteps(ctx);

const webhook = (type: string, object: unknown, secret?: string) => {
  const { payload, headers } = stripe.event(type, object, secret);
  return ctx.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers });
};
const intentOf = (session: CheckoutSession) =>
  stripe.intents.get(session.clientSecret.split('_secret_')[0]!)!;
const history = async (buyer: Buyer) =>
  json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));

async function bagWith(price: number, quantity = 1) {
  const buyer = await loginAs(ctx.app);
  const seller = await sellerWithStore(ctx.app);
  const item = await product(seller, { price });
  await addToBag(buyer, item, quantity);
  return { buyer, seller, item };
}

describe('stripe provider: Payment Element on /checkout', () => {
  it('makes one PaymentIntent for the order total in cents, with the publishable key for the browser', async () => {
    const { buyer } = await bagWith(60, 2);
    const session = json<CheckoutSession>(await checkout(buyer));
    expect(session).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      totalAmount: 130,
    });
    const intent = intentOf(session);
    expect(intent).toMatchObject({
      amount: 13_000,
      currency: 'cad',
      metadata: { orderId: session.orderId },
    });
    expect(session.clientSecret).toBe(intent.client_secret);
    const create = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.method === 'POST',
    );
    expect(create?.idempotencyKey).toBe(`order-${session.orderId}-intent`);

    await ship(buyer, session.orderId, 'EXPRESS');
    // Express adds $15, and Vancouver's GST 5% + PST 7% of 120 + 25 is 17.40.
    expect(intentOf(session).amount).toBe(13_000 + 1_500 + 1_740);
  });

  it('places only once Stripe says the intent succeeded, and never changes a paid amount', async () => {
    const { buyer, item } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer));
    await ship(buyer, session.orderId);
    const early = await place(buyer, session.orderId);
    expect(early.statusCode).toBe(402);
    expect(json(early).message).toBe('The payment has not been completed.');

    stripe.succeed(intentOf(session).id);
    expect((await ship(buyer, session.orderId, 'EXPRESS')).statusCode).toBe(409);
    const placed = await place(buyer, session.orderId);
    expect(placed.statusCode).toBe(200);
    // 60 + 10 shipping, and 12 % of both in Vancouver (GST and PST): 78.40, as charged.
    expect(json<OrderView>(placed)).toMatchObject({
      status: 'PLACED',
      tax: 8.4,
      totalAmount: 78.4,
    });
    expect(await stockOf(item)).toBe(4);
  });

  it('changes the shipping with one request to Stripe: the new amount', async () => {
    const { buyer } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer));
    const intent = intentOf(session).id;
    const before = stripe.requests.length;

    expect((await ship(buyer, session.orderId, 'EXPRESS')).statusCode).toBe(200);

    expect(stripe.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/payment_intents/${intent}`,
    ]);
  });

  it('asks Stripe once, when placing, whether and what the buyer paid', async () => {
    const { buyer } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer));
    await ship(buyer, session.orderId);
    const intent = intentOf(session).id;
    stripe.succeed(intent);
    const before = stripe.requests.length;

    expect((await place(buyer, session.orderId)).statusCode).toBe(200);

    const asked = stripe.requests
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent}`);
    expect(asked).toHaveLength(1);
  });

  it('a paid order whose tab closed (no place, no webhook) is placed by the next sweep (issue 13)', async () => {
    const { buyer, seller } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer));
    await ship(buyer, session.orderId);
    stripe.succeed(intentOf(session).id);
    expect(await history(buyer)).toEqual([]);
    // The next run of the sweep, RECONCILE_EVERY_MS later, is the first to see the order old
    // enough to ask Stripe about.
    // (created_at is the database's clock, which runs ahead of this test's.)
    clock.now = Math.max(clock.now, Date.now()) + RECONCILE_AFTER_MS + 1000;
    expect((await ctx.app.services.checkout.reconcile()).placed).toBe(1);
    expect((await history(buyer)).map((o) => [o.id, o.status])).toEqual([
      [session.orderId, 'PLACED'],
    ]);
    const dashboard = json<StoreOrderView[]>(await inject(seller, 'GET', '/api/store/orders'));
    expect(dashboard.map((o) => o.orderId)).toEqual([session.orderId]);
  });

  it('never places an order for an amount other than its total: the payment goes back (issue 14)', async () => {
    const { buyer, item } = await bagWith(20);
    const session = json<CheckoutSession>(await checkout(buyer));
    await ship(buyer, session.orderId);
    // A shipping change whose request gave up, but that reached Stripe: the intent asks $45
    // while the order still says $30, and the buyer pays what the Payment Element shows.
    const intent = intentOf(session);
    intent.amount = 4_500;
    stripe.succeed(intent.id);

    const response = await place(buyer, session.orderId);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(
      "Your payment did not match this order's total, so it was refunded. Please check out again.",
    );
    expect(await history(buyer)).toEqual([]);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.id)).toEqual([
      expect.objectContaining({ amount: 4_500 }),
    ]);
    expect(await stockOf(item)).toBe(5);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('refuses a body whose signature does not match (400) and places nothing', async () => {
    const { buyer } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer));
    await ship(buyer, session.orderId);
    const intent = stripe.succeed(intentOf(session).id);

    const forged = await webhook('payment_intent.succeeded', intent, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(json(forged).message).toBe('Invalid webhook signature.');
    const { payload } = stripe.event('payment_intent.succeeded', intent);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await history(buyer)).toEqual([]);
  });

  it('places the order from payment_intent.succeeded; place and replays after it change nothing', async () => {
    const { buyer, seller, item } = await bagWith(60, 2);
    const session = json<CheckoutSession>(await checkout(buyer));
    await ship(buyer, session.orderId);
    const intent = stripe.succeed(intentOf(session).id);

    const first = await webhook('payment_intent.succeeded', intent);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ received: true });
    expect((await history(buyer)).map((o) => o.status)).toEqual(['PLACED']);

    const again = await Promise.all([
      webhook('payment_intent.succeeded', intent),
      webhook('payment_intent.succeeded', intent),
      place(buyer, session.orderId),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const orders = await history(buyer);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: session.orderId, status: 'PLACED' });
    expect(await stockOf(item)).toBe(3);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    expect(await mailsTo(seller.email)).toHaveLength(1);
  });

  it('ignores an event that is not about a payment, or names no order of ours', async () => {
    const { buyer } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer));
    stripe.succeed(intentOf(session).id);
    expect((await webhook('customer.created', { id: 'cus_1', metadata: {} })).statusCode).toBe(200);
    expect(
      (
        await webhook('payment_intent.succeeded', {
          id: 'pi_x',
          metadata: { orderId: 'not-a-uuid' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await history(buyer)).toEqual([]);
  });

  it('refunds a payment that arrives after the hold lapsed and the stock went back', async () => {
    const { buyer, item } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer));
    clock.now += 16 * 60_000;
    try {
      expect((await inject(buyer, 'POST', '/api/orders/checkout')).statusCode).toBe(201);
    } finally {
      clock.now -= 16 * 60_000;
    }
    // The lapsed order gave its unit back when the new checkout swept it; that checkout holds one.
    expect(await stockOf(item)).toBe(4);
    expect(intentOf(session).status).toBe('canceled');

    // A payment Stripe took anyway (a confirmation already in flight) goes back in full.
    stripe.succeed(intentOf(session).id);
    expect((await webhook('payment_intent.succeeded', intentOf(session))).statusCode).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentOf(session).id)).toEqual([
      expect.objectContaining({ amount: 7_000 }),
    ]);
    expect((await webhook('payment_intent.succeeded', intentOf(session))).statusCode).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentOf(session).id)).toHaveLength(1);
  });
});

describe('stripe provider: Checkout Session from the bag page', () => {
  const returns = { successUrl: '/checkout/success', cancelUrl: '/checkout/cancel' };
  const hostedOf = (orderId: string) =>
    [...stripe.sessions.values()].filter((s) => s.metadata.orderId === orderId);

  it('sends a new bag to /checkout: a hosted page cannot charge the tax of an address it has not seen', async () => {
    const { buyer } = await bagWith(60);
    const session = json<CheckoutSession>(await checkout(buyer, returns));
    expect(session).toMatchObject({ checkoutUrl: '/checkout', taxCalculated: false, tax: 0 });
    expect(hostedOf(session.orderId)).toEqual([]);
  });

  it('sends a shopper on French pages back to the French pages (/fr/...), decision 029', async () => {
    const { buyer } = await bagWith(60);
    const french = { successUrl: '/fr/checkout/success', cancelUrl: '/fr/checkout/cancel' };
    const first = json<CheckoutSession>(await checkout(buyer, french));
    expect((await ship(buyer, first.orderId)).statusCode).toBe(200);
    const session = json<CheckoutSession>(await checkout(buyer, french));
    expect(hostedOf(session.orderId)).toEqual([
      expect.objectContaining({
        success_url: `http://shop.test/fr/checkout/success?orderId=${session.orderId}`,
        cancel_url: `http://shop.test/fr/checkout/cancel?orderId=${session.orderId}`,
      }),
    ]);
  });

  it('once the address and tax are known, sends the browser to Stripe Checkout for the total with tax, with that address', async () => {
    const { buyer, item } = await bagWith(60);
    const first = json<CheckoutSession>(await checkout(buyer, returns));
    expect((await ship(buyer, first.orderId)).statusCode).toBe(200);
    // The bag page again, the same bag: the same order, now with its tax.
    const session = json<CheckoutSession>(await checkout(buyer, returns));
    expect(session).toMatchObject({ orderId: first.orderId, taxCalculated: true, tax: 8.4 });
    const [hosted] = hostedOf(session.orderId);
    expect(session.checkoutUrl).toBe(hosted!.url);
    expect(hosted).toMatchObject({
      amount_total: 7_840,
      currency: 'cad',
      success_url: `http://shop.test/checkout/success?orderId=${session.orderId}`,
      cancel_url: `http://shop.test/checkout/cancel?orderId=${session.orderId}`,
    });
    // The page is told where the parcel goes and does not ask for another address.
    expect(hosted!.created_with.shipping_address_collection).toBeUndefined();
    expect(hosted!.created_with.payment_intent_data).toMatchObject({
      shipping: {
        name: 'Ada Lovelace',
        address: {
          line1: shippingAddress.streetAddress,
          city: 'Vancouver',
          state: 'BC',
          postal_code: 'V6E 3P3',
          country: 'CA',
        },
      },
    });

    const paid = stripe.completeSession(hosted!.id);
    expect((await webhook('checkout.session.completed', hosted)).statusCode).toBe(200);
    const [order] = await history(buyer);
    expect(order).toMatchObject({
      id: session.orderId,
      status: 'PLACED',
      tax: 8.4,
      totalAmount: 78.4,
      shippingAddress: { fullName: 'Ada Lovelace', city: 'Vancouver', postalCode: 'V6E 3P3' },
    });
    expect(paid.metadata.orderId).toBe(session.orderId);
    // The intent made for the Payment Element can no longer be charged.
    expect(intentOf(session).status).toBe('canceled');
    expect(await stockOf(item)).toBe(4);
    // The success page's place() afterwards answers the same order.
    expect(json<OrderView>(await place(buyer, session.orderId)).id).toBe(session.orderId);
  });

  it('closes the hosted page when the order changes, so the old amount cannot be paid', async () => {
    const { buyer } = await bagWith(60);
    const first = json<CheckoutSession>(await checkout(buyer, returns));
    await ship(buyer, first.orderId);
    await checkout(buyer, returns);
    const [hosted] = hostedOf(first.orderId);
    expect(hosted!.status).toBe('open');
    await inject(buyer, 'PUT', `/api/orders/${first.orderId}/shipping`, {
      address: shippingAddress,
      method: 'EXPRESS',
    });
    expect(hosted!.status).toBe('expired');
  });
});

describe('without a webhook secret', () => {
  it('the provider refuses every webhook', () => {
    const provider = stripe.provider({ webhookSecret: null });
    const { payload, headers } = stripe.event('payment_intent.succeeded', { metadata: {} });
    expect(() => provider.verifyEvent(Buffer.from(payload), headers['stripe-signature'])).toThrow();
  });
});

describe('content security policy with Stripe', () => {
  it("allows Stripe.js, its frames and its API, and nothing else's", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
  });
});
