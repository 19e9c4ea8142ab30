import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  LOCAL_TEST_CARDS,
  type CheckoutSession,
  type OrderView,
  type StoreOrderView,
} from '@marketplace/shared';
import { orders } from '../../db/schema';
import { sellerWithStore } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { RECONCILE_AFTER_MS, RECONCILE_EVERY_MS } from './checkout.service';
import { oneOption, orderSteps, shippingAddress } from '../../../test/orders';

const clock = { now: Date.now() };
const ctx = setupTestApp({ now: () => new Date(clock.now) });

const {
  inject,
  product,
  addToBag,
  checkout,
  ship,
  pay,
  place,
  stockOf,
  mailsTo,
  paidCheckout,
  paidNotPlaced,
  acceptAndShip,
} = orderSteps(ctx);
const address = shippingAddress;
const option = oneOption;

describe('POST /api/orders/checkout', () => {
  it('refuses an empty bag (409)', async () => {
    const response = await checkout(await loginAs(ctx.app));
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Your cart is empty.');
  });

  it('holds the stock for 15 minutes and answers the session (spec 3 and DESIGN 4)', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product(undefined, { price: 60 });
    await addToBag(buyer, item, 2);
    const response = await checkout(buyer, {
      successUrl: '/checkout/success',
      cancelUrl: '/checkout/cancel',
    });
    expect(response.statusCode).toBe(201);
    const session = json<CheckoutSession>(response);
    expect(session).toMatchObject({
      provider: 'local',
      checkoutUrl: '/checkout',
      currency: 'CAD',
      subtotal: 120,
      shipping: 10,
      totalAmount: 130,
      shippingMethod: 'STANDARD',
      shippingAddress: null,
    });
    expect(session.clientSecret).toMatch(/_secret_/);
    expect(new Date(session.reservedUntil).getTime() - clock.now).toBe(15 * 60_000);
    expect(await stockOf(item)).toBe(3);
  });

  it('answers the same order for the same bag, and a new one (giving the old stock back) when the bag changed', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item, 1);
    const first = json<CheckoutSession>(await checkout(buyer));
    expect(json<CheckoutSession>(await checkout(buyer)).orderId).toBe(first.orderId);
    expect(await stockOf(item)).toBe(4);
    await addToBag(buyer, item, 1);
    const second = json<CheckoutSession>(await checkout(buyer));
    expect(second.orderId).not.toBe(first.orderId);
    expect(await stockOf(item)).toBe(3);
  });

  it('refuses return addresses on other sites', async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product());
    const response = await checkout(buyer, { successUrl: '//evil.example/steal' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Return addresses must be pages of this site.');
  });

  it.each(['/\t/evil.example/x', '/\n/evil.example/x', '/\r/evil.example/x'])(
    'refuses a return path that URL parsing would turn into another site (%j)',
    async (successUrl) => {
      const buyer = await loginAs(ctx.app);
      await addToBag(buyer, await product());
      const response = await checkout(buyer, { successUrl, cancelUrl: '/checkout/cancel' });
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe('Return addresses must be pages of this site.');
    },
  );

  it('race: ten buyers for the last unit, exactly one gets it and the count ends at 0', async () => {
    const item = await product(undefined, { itemOptions: option(1) });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => loginAs(ctx.app)));
    for (const buyer of buyers) expect((await addToBag(buyer, item)).statusCode).toBe(200);
    const results = await Promise.all(buyers.map((buyer) => checkout(buyer)));
    const winners = results.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.statusCode !== 201)) {
      expect(loser.statusCode).toBe(409);
      expect(json(loser).message).toBe(`${item.name} is no longer available.`);
    }
    expect(await stockOf(item)).toBe(0);
    const winner = buyers[results.indexOf(winners[0]!)]!;
    const session = json<CheckoutSession>(winners[0]!);
    await ship(winner, session.orderId);
    await pay(winner, session.clientSecret);
    const order = json<OrderView>(await place(winner, session.orderId));
    expect(order.items).toEqual([
      expect.objectContaining({ itemId: item.id, quantity: 1, status: 'PLACED' }),
    ]);
    expect(await stockOf(item)).toBe(0);
  });
});

