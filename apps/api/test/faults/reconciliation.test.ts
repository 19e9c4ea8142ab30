import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  STORE_ORDER_MESSAGES,
  toCents,
  type OrderView,
  type StoreOrderView,
} from '@marketplace/shared';
import { localRefunds, orders, storeOrderRefunds } from '../../src/db/schema';
import { CheckoutRepository } from '../../src/modules/checkout/checkout.repository';
import { sellerWithStore, type Seller } from '../catalog';
import { FakeStripe } from '../fake-stripe';
import { json, loginAs, setupTestApp } from '../helper';
import { centsAsDollars, inDollars } from '../money';
import { orderSteps, type Buyer } from '../orders';
import { SlowPaymentProvider } from './slow-payment-provider';

const clock = { now: Date.now() };
let provider: SlowPaymentProvider;
const ctx = setupTestApp(() => {
  provider = new SlowPaymentProvider(ctx.database.db, () => new Date(clock.now));
  return {
    payments: provider,
    paymentTimeoutMs: 300,
    catalogCacheSeconds: 0,
    now: () => new Date(clock.now),
  };
});
const {
  inject,
  product,
  addToBag,
  checkout,
  ship,
  place,
  stockOf,
  mailsTo,
  paidCheckout,
  paidNotPlaced,
} = orderSteps(ctx);

afterEach(() => {
  provider.release();
  provider.refundStatusOverride = undefined;
  vi.restoreAllMocks();
});

const reconcileOrders = () => ctx.app.services.checkout.reconcile();
const reconcileRefunds = () => ctx.app.services.storeOrders.reconcile();
const history = async (buyer: Buyer) =>
  json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
const storeOrdersOf = async (seller: Seller) =>
  json<StoreOrderView[]>(
    await ctx.app.inject({ method: 'GET', url: '/api/store/orders', headers: seller.headers }),
  );
const sellerPost = (seller: Seller, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: seller.headers, ...(payload ? { payload } : {}) });
const statusOf = async (orderId: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
const refundRowsOf = (storeOrderId: string) =>
  ctx.database.db
    .select({ status: storeOrderRefunds.status, amountCents: storeOrderRefunds.amountCents })
    .from(storeOrderRefunds)
    .where(eq(storeOrderRefunds.storeOrderId, storeOrderId))
    .then((rows) => rows.map(centsAsDollars));
const providerRefundsOf = (clientSecret: string) =>
  ctx.database.db
    .select()
    .from(localRefunds)
    .where(eq(localRefunds.paymentId, clientSecret.split('_secret_')[0]!))
    .then((rows) => rows.map(inDollars));

describe('reconcile: a payment that succeeded always ends as exactly one placed order', () => {
  it('places an order paid but never placed (a crash before place), once however often it runs', async () => {
    const buyer = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const item = await product(seller);
    await addToBag(buyer, item, 2);
    const session = await paidNotPlaced(buyer);

    // A minute's grace: the buyer's own browser places a fresh payment.
    await reconcileOrders();
    expect(await statusOf(session.orderId)).toBe('PENDING_PAYMENT');

    clock.now += 2 * 60_000;
    await Promise.all([reconcileOrders(), reconcileOrders()]);
    await reconcileOrders();

    expect((await history(buyer)).map((o) => [o.id, o.status])).toEqual([
      [session.orderId, 'PLACED'],
    ]);
    expect((await storeOrdersOf(seller)).map((o) => o.orderId)).toEqual([session.orderId]);
    expect(await stockOf(item)).toBe(3);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    expect(await mailsTo(seller.email)).toHaveLength(1);
    // The buyer coming back to the success page gets the same order, and no second mail.
    expect(json<OrderView>(await place(buyer, session.orderId)).status).toBe('PLACED');
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    expect(await stockOf(item)).toBe(3);
  });

  it('places an order whose place failed after the payment (the database went away at that moment)', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item);
    const session = await paidNotPlaced(buyer);
    vi.spyOn(CheckoutRepository.prototype, 'place').mockRejectedValueOnce(
      new Error('Connection terminated unexpectedly'),
    );

    const failed = await place(buyer, session.orderId);
    expect(failed.statusCode).toBe(503);
    expect(json(failed)).toEqual({ message: MESSAGES.serviceUnavailable });
    expect(await history(buyer)).toEqual([]);

    clock.now += 2 * 60_000;
    await reconcileOrders();
    expect((await history(buyer)).map((o) => o.id)).toEqual([session.orderId]);
    expect(await stockOf(item)).toBe(4);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it('never places an unpaid order; once its hold lapses the stock goes back', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item, 2);
    const session = json<{ orderId: string }>(await checkout(buyer));
    await ship(buyer, session.orderId);

    clock.now += 2 * 60_000;
    await reconcileOrders();
    expect(await statusOf(session.orderId)).toBe('PENDING_PAYMENT');
    expect(await stockOf(item)).toBe(3);

    clock.now += 15 * 60_000;
    await reconcileOrders();
    expect(await statusOf(session.orderId)).toBe('EXPIRED');
    expect(await stockOf(item)).toBe(5);
    expect(await history(buyer)).toEqual([]);
  });
});

