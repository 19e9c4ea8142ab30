import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  illegalMoveMessage,
  type OrderView,
  type StoreOrderView,
  type StorePayoutLedger,
} from '@marketplace/shared';
import { localRefunds, orderStatusEvents } from '../../db/schema';
import { LocalPaymentProvider } from '../../providers/payments/local-payment-provider';
import { sellerWithStore, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { oneOption, orderSteps, type Buyer } from '../../../test/orders';
import { inDollars } from '../../../test/money';
import { pdfText } from '../../../test/pdf';
import { LOCAL_CARRIER } from '../../providers/shipping/local-shipping-provider';

const ctx = setupTestApp();
const { inject, product, addToBag, paidCheckout, place, mailsTo } = orderSteps(ctx);

afterEach(() => vi.restoreAllMocks());

type Caller = Buyer | Seller;
const as = (user: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const storeOrdersOf = async (seller: Seller) =>
  json<StoreOrderView[]>(await as(seller, 'GET', '/api/store/orders'));
const decide = (seller: Seller, order: StoreOrderView, itemIndex: number, accept: boolean) =>
  as(seller, 'POST', `/api/store/orders/${accept ? 'accept' : 'reject'}`, {
    storeOrderId: order.id,
    orderItemId: order.items[itemIndex]!.id,
    newStatus: accept ? 'ACCEPTED' : 'REJECTED_REFUND_IN_PROGRESS',
  });
const history = async (buyer: Buyer) =>
  json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
const refundsOf = (paymentId: string) =>
  ctx.database.db
    .select()
    .from(localRefunds)
    .where(eq(localRefunds.paymentId, paymentId))
    .then((rows) => rows.map(inDollars));

/**
 * A placed order: from sellerA two products (60 × 2 and 25), from sellerB one (40), shipped to
 * Vancouver: GST 5% + BC PST 7% on each line and each parcel's $10 shipping. Brand A's tax:
 * 14.40 (coats) + 3.00 (scarf) + 1.20 (shipping) = 18.60; brand B's: 4.80 + 1.20 = 6.00.
 */
async function placedOrder() {
  const buyer = await loginAs(ctx.app);
  const sellerA = await sellerWithStore(ctx.app);
  const sellerB = await sellerWithStore(ctx.app);
  const coat = await product(sellerA, { name: 'Harbour Coat', price: 60 });
  const scarf = await product(sellerA, { name: 'Tide Scarf', price: 25 });
  const hat = await product(sellerB, { name: 'Rain Hat', price: 40 });
  await addToBag(buyer, coat, 2);
  await addToBag(buyer, scarf, 1);
  await addToBag(buyer, hat, 1);
  const session = await paidCheckout(buyer);
  expect((await place(buyer, session.orderId)).statusCode).toBe(200);
  const [orderA] = await storeOrdersOf(sellerA);
  const paymentId = session.clientSecret.split('_secret_')[0]!;
  return { buyer, sellerA, sellerB, orderA: orderA!, orderId: session.orderId, paymentId, coat };
}

describe('placing splits the order into one store order per brand', () => {
  it("each brand sees only its part: items, subtotal, its parcel's shipping and 'Ordered'", async () => {
    const { sellerB, orderA, orderId } = await placedOrder();
    expect(orderA).toMatchObject({
      orderId,
      reference: orderId.slice(0, 8).toUpperCase(),
      status: 'PLACED',
      currency: 'CAD',
      subtotal: 145,
      shipping: 10,
      tax: 18.6,
      refunded: 0,
      canShip: false,
      canRefund: true,
      shippingAddress: expect.objectContaining({ fullName: 'Ada Lovelace', city: 'Vancouver' }),
    });
    expect(orderA.items.map((i) => [i.itemName, i.quantity, i.status, i.ordered])).toEqual([
      ['Harbour Coat', 2, 'PLACED', 2],
      ['Tide Scarf', 1, 'PLACED', 1],
    ]);
    const [orderB] = await storeOrdersOf(sellerB);
    expect(orderB).toMatchObject({ subtotal: 40, shipping: 10, tax: 6 });
    expect(orderB!.items.map((i) => i.itemName)).toEqual(['Rain Hat']);
  });

  it("'Ordered' counts the product across all the store's orders; the list is newest first and paged", async () => {
    const { sellerA, coat } = await placedOrder();
    const buyer2 = await loginAs(ctx.app);
    await addToBag(buyer2, coat, 3);
    await place(buyer2, (await paidCheckout(buyer2)).orderId);

    const response = await as(sellerA, 'GET', '/api/store/orders?page=1&pageSize=1');
    expect(response.headers['x-total-count']).toBe('2');
    const [newest] = json<StoreOrderView[]>(response);
    expect(newest!.items).toEqual([expect.objectContaining({ quantity: 3, ordered: 5 })]);
    const second = json<StoreOrderView[]>(
      await as(sellerA, 'GET', '/api/store/orders?page=2&pageSize=1'),
    );
    expect(second[0]!.items.map((i) => i.ordered)).toEqual([5, 1]);
  });

  it('records who placed it, and when', async () => {
    const { orderA, buyer } = await placedOrder();
    const events = await ctx.database.db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.storeOrderId, orderA.id));
    const buyerId = (await ctx.app.services.users.accountId(buyer.userName)) as string;
    expect(events).toEqual([
      expect.objectContaining({ status: 'PLACED', orderItemId: null, actorId: buyerId }),
    ]);
  });
});