describe('PUT /api/orders/{orderId}/shipping', () => {
  it('takes a CA/US address and the method, and recomputes the totals (spec 9)', async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product(undefined, { price: 100 }), 1);
    await addToBag(buyer, await product(undefined, { price: 50 }), 1);
    const session = json<CheckoutSession>(await checkout(buyer));
    // No address yet: no tax, and the total says so.
    expect(session).toMatchObject({
      subtotal: 150,
      shipping: 20,
      tax: 0,
      taxLines: [],
      taxCalculated: false,
      totalAmount: 170,
    });
    const express = json<CheckoutSession>(await ship(buyer, session.orderId, 'EXPRESS'));
    // Vancouver: GST 5% and BC PST 7% on the goods and on the shipping (150 + 50).
    expect(express).toMatchObject({
      shippingMethod: 'EXPRESS',
      shipping: 50,
      tax: 24,
      taxCalculated: true,
      totalAmount: 224,
    });
    expect(express.taxLines).toEqual([
      { label: 'GST 5%', taxType: 'GST', rate: 0.05, amount: 10 },
      { label: 'PST 7%', taxType: 'PST', rate: 0.07, amount: 14 },
    ]);
    expect(express.shippingAddress).toMatchObject({
      fullName: 'Ada Lovelace',
      postalCode: 'V6E 3P3',
    });
    const mexico = await inject(buyer, 'PUT', `/api/orders/${session.orderId}/shipping`, {
      address: { ...address, country: 'MX' },
      method: 'STANDARD',
    });
    expect(mexico.statusCode).toBe(400);
    expect(json(mexico).message).toBe('We ship to Canada and the USA only.');
  });

  it('cannot change once the payment succeeded (the amount charged stays the total)', async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product());
    const session = await paidCheckout(buyer);
    const response = await ship(buyer, session.orderId, 'EXPRESS');
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('This order is paid: its shipping can no longer change.');
  });

  it("is the buyer's alone (404 for anyone else)", async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product());
    const session = json<CheckoutSession>(await checkout(buyer));
    expect((await ship(await loginAs(ctx.app), session.orderId)).statusCode).toBe(404);
  });
});

describe('paying and placing', () => {
  it('needs a shipping address before the card (409), and refuses a declined card (402)', async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product());
    const session = json<CheckoutSession>(await checkout(buyer));
    const noAddress = await pay(buyer, session.clientSecret);
    expect(noAddress.statusCode).toBe(409);
    expect(json(noAddress).message).toBe('Add a shipping address.');
    await ship(buyer, session.orderId);
    const declined = await pay(buyer, session.clientSecret, LOCAL_TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(json(declined).message).toBe('Your card was declined.');
    const notPaid = await place(buyer, session.orderId);
    expect(notPaid.statusCode).toBe(402);
    expect(json(notPaid).message).toBe('The payment has not been completed.');
    expect(json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'))).toEqual([]);
  });

  it('takes the buyer from the token check, with no second lookup of the account (issue 20)', async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product());
    const lookedUp = vi.spyOn(ctx.app.services.users, 'accountId');
    const session = json<CheckoutSession>(await checkout(buyer));
    expect((await ship(buyer, session.orderId)).statusCode).toBe(200);
    expect((await pay(buyer, session.clientSecret)).statusCode).toBe(200);
    expect((await place(buyer, session.orderId)).statusCode).toBe(200);
    expect(json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'))).toHaveLength(1);
    expect(lookedUp).not.toHaveBeenCalled();
  });

  it('gives the payment lock back with the write that ends shipping and placing', async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product());
    const session = json<CheckoutSession>(await checkout(buyer));
    const lockOf = async () =>
      (await ctx.database.db.select().from(orders).where(eq(orders.id, session.orderId)))[0]!;

    expect((await ship(buyer, session.orderId)).statusCode).toBe(200);
    expect(await lockOf()).toMatchObject({ paymentLock: null, paymentLockUntil: null });
    expect((await pay(buyer, session.clientSecret)).statusCode).toBe(200);
    expect(await lockOf()).toMatchObject({
      status: 'PLACED',
      paymentLock: null,
      paymentLockUntil: null,
    });
  });

  it('places once, however often it is asked: one order, one stock decrement, one mail each', async () => {
    const buyer = await loginAs(ctx.app);
    const sellerA = await sellerWithStore(ctx.app);
    const sellerB = await sellerWithStore(ctx.app);
    const a = await product(sellerA, { name: 'Alpha Coat', price: 200 });
    const b = await product(sellerB, { name: 'Beta Scarf', price: 40 });
    await addToBag(buyer, a, 2);
    await addToBag(buyer, b, 1);
    const session = await paidCheckout(buyer);

    const results = await Promise.all([
      place(buyer, session.orderId),
      place(buyer),
      place(buyer, session.orderId),
    ]);
    // Without an id, place means the newest checkout, even when another call placed it first.
    results.push(await place(buyer));
    for (const result of results) expect(result.statusCode).toBe(200);
    const orders = results.map((r) => json<OrderView>(r));
    expect(new Set(orders.map((o) => o.id))).toEqual(new Set([session.orderId]));
    expect(orders[0]).toMatchObject({
      status: 'PLACED',
      subtotal: 440,
      shipping: 0,
      // GST 5% and BC PST 7% of 440.
      tax: 52.8,
      totalAmount: 492.8,
    });
    expect(orders[0]!.items.map((i) => i.tax).sort()).toEqual([4.8, 48]);
    const placedMail = (await mailsTo(buyer.email))[0]!.bodyText;
    expect(placedMail).toContain('GST 5%: $22.00 CAD\nPST 7%: $30.80 CAD\nTotal: $492.80 CAD');
    const brandMail = (await mailsTo(sellerB.email))[0]!.bodyText;
    expect(brandMail).toContain('GST 5%: $2.00 CAD\nPST 7%: $2.80 CAD');
    expect(brandMail).toContain('Total paid by the buyer: $44.80 CAD');

    expect(await stockOf(a)).toBe(3);
    expect(await stockOf(b)).toBe(4);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    expect(await mailsTo(`${sellerA.email}`)).toHaveLength(1);
    expect((await mailsTo(sellerB.email))[0]?.bodyText).toContain('Beta Scarf');

    const bag = json<{ items: unknown[] }>(await inject(buyer, 'GET', '/api/orders/cart'));
    expect(bag.items).toEqual([]);
    const history = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history).toHaveLength(1);
    expect(history[0]!.items.map((i) => i.itemName).sort()).toEqual(['Alpha Coat', 'Beta Scarf']);
    expect(
      json<OrderView[]>(await inject(await loginAs(ctx.app), 'GET', '/api/orders/history')),
    ).toEqual([]);
    expect((await place(await loginAs(ctx.app), session.orderId)).statusCode).toBe(404);
  });

  it("marks a buyer's review of what they bought as a verified purchase once it shipped", async () => {
    const buyer = await loginAs(ctx.app);
    const browser = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const item = await product(seller);
    await addToBag(buyer, item);
    const { orderId } = await paidCheckout(buyer);
    await place(buyer, orderId);
    // Public reviews name no account: each author's comment tells the two apart.
    for (const user of [buyer, browser]) {
      const review = { itemId: item.id, rating: 5, fitScore: 3, comment: user.userName };
      expect((await inject(user, 'POST', '/api/item-review', review)).statusCode).toBe(201);
    }
    const verified = async () => {
      const reviews = json<{ comment: string; verifiedPurchase: boolean }[]>(
        await ctx.app.inject({ method: 'GET', url: `/api/item-review/item/${item.id}` }),
      );
      return Object.fromEntries(reviews.map((r) => [r.comment, r.verifiedPurchase]));
    };
    // Paid and placed is not yet received.
    expect(await verified()).toEqual({ [buyer.userName]: false, [browser.userName]: false });
    await acceptAndShip(seller, orderId);
    expect(await verified()).toEqual({ [buyer.userName]: true, [browser.userName]: false });
  });

  it('lists a buyer’s orders newest first', async () => {
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, await product(undefined, { name: 'First Thing' }));
    await place(buyer, (await paidCheckout(buyer)).orderId);
    clock.now += 1000;
    await addToBag(buyer, await product(undefined, { name: 'Second Thing' }));
    await place(buyer, (await paidCheckout(buyer)).orderId);
    const history = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history.map((o) => o.items[0]!.itemName)).toEqual(['Second Thing', 'First Thing']);
  });
});