describe('reconcile: a refund left pending is finished or failed, never sent twice', () => {
  // A refund's age is read against the database's clock: the test clock starts from it again.
  beforeEach(() => {
    clock.now = Date.now();
  });

  /**
   * A placed order of one brand: a coat (60) and a scarf (25), shipping 10, to Vancouver: with
   * GST 5% and PST 7% of all three, 106.40 (the coat alone 67.20).
   */
  async function placedOrder() {
    const buyer = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    await addToBag(buyer, await product(seller, { name: 'Harbour Coat', price: 60 }));
    await addToBag(buyer, await product(seller, { name: 'Tide Scarf', price: 25 }));
    const session = await paidCheckout(buyer);
    expect((await place(buyer, session.orderId)).statusCode).toBe(200);
    const [storeOrder] = await storeOrdersOf(seller);
    return { buyer, seller, storeOrder: storeOrder!, clientSecret: session.clientSecret };
  }

  it("settles a refund whose answer was lost from the provider's own record", async () => {
    const { buyer, seller, storeOrder, clientSecret } = await placedOrder();
    provider.hold('refund', 'answer');

    const response = await sellerPost(seller, `/api/store/orders/${storeOrder.id}/refund`);
    expect(response.statusCode).toBe(504);
    expect(json(response)).toEqual({ message: STORE_ORDER_MESSAGES.refundPending });
    provider.release();
    expect(await refundRowsOf(storeOrder.id)).toEqual([{ status: 'PENDING', amount: 106.4 }]);

    // Younger than a few minutes: it may still be in the seller's request.
    await reconcileRefunds();
    expect(await refundRowsOf(storeOrder.id)).toEqual([{ status: 'PENDING', amount: 106.4 }]);

    clock.now += 6 * 60_000;
    await Promise.all([reconcileRefunds(), reconcileRefunds()]);
    expect(await refundRowsOf(storeOrder.id)).toEqual([{ status: 'SUCCEEDED', amount: 106.4 }]);
    expect(await providerRefundsOf(clientSecret)).toHaveLength(1);
    const [after] = await storeOrdersOf(seller);
    expect(after).toMatchObject({ status: 'REFUNDED', refunded: 106.4, canRefund: false });
    // Issue 13: the buyer hears of every refund, this one too, once: placed, then refunded.
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/refunded your order/);
    expect(mails[1]!.bodyText).toContain('Refunded: $106.40 CAD');
    expect(mails[1]!.bodyText).toContain('Harbour Coat');
    expect(mails[1]!.bodyText).toContain('Tide Scarf');
  });

  it('sends a refund that never reached the provider, with its own key', async () => {
    const { seller, storeOrder, clientSecret } = await placedOrder();
    provider.hold('refund', 'request');

    const response = await sellerPost(seller, `/api/store/orders/${storeOrder.id}/refund`);
    expect(response.statusCode).toBe(504);
    provider.release();
    expect(await providerRefundsOf(clientSecret)).toEqual([]);

    clock.now += 6 * 60_000;
    await reconcileRefunds();
    await reconcileRefunds();
    const sent = await providerRefundsOf(clientSecret);
    expect(sent.map((r) => r.amount)).toEqual([106.4]);
    expect(await refundRowsOf(storeOrder.id)).toEqual([{ status: 'SUCCEEDED', amount: 106.4 }]);
    expect((await storeOrdersOf(seller))[0]).toMatchObject({ status: 'REFUNDED', refunded: 106.4 });
  });

  it('fails a refund the provider failed: the amount is free again and the item as it was', async () => {
    const { seller, storeOrder } = await placedOrder();
    const coat = storeOrder.items.find((i) => i.itemName === 'Harbour Coat')!;
    const decide = (route: 'accept' | 'reject') =>
      sellerPost(seller, `/api/store/orders/${route}`, {
        storeOrderId: storeOrder.id,
        orderItemId: coat.id,
        newStatus: route === 'accept' ? 'ACCEPTED' : 'REJECTED_REFUND_IN_PROGRESS',
      });
    expect((await decide('accept')).statusCode).toBe(200);
    provider.hold('refund', 'request');
    expect((await decide('reject')).statusCode).toBe(504);
    provider.release();
    provider.refundStatusOverride = 'failed';

    clock.now += 6 * 60_000;
    await reconcileRefunds();

    expect(await refundRowsOf(storeOrder.id)).toEqual([{ status: 'FAILED', amount: 67.2 }]);
    const [after] = await storeOrdersOf(seller);
    expect(after!.items.find((i) => i.id === coat.id)!.status).toBe('ACCEPTED');
    expect(after).toMatchObject({ status: 'PLACED', refunded: 0, canRefund: true });
    // The seller may reject it again, and this time the refund goes through.
    provider.refundStatusOverride = undefined;
    expect((await decide('reject')).statusCode).toBe(200);
    expect((await storeOrdersOf(seller))[0]!.refunded).toBe(67.2);
  });
});

describe('Stripe: a refund is found by its idempotency key', () => {
  const stripe = new FakeStripe();
  beforeAll(() => stripe.start());
  afterAll(() => stripe.stop());

  it('answers succeeded for a refund it made and missing for one it never got', async () => {
    const payments = stripe.provider();
    const payment = await payments.createPayment({
      orderId: randomUUID(),
      amountCents: toCents(50),
      currency: 'CAD',
    });
    stripe.succeed(payment.id);
    await payments.refund({
      paymentId: payment.id,
      amountCents: toCents(20),
      idempotencyKey: 'refund-a',
    });

    expect(await payments.refundStatus({ paymentId: payment.id, idempotencyKey: 'refund-a' })).toBe(
      'succeeded',
    );
    expect(await payments.refundStatus({ paymentId: payment.id, idempotencyKey: 'refund-b' })).toBe(
      'missing',
    );
  });
});