describe('the state machine refuses every move not in its table (issue 16 item 5)', () => {
  it('ship twice, accept a refunded item, refund a refunded order: 409 naming both statuses', async () => {
    const { sellerA, orderA } = await placedOrder();
    expect((await decide(sellerA, orderA, 0, true)).statusCode).toBe(200);
    expect((await decide(sellerA, orderA, 1, true)).statusCode).toBe(200);
    const ship = () => as(sellerA, 'POST', `/api/store/orders/${orderA.id}/ship`);
    expect((await ship()).statusCode).toBe(200);
    const twice = await ship();
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe(illegalMoveMessage('storeOrder', 'SHIPPED', 'SHIPPED'));
    const acceptShipped = await decide(sellerA, orderA, 0, true);
    expect(acceptShipped.statusCode).toBe(409);
    expect(json(acceptShipped).message).toBe('This item is shipped: it can no longer be accepted.');

    const refund = () => as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`);
    expect((await refund()).statusCode).toBe(200);
    const again = await refund();
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('This order is already refunded.');
    for (const accept of [true, false]) {
      const decided = await decide(sellerA, orderA, 1, accept);
      expect(decided.statusCode).toBe(409);
      expect(json(decided).message).toBe(
        illegalMoveMessage('item', 'REFUNDED', accept ? 'ACCEPTED' : 'REJECTED_REFUND_IN_PROGRESS'),
      );
    }
    const shipRefunded = await ship();
    expect(shipRefunded.statusCode).toBe(409);
    expect(json(shipRefunded).message).toBe('This order is refunded: it can no longer be shipped.');
    const [view] = await storeOrdersOf(sellerA);
    expect(view).toMatchObject({ status: 'REFUNDED', canShip: false, canRefund: false });
  });

  it('records every move with its actor: each item and the store order', async () => {
    const { sellerA, orderA } = await placedOrder();
    expect((await decide(sellerA, orderA, 0, true)).statusCode).toBe(200);
    expect((await decide(sellerA, orderA, 1, false)).statusCode).toBe(200);
    expect((await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/ship`)).statusCode).toBe(200);
    expect((await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`)).statusCode).toBe(
      200,
    );
    const sellerId = await ctx.app.services.users.accountId(sellerA.userName);
    const events = await ctx.database.db
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.storeOrderId, orderA.id))
      .orderBy(orderStatusEvents.id);
    const [coat, scarf] = orderA.items.map((i) => i.id);
    expect(events.slice(1).map((e) => [e.orderItemId, e.status, e.actorId])).toEqual([
      [coat, 'ACCEPTED', sellerId],
      [scarf, 'REJECTED_REFUND_IN_PROGRESS', sellerId],
      [coat, 'SHIPPED', sellerId],
      [null, 'SHIPPED', sellerId],
      [coat, 'REFUNDED', sellerId],
      [scarf, 'REFUNDED', sellerId],
      [null, 'REFUNDED', sellerId],
    ]);
  });
});

describe('who may handle store orders', () => {
  it('401 without a token, 403 for a user without a store, 404 for another store’s order', async () => {
    const { orderA, sellerB, buyer } = await placedOrder();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/store/orders' })).statusCode).toBe(
      401,
    );
    expect((await as(buyer, 'GET', '/api/store/orders')).statusCode).toBe(403);
    expect((await as(buyer, 'GET', '/api/store/payouts')).statusCode).toBe(403);
    for (const response of [
      await decide(sellerB, orderA, 0, true),
      await as(sellerB, 'POST', `/api/store/orders/${orderA.id}/ship`),
      await as(sellerB, 'POST', `/api/store/orders/${orderA.id}/refund`),
      await as(sellerB, 'GET', `/api/store/orders/${orderA.id}/shipping-label`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(json(response).message).toBe('Order not found.');
    }
  });
});

describe('accept and reject (spec 4)', () => {
  it('accepts a placed item; accepting again is refused', async () => {
    const { sellerA, orderA } = await placedOrder();
    const accepted = await decide(sellerA, orderA, 0, true);
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted)).toEqual({ orderItemId: orderA.items[0]!.id, status: 'ACCEPTED' });
    const again = await decide(sellerA, orderA, 0, true);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('This item is already accepted.');
  });

  it("reject refunds the item's amount through the provider, once; it can then no longer be accepted", async () => {
    const { sellerA, orderA, paymentId, buyer } = await placedOrder();
    expect((await decide(sellerA, orderA, 0, true)).statusCode).toBe(200);
    const rejected = await decide(sellerA, orderA, 0, false); // the other decision
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected)).toMatchObject({ status: 'REJECTED_REFUND_IN_PROGRESS' });
    expect((await refundsOf(paymentId)).map((r) => r.amount)).toEqual([134.4]);

    expect((await decide(sellerA, orderA, 0, false)).statusCode).toBe(409);
    const accept = await decide(sellerA, orderA, 0, true);
    expect(accept.statusCode).toBe(409);
    expect(json(accept).message).toMatch(/can no longer be accepted/);
    expect((await refundsOf(paymentId)).map((r) => r.amount)).toEqual([134.4]);

    const [view] = await storeOrdersOf(sellerA);
    expect(view).toMatchObject({ refunded: 134.4 });
    expect(view!.items[0]!.status).toBe('REJECTED_REFUND_IN_PROGRESS');
    const [order] = await history(buyer);
    expect(order!.items.find((i) => i.itemName === 'Harbour Coat')!.status).toBe(
      'REJECTED_REFUND_IN_PROGRESS',
    );
    // Issue 13: the buyer sees what went back and what the order costs now, and is told.
    // 60 × 2 + 25 + 40, $10 shipping for each of the two brands, and 24.60 of tax: 229.60.
    // The rejected coats return 120 and exactly their recorded tax, 14.40.
    expect(order).toMatchObject({ totalAmount: 229.6, refunded: 134.4, balance: 95.2 });
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2); // placed, then the rejection: once, however often asked
    expect(mails[1]!.subject).toMatch(/rejected an item of your order .*: refunded/);
    expect(mails[1]!.bodyText).toContain('- Harbour Coat (RED, M) × 2: $120.00 CAD');
    expect(mails[1]!.bodyText).toContain('GST 5% returned: $6.00 CAD');
    expect(mails[1]!.bodyText).toContain('PST 7% returned: $8.40 CAD');
    expect(mails[1]!.bodyText).toContain('Refunded: $134.40 CAD');
  });

  it('refuses a decision sent to the other route, or an item of another order', async () => {
    const { sellerA, orderA } = await placedOrder();
    const crossed = await as(sellerA, 'POST', '/api/store/orders/accept', {
      storeOrderId: orderA.id,
      orderItemId: orderA.items[0]!.id,
      newStatus: 'REJECTED_REFUND_IN_PROGRESS',
    });
    expect(crossed.statusCode).toBe(400);
    const stranger = await as(sellerA, 'POST', '/api/store/orders/accept', {
      storeOrderId: orderA.id,
      orderItemId: 999_999,
      newStatus: 'ACCEPTED',
    });
    expect(stranger.statusCode).toBe(404);
    expect(json(stranger).message).toBe('This item is not part of the order.');
  });

  it('a provider that refuses the refund leaves the item as it was (502), and a retry works', async () => {
    const { sellerA, orderA, paymentId } = await placedOrder();
    vi.spyOn(LocalPaymentProvider.prototype, 'refund').mockRejectedValueOnce(new Error('down'));
    const failed = await decide(sellerA, orderA, 1, false);
    expect(failed.statusCode).toBe(502);
    expect(json(failed).message).toBe(
      'The payment provider could not send the refund. Please try again.',
    );
    expect((await storeOrdersOf(sellerA))[0]!.items[1]!.status).toBe('PLACED');
    expect((await decide(sellerA, orderA, 1, false)).statusCode).toBe(200);
    expect((await refundsOf(paymentId)).map((r) => r.amount)).toEqual([28]);
  });
});

describe('ship (spec 4)', () => {
  it('is refused while an item is PLACED, then ships the accepted items with a tracking number and mails the buyer', async () => {
    const { sellerA, orderA, buyer } = await placedOrder();
    const early = await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/ship`);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Accept or reject every item before shipping.');

    await decide(sellerA, orderA, 0, true);
    await decide(sellerA, orderA, 1, false);
    expect((await storeOrdersOf(sellerA))[0]!.canShip).toBe(true);
    const shipped = await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/ship`);
    expect(shipped.statusCode).toBe(200);
    const view = json<StoreOrderView>(shipped);
    expect(view).toMatchObject({ status: 'SHIPPED', canShip: false });
    // Shipped with this site's label: bought from the (local) shipping provider.
    expect(view.trackingNumber).toMatch(/^LB-LOCAL-[0-9A-F]{16}$/);
    expect(view.carrier).toBe(LOCAL_CARRIER);
    expect(view.items.map((i) => i.status)).toEqual(['SHIPPED', 'REJECTED_REFUND_IN_PROGRESS']);

    const mails = await mailsTo(buyer.email);
    expect(mails.at(-1)!.bodyText).toContain(view.trackingNumber);
    expect(mails.at(-1)!.bodyText).toContain('Harbour Coat');
    const [order] = await history(buyer);
    // Issue 13: a shipped item shows its carrier and tracking number; a rejected one neither.
    expect(order!.items.find((i) => i.itemName === 'Harbour Coat')).toMatchObject({
      status: 'SHIPPED',
      carrier: LOCAL_CARRIER,
      trackingNumber: view.trackingNumber,
    });
    expect(order!.items.find((i) => i.itemName === 'Tide Scarf')).toMatchObject({
      carrier: null,
      trackingNumber: null,
    });

    const twice = await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/ship`);
    expect(twice.statusCode).toBe(409);
  });

  it('keeps the carrier and tracking number the seller types (issue 13), and has nothing to ship when every item was rejected', async () => {
    const { sellerA, sellerB, buyer } = await placedOrder();
    await decide(sellerA, (await storeOrdersOf(sellerA))[0]!, 0, true);
    await decide(sellerA, (await storeOrdersOf(sellerA))[0]!, 1, true);
    const orderA = (await storeOrdersOf(sellerA))[0]!;
    const ship = (body: object) => as(sellerA, 'POST', `/api/store/orders/${orderA.id}/ship`, body);
    // A tracking number means nothing without its carrier; a malformed one is refused.
    const noCarrier = await ship({ trackingNumber: '1Z999AA10123456784' });
    expect(noCarrier.statusCode).toBe(400);
    expect(json(noCarrier).message).toContain('Choose the carrier of this tracking number.');
    const malformed = await ship({ trackingNumber: '1Z 999', carrier: 'UPS' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).message).toContain('Enter the tracking number');
    const unknown = await ship({ trackingNumber: '1Z999AA10123456784', carrier: 'Owl Post' });
    expect(unknown.statusCode).toBe(400);

    const given = await ship({ trackingNumber: '1Z999AA10123456784', carrier: 'UPS' });
    expect(json<StoreOrderView>(given)).toMatchObject({
      status: 'SHIPPED',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect((await mailsTo(buyer.email)).at(-1)!.bodyText).toContain(
      'Carrier: UPS\nTracking number: 1Z999AA10123456784',
    );
    // The buyer follows it on the carrier's own tracking page (issue 39 item 29).
    const [bought] = await history(buyer);
    expect(bought!.parcels.find((p) => p.id === orderA.id)!.trackingUrl).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );

    const orderB = (await storeOrdersOf(sellerB))[0]!;
    await decide(sellerB, orderB, 0, false);
    const nothing = await as(sellerB, 'POST', `/api/store/orders/${orderB.id}/ship`);
    expect(nothing.statusCode).toBe(409);
    expect(json(nothing).message).toBe('Every item was rejected: there is nothing to ship.');
  });
});

