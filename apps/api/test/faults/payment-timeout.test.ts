import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, type CheckoutSession, type OrderView } from '@marketplace/shared';
import { orders, users } from '../../src/db/schema';
import { json, loginAs, setupTestApp } from '../helper';
import { orderSteps, type Buyer } from '../orders';
import { SlowPaymentProvider } from './slow-payment-provider';

const PAYMENT_TIMEOUT_MS = 300;
const clock = { now: Date.now() };
let provider: SlowPaymentProvider;
const ctx = setupTestApp(() => {
  provider = new SlowPaymentProvider(ctx.database.db, () => new Date(clock.now));
  return {
    payments: provider,
    paymentTimeoutMs: PAYMENT_TIMEOUT_MS,
    // Stock counts are read from the database, never from a cached product page.
    catalogCacheSeconds: 0,
    now: () => new Date(clock.now),
  };
});
const { inject, product, addToBag, checkout, ship, pay, place, stockOf, mailsTo, paidNotPlaced } =
  orderSteps(ctx);

afterEach(() => provider.release());

/** The buyer's orders in every status, as the database holds them. */
const ordersOf = (buyer: Buyer) =>
  ctx.database.db
    .select({ id: orders.id, status: orders.status, shippingAddress: orders.shippingAddress })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(users.userName, buyer.userName));
const history = async (buyer: Buyer) =>
  json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));

/** The answer comes soon after the timeout, with its message: never a hang, never a 500. */
async function expectTimedOut(request: Promise<LightMyRequestResponse>, message: string) {
  const started = Date.now();
  const response = await request;
  expect(Date.now() - started).toBeLessThan(PAYMENT_TIMEOUT_MS + 2_000);
  expect(response.statusCode).toBe(504);
  expect(json(response)).toEqual({ message });
}

describe('the payment provider not answering', () => {
  it('at checkout: 504 saying nothing was charged, no order left holding stock; a retry works', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item, 2);
    provider.hold('createPayment');

    await expectTimedOut(checkout(buyer), CHECKOUT_MESSAGES.paymentTimeout);
    expect(await stockOf(item)).toBe(5);
    expect((await ordersOf(buyer)).map((o) => o.status)).toEqual(['CANCELLED']);

    provider.release();
    const retry = await checkout(buyer);
    expect(retry.statusCode).toBe(201);
    expect(await stockOf(item)).toBe(3);
    const session = json<CheckoutSession>(retry);
    expect((await ship(buyer, session.orderId)).statusCode).toBe(200);
    expect((await pay(buyer, session.clientSecret)).statusCode).toBe(200);
    expect(json<OrderView>(await place(buyer, session.orderId)).status).toBe('PLACED');
    expect(await stockOf(item)).toBe(3);
  });

  it('at a shipping update: 504, nothing changed and the stock still held; a retry works', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item);
    const session = json<CheckoutSession>(await checkout(buyer));
    provider.hold('updateAmount');

    await expectTimedOut(ship(buyer, session.orderId, 'EXPRESS'), CHECKOUT_MESSAGES.paymentTimeout);
    expect(await ordersOf(buyer)).toEqual([
      { id: session.orderId, status: 'PENDING_PAYMENT', shippingAddress: null },
    ]);
    expect(await stockOf(item)).toBe(4);

    provider.release();
    const retry = await ship(buyer, session.orderId, 'EXPRESS');
    expect(retry.statusCode).toBe(200);
    expect(json<CheckoutSession>(retry).shippingMethod).toBe('EXPRESS');
  });

  it('at place: 504 saying a payment that went through will be placed; nothing placed twice on retry', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item);
    const session = await paidNotPlaced(buyer);
    provider.hold('paidAmount');

    await expectTimedOut(place(buyer, session.orderId), CHECKOUT_MESSAGES.paymentUnconfirmed);
    expect(await history(buyer)).toEqual([]);
    expect(await stockOf(item)).toBe(4);

    provider.release();
    const [first, second] = await Promise.all([
      place(buyer, session.orderId),
      place(buyer, session.orderId),
    ]);
    expect(json<OrderView>(first!).status).toBe('PLACED');
    expect(json<OrderView>(second!).id).toBe(session.orderId);
    expect((await history(buyer)).map((o) => o.id)).toEqual([session.orderId]);
    expect(await stockOf(item)).toBe(4);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it('when the card was charged but the answer was lost: 504, then reconcile places the order once', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item);
    const session = json<CheckoutSession>(await checkout(buyer));
    expect((await ship(buyer, session.orderId)).statusCode).toBe(200);
    provider.hold('confirm');

    await expectTimedOut(pay(buyer, session.clientSecret), CHECKOUT_MESSAGES.paymentUnconfirmed);
    provider.release();
    clock.now += 2 * 60_000;
    await ctx.app.services.checkout.reconcile();

    const placed = await history(buyer);
    expect(placed.map((o) => [o.id, o.status])).toEqual([[session.orderId, 'PLACED']]);
    expect(await stockOf(item)).toBe(4);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });
});