describe('a paid order is never invisible (issue 13, item 6)', () => {
  it('the sweep runs at least once a minute and asks about a paid order within that minute', () => {
    expect(RECONCILE_EVERY_MS).toBeLessThanOrEqual(30_000);
    // A payment made the moment its checkout started is seen by the first sweep after this.
    expect(RECONCILE_AFTER_MS + RECONCILE_EVERY_MS).toBeLessThanOrEqual(60_000);
  });

  it('paid with the built-in provider and the tab closed at once: placed, in My Orders and on the dashboard', async () => {
    const buyer = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const item = await product(seller, { name: 'Closed Tab Coat' });
    await addToBag(buyer, item);
    // paidCheckout confirms the card and stops there: no POST /orders/place, no page opened.
    const session = await paidCheckout(buyer);
    const history = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history.map((o) => [o.id, o.status])).toEqual([[session.orderId, 'PLACED']]);
    const dashboard = json<StoreOrderView[]>(await inject(seller, 'GET', '/api/store/orders'));
    expect(dashboard.map((o) => o.orderId)).toEqual([session.orderId]);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    expect(await stockOf(item)).toBe(4);
    // The page, had it stayed open, places the same order.
    expect(json<OrderView>(await place(buyer, session.orderId)).id).toBe(session.orderId);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });
});

describe('lapsed reservations', () => {
  it('give the stock back after 15 minutes; the lapsed checkout can no longer be paid', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item, 2);
    const session = json<CheckoutSession>(await checkout(buyer));
    await ship(buyer, session.orderId);
    expect(await stockOf(item)).toBe(3);
    clock.now += 16 * 60_000;
    await ctx.app.services.checkout.releaseLapsed();
    expect(await stockOf(item)).toBe(5);
    const late = await pay(buyer, session.clientSecret);
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toMatch(/expired/);
    await ctx.app.services.checkout.releaseLapsed();
    expect(await stockOf(item)).toBe(5);
  });

  it('a payment that succeeded but was never placed is placed by the sweep, once', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product();
    await addToBag(buyer, item, 1);
    const session = await paidNotPlaced(buyer);
    clock.now += 16 * 60_000;
    await Promise.all([
      ctx.app.services.checkout.releaseLapsed(),
      ctx.app.services.checkout.releaseLapsed(),
    ]);
    expect(await stockOf(item)).toBe(4);
    const history = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history.map((o) => o.id)).toEqual([session.orderId]);
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    expect(json<OrderView>(await place(buyer, session.orderId)).status).toBe('PLACED');
  });
});