describe('refund', () => {
  it('refunds what has not gone back yet, never twice, even when clicked twice at once', async () => {
    const { sellerA, orderA, paymentId, buyer } = await placedOrder();
    await decide(sellerA, orderA, 1, false); // 25 and its 3.00 of tax back already
    const clicks = await Promise.all([
      as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`),
      as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`),
    ]);
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const refunded = json<StoreOrderView>(clicks.find((c) => c.statusCode === 200)!);
    // 145 of items, 10 of shipping and 18.60 of tax: all of brand A's part, to the cent.
    expect(refunded).toMatchObject({ status: 'REFUNDED', refunded: 173.6, canRefund: false });
    // Every item's money is back now, the rejected one's included.
    expect(refunded.items.map((i) => i.status)).toEqual(['REFUNDED', 'REFUNDED']);
    expect((await refundsOf(paymentId)).map((r) => r.amount).sort()).toEqual([145.6, 28]);

    const again = await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`);
    expect(again.statusCode).toBe(409);
    // The state machine answers first (issue 16): a refunded order moves no more.
    expect(json(again).message).toBe('This order is already refunded.');
    const [order] = await history(buyer);
    expect(order!.items.find((i) => i.itemName === 'Harbour Coat')!.status).toBe('REFUNDED');
    // Issue 13: brand A's whole parcel went back (28 + 145.60); brand B's hat stays paid for.
    expect(order).toMatchObject({ totalAmount: 229.6, refunded: 173.6, balance: 56 });
    const refundMail = (await mailsTo(buyer.email)).at(-1)!;
    expect(refundMail.subject).toMatch(/refunded your order/);
    expect(refundMail.bodyText).toContain('Refunded: $145.60 CAD');
    expect(refundMail.bodyText).toContain('Harbour Coat');
    // The scarf's money went back with its rejection, told in its own mail.
    expect(refundMail.bodyText).not.toContain('Tide Scarf');
  });

  it('a refused refund puts the order back as it was (502)', async () => {
    const { sellerA, orderA, paymentId } = await placedOrder();
    await decide(sellerA, orderA, 0, true);
    vi.spyOn(LocalPaymentProvider.prototype, 'refund').mockRejectedValueOnce(new Error('down'));
    const failed = await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`);
    expect(failed.statusCode).toBe(502);
    const [view] = await storeOrdersOf(sellerA);
    expect(view).toMatchObject({ status: 'PLACED', refunded: 0, canRefund: true });
    expect(view!.items.map((i) => i.status)).toEqual(['ACCEPTED', 'PLACED']);
    expect(await refundsOf(paymentId)).toEqual([]);
  });
});

describe('GET /api/store/orders/{id}/shipping-label', () => {
  it("is a 4x6 PDF with the sender, the buyer's address, the order and tracking numbers and the weight", async () => {
    const { sellerA, orderA } = await placedOrder();
    await decide(sellerA, orderA, 0, true);
    await decide(sellerA, orderA, 1, true);
    const response = await as(sellerA, 'GET', `/api/store/orders/${orderA.id}/shipping-label`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 288 432\]/);
    const text = pdfText(pdf);
    const tracking = (await storeOrdersOf(sellerA))[0]!.trackingNumber!;
    expect(tracking).toMatch(/^LB-LOCAL-[0-9A-F]{16}$/);
    for (const expected of [
      // The sender (issue 16): the store's name and its whole ship-from address.
      sellerA.storeName,
      '1 Water Street, Vancouver BC V6B 1A1, CA',
      'Ada Lovelace',
      '1055 West Georgia Street',
      'Vancouver BC  V6E 3P3',
      'CANADA',
      `Order ${orderA.reference}`,
      tracking,
      // validItem weighs 2 lb: two coats and a scarf.
      '6.0 lb',
    ]) {
      expect(text).toContain(expected);
    }
    // The same tracking number on every label of this order.
    await as(sellerA, 'GET', `/api/store/orders/${orderA.id}/shipping-label`);
    expect((await storeOrdersOf(sellerA))[0]!.trackingNumber).toBe(tracking);
  });
});

describe('no shipping label for a parcel that will never ship (issue 13)', () => {
  it('a store order refunded in full offers no label, and its label route answers 409', async () => {
    const { sellerA, orderA } = await placedOrder();
    await decide(sellerA, orderA, 0, true);
    expect((await storeOrdersOf(sellerA))[0]!.canPrintLabel).toBe(true);
    expect((await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`)).statusCode).toBe(
      200,
    );
    const [refunded] = await storeOrdersOf(sellerA);
    expect(refunded).toMatchObject({ status: 'REFUNDED', canPrintLabel: false });
    const label = await as(sellerA, 'GET', `/api/store/orders/${orderA.id}/shipping-label`);
    expect(label.statusCode).toBe(409);
    expect(json(label).message).toBe(
      'This order was refunded in full: there is no parcel to label.',
    );
    // No tracking number was made for a parcel that does not exist.
    expect(refunded!.trackingNumber).toBeNull();
    expect((await storeOrdersOf(sellerA))[0]!.trackingNumber).toBeNull();
  });
});

describe('no shipping label before an item is accepted (issue 39 item 16)', () => {
  it('offers none and answers 409 while every item waits, then one accepted item opens it', async () => {
    const { sellerA, orderA } = await placedOrder();
    expect(orderA.canPrintLabel).toBe(false);
    const early = await as(sellerA, 'GET', `/api/store/orders/${orderA.id}/shipping-label`);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Accept an item before printing the shipping label.');
    // No label was bought for it.
    expect((await storeOrdersOf(sellerA))[0]!.trackingNumber).toBeNull();

    // A rejected item is no reason for a label either.
    await decide(sellerA, orderA, 1, false);
    expect((await storeOrdersOf(sellerA))[0]!.canPrintLabel).toBe(false);
    await decide(sellerA, orderA, 0, true);
    const accepted = (await storeOrdersOf(sellerA))[0]!;
    expect(accepted).toMatchObject({ canPrintLabel: true, progress: 'PREPARING' });
    const label = await as(sellerA, 'GET', `/api/store/orders/${orderA.id}/shipping-label`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
  });
});

describe("the store order's and the order's progress follow their items (issue 39 item 7)", () => {
  it('Placed, Preparing once every item is accepted, Shipped; the buyer sees the same', async () => {
    const { sellerA, orderA, buyer } = await placedOrder();
    expect(orderA.progress).toBe('PLACED');
    await decide(sellerA, orderA, 0, true);
    expect((await storeOrdersOf(sellerA))[0]!.progress).toBe('PLACED');
    await decide(sellerA, orderA, 1, true);
    expect((await storeOrdersOf(sellerA))[0]).toMatchObject({
      status: 'PLACED',
      progress: 'PREPARING',
    });
    let [order] = await history(buyer);
    // Brand B has not decided yet: the order as a whole is still placed.
    expect(order!.progress).toBe('PLACED');
    expect(order!.parcels.find((p) => p.id === orderA.id)!.progress).toBe('PREPARING');

    expect((await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/ship`)).statusCode).toBe(200);
    expect((await storeOrdersOf(sellerA))[0]!.progress).toBe('SHIPPED');
    [order] = await history(buyer);
    expect(order!.progress).toBe('PARTLY_SHIPPED');
  });

  it('a store order refunded in full reads Refunded, one whose items were all rejected Cancelled', async () => {
    const { sellerA, sellerB, orderA, buyer } = await placedOrder();
    expect((await as(sellerA, 'POST', `/api/store/orders/${orderA.id}/refund`)).statusCode).toBe(
      200,
    );
    expect((await storeOrdersOf(sellerA))[0]).toMatchObject({
      status: 'REFUNDED',
      progress: 'REFUNDED',
    });
    const orderB = (await storeOrdersOf(sellerB))[0]!;
    expect((await decide(sellerB, orderB, 0, false)).statusCode).toBe(200);
    expect((await storeOrdersOf(sellerB))[0]!.progress).toBe('CANCELLED');
    const [order] = await history(buyer);
    expect(order!.status).toBe('PLACED');
    expect(order!.progress).toBe('REFUNDED');
  });
});

describe("the seller's status filter, on the server and paged (issue 39 item 17)", () => {
  it('lists the orders to accept, to ship, on their way, delivered, and refunded or cancelled', async () => {
    const seller = await sellerWithStore(ctx.app);
    const coat = await product(seller, {
      name: 'Harbour Coat',
      price: 60,
      itemOptions: oneOption(9),
    });
    const scarf = await product(seller, {
      name: 'Tide Scarf',
      price: 25,
      itemOptions: oneOption(9),
    });
    /** One order of a coat and a scarf from a new buyer; its store order as the seller sees it. */
    const bought = async () => {
      const buyer = await loginAs(ctx.app);
      await addToBag(buyer, coat, 1);
      await addToBag(buyer, scarf, 1);
      await place(buyer, (await paidCheckout(buyer)).orderId);
      return (await storeOrdersOf(seller))[0]!;
    };
    const waiting = await bought();
    const halfDecided = await bought();
    await decide(seller, halfDecided, 0, true);
    const toShip = await bought();
    await decide(seller, toShip, 0, true);
    await decide(seller, toShip, 1, false);
    const shipped = await bought();
    await decide(seller, shipped, 0, true);
    await decide(seller, shipped, 1, true);
    expect((await as(seller, 'POST', `/api/store/orders/${shipped.id}/ship`)).statusCode).toBe(200);
    const rejected = await bought();
    await decide(seller, rejected, 0, false);
    await decide(seller, rejected, 1, false);
    const refunded = await bought();
    expect((await as(seller, 'POST', `/api/store/orders/${refunded.id}/refund`)).statusCode).toBe(
      200,
    );

    const filtered = async (status: string, page = 1, pageSize = 20) => {
      const response = await as(
        seller,
        'GET',
        `/api/store/orders?status=${status}&page=${page}&pageSize=${pageSize}`,
      );
      expect(response.statusCode).toBe(200);
      return {
        ids: json<StoreOrderView[]>(response).map((o) => o.id),
        total: response.headers['x-total-count'],
      };
    };
    // Newest first, like the whole list.
    expect(await filtered('TO_ACCEPT')).toEqual({ ids: [halfDecided.id, waiting.id], total: '2' });
    expect(await filtered('TO_ACCEPT', 2, 1)).toEqual({ ids: [waiting.id], total: '2' });
    expect(await filtered('TO_SHIP')).toEqual({ ids: [toShip.id], total: '1' });
    expect(await filtered('SHIPPED')).toEqual({ ids: [shipped.id], total: '1' });
    expect(await filtered('DELIVERED')).toEqual({ ids: [], total: '0' });
    expect(await filtered('REFUNDED_OR_CANCELLED')).toEqual({
      ids: [refunded.id, rejected.id],
      total: '2',
    });
    const all = await as(seller, 'GET', '/api/store/orders');
    expect(all.headers['x-total-count']).toBe('6');
    expect((await as(seller, 'GET', '/api/store/orders?status=LOST')).statusCode).toBe(400);
  });
});

describe('GET /api/store/payouts', () => {
  it("computes each store order's payout with spec 9's rules and totals its period", async () => {
    const { sellerA, sellerB, orderA } = await placedOrder();
    await decide(sellerA, orderA, 1, false); // the 25 scarf goes back
    const payouts = json<StorePayoutLedger>(await as(sellerA, 'GET', '/api/store/payouts'));
    expect(payouts.lines).toEqual([
      expect.objectContaining({
        storeOrderId: orderA.id,
        gross: 145,
        refunded: 25,
        sales: 120,
        paymentFee: 3.78,
        marketplaceFee: 20.52,
        commission: 24.3,
        shippingCollected: 10,
        shippingReimbursement: 0,
        net: 105.7,
      }),
    ]);
    expect(payouts.periods).toEqual([
      expect.objectContaining({ currency: 'CAD', orders: 1, sales: 120, net: 105.7 }),
    ]);
    const b = json<StorePayoutLedger>(await as(sellerB, 'GET', '/api/store/payouts'));
    expect(b.lines.map((l) => l.gross)).toEqual([40]);
  });
});
