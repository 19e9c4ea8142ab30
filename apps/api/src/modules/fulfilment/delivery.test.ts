import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  DELIVERY_MESSAGES,
  STORE_MESSAGES,
  STORE_ORDER_MESSAGES,
  illegalMoveMessage,
  type OrderView,
  type StoreOrderView,
} from '@marketplace/shared';
import { orderStatusEvents, shippingWebhookEvents, trackingEvents } from '../../db/schema';
import { LocalShippingProvider } from '../../providers/shipping/local-shipping-provider';
import { SIGNATURE_HEADER, signBody } from '../../providers/shipping/webhook-signature';
import type { WebhookRequest } from '../../providers/shipping/shipping-provider';
import { multipart, sellerWithStore, STORE_SHIP_FROM, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps, type Buyer } from '../../../test/orders';

const SECRET = 'local-tracker-test-secret';
const DAY = 24 * 60 * 60 * 1000;
let clock = new Date('2026-11-02T10:00:00Z');
const now = () => clock;
const provider = new LocalShippingProvider({ webhookSecret: SECRET, now });
const ctx = setupTestApp({
  now,
  shipping: provider,
  assumeDeliveredAfterDays: 10,
  trackingSimulator: true,
});
const { inject, mailsTo } = orderSteps(ctx);

type Caller = Buyer | Seller;
const as = (user: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const storeOrderOf = async (seller: Seller) =>
  json<StoreOrderView[]>(await as(seller, 'GET', '/api/store/orders'))[0]!;
const parcelsOf = async (buyer: Buyer) =>
  json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'))[0]!.parcels;
const postWebhook = (request: WebhookRequest) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/shipping/easypost/webhook',
    headers: request.headers as Record<string, string>,
    payload: request.rawBody,
  });
const statusEvents = (storeOrderId: string) =>
  ctx.database.db
    .select()
    .from(orderStatusEvents)
    .where(
      and(eq(orderStatusEvents.storeOrderId, storeOrderId), isNull(orderStatusEvents.orderItemId)),
    )
    .orderBy(asc(orderStatusEvents.id));

/** A placed order of one product (two units) from a new brand; the brand has accepted it. */
async function acceptedOrder(store: Parameters<typeof sellerWithStore>[1] = {}, c = ctx) {
  const steps = orderSteps(c);
  const buyer = await loginAs(c.app);
  const seller = await sellerWithStore(c.app, store);
  const coat = await steps.product(seller, { name: 'Harbour Coat', price: 60 });
  await steps.addToBag(buyer, coat, 2);
  const session = await steps.paidCheckout(buyer);
  expect((await steps.place(buyer, session.orderId)).statusCode).toBe(200);
  const order = json<StoreOrderView[]>(
    await c.app.inject({ method: 'GET', url: '/api/store/orders', headers: seller.headers }),
  )[0]!;
  const accepted = await c.app.inject({
    method: 'POST',
    url: '/api/store/orders/accept',
    headers: seller.headers,
    payload: {
      storeOrderId: order.id,
      orderItemId: order.items[0]!.id,
      newStatus: 'ACCEPTED',
    },
  });
  expect(accepted.statusCode).toBe(200);
  return { buyer, seller, order };
}

async function shippedOrder() {
  const placed = await acceptedOrder();
  const shipped = await as(placed.seller, 'POST', `/api/store/orders/${placed.order.id}/ship`);
  expect(shipped.statusCode).toBe(200);
  return { ...placed, order: json<StoreOrderView>(shipped) };
}

describe('store addresses (issue 16 item 1)', () => {
  it('are validated like a shipping address, in JSON and as a multipart JSON field', async () => {
    const user = await loginAs(ctx.app);
    const bad = await as(user, 'POST', '/api/store', {
      name: `Addressed ${Date.now()}`,
      city: 'VANCOUVER',
      shipFromAddress: { ...STORE_SHIP_FROM, country: 'FR' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).fieldErrors as object)).toContain('shipFromAddress.country');

    const form = await multipart({
      fields: { name: `Multipart ${Date.now()}`, city: 'VANCOUVER', shipFromAddress: 'not json' },
    });
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/store',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect(notJson.statusCode).toBe(400);
    expect(JSON.stringify(json(notJson))).toContain(
      STORE_MESSAGES.addressJson('Ship-from address'),
    );

    const good = await multipart({
      fields: {
        name: `Multipart ok ${Date.now()}`,
        city: 'VANCOUVER',
        shipFromAddress: JSON.stringify(STORE_SHIP_FROM),
      },
    });
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/store',
      headers: { ...user.headers, ...good.headers },
      payload: good.payload,
    });
    expect(opened.statusCode).toBe(201);
    const own = json(await as(user, 'GET', '/api/store'));
    expect(own).toMatchObject({ shipFromAddress: STORE_SHIP_FROM, returnAddress: null });
  });

  it('only the owner sees them: the public answers never carry them', async () => {
    const seller = await sellerWithStore(ctx.app);
    const returnAddress = { ...STORE_SHIP_FROM, streetAddress: '9 Return Lane' };
    const edited = await as(seller, 'PUT', '/api/store', {
      name: seller.storeName,
      city: 'VANCOUVER',
      description: 'Edited',
      returnAddress,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).not.toContain('Water Street');
    // Leaving the ship-from address out of PUT keeps it.
    expect(json(await as(seller, 'GET', '/api/store'))).toMatchObject({
      shipFromAddress: STORE_SHIP_FROM,
      returnAddress,
    });
    const one = await ctx.app.inject({
      url: `/api/store/public/${encodeURIComponent(seller.storeName)}`,
    });
    const all = await ctx.app.inject({ url: '/api/store/public' });
    for (const answer of [one.body, all.body]) {
      expect(answer).not.toContain('Water Street');
      expect(answer).not.toContain('Return Lane');
    }
    const buyer = await loginAs(ctx.app);
    expect((await as(buyer, 'GET', '/api/store')).statusCode).toBe(403);
  });

  it('a label without a ship-from address answers 409 naming where to add it', async () => {
    const { seller, order } = await acceptedOrder({ shipFromAddress: null });
    const label = await as(seller, 'GET', `/api/store/orders/${order.id}/shipping-label`);
    expect(label.statusCode).toBe(409);
    expect(json(label).message).toBe(STORE_MESSAGES.shipFromMissing);
    const ship = await as(seller, 'POST', `/api/store/orders/${order.id}/ship`);
    expect(ship.statusCode).toBe(409);
    expect(json(ship).message).toBe(STORE_MESSAGES.shipFromMissing);
    expect((await storeOrderOf(seller)).status).toBe('PLACED');
    // Shipping with the seller's own carrier needs no address of ours.
    const own = await as(seller, 'POST', `/api/store/orders/${order.id}/ship`, {
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
    });
    expect(own.statusCode).toBe(200);
    const after = await as(seller, 'GET', `/api/store/orders/${order.id}/shipping-label`);
    expect(json(after).message).toBe(STORE_ORDER_MESSAGES.labelOwnCarrier);
  });
});

describe('labels through the shipping provider (issue 16 item 2)', () => {
  it('are bought once, even when printed three times at once, and ship with the order', async () => {
    const { seller, order } = await acceptedOrder();
    const buy = vi.spyOn(provider, 'buyLabel');
    const url = `/api/store/orders/${order.id}/shipping-label`;
    const labels = await Promise.all([1, 2, 3].map(() => as(seller, 'GET', url)));
    expect(labels.map((l) => l.statusCode)).toEqual([200, 200, 200]);
    expect(buy).toHaveBeenCalledTimes(1);
    // The same PDF every time: the label bought, stored.
    expect(labels[1]!.rawPayload.equals(labels[0]!.rawPayload)).toBe(true);
    expect(labels[2]!.rawPayload.equals(labels[0]!.rawPayload)).toBe(true);
    const { trackingNumber } = await storeOrderOf(seller);
    const shipped = json<StoreOrderView>(
      await as(seller, 'POST', `/api/store/orders/${order.id}/ship`),
    );
    expect(shipped.trackingNumber).toBe(trackingNumber);
    expect(buy).toHaveBeenCalledTimes(1);
    buy.mockRestore();
  });
});

describe('tracking and delivery (issue 16 item 3)', () => {
  it('the simulated tracker moves the parcel in transit, out for delivery, delivered: recorded, mailed once each', async () => {
    const { buyer, seller, order } = await shippedOrder();
    expect(order.canAdvanceTracker).toBe(true);
    const advance = () => as(seller, 'POST', `/api/store/orders/${order.id}/tracking/advance`);
    // pre_transit: no move yet.
    expect(json<StoreOrderView>(await advance()).status).toBe('SHIPPED');
    expect(json<StoreOrderView>(await advance()).status).toBe('IN_TRANSIT');
    clock = new Date(clock.getTime() + 60_000);
    const out = json<StoreOrderView>(await advance());
    expect(out.status).toBe('IN_TRANSIT');
    clock = new Date(clock.getTime() + 60_000);
    const deliveredAt = clock.toISOString();
    const delivered = json<StoreOrderView>(await advance());
    expect(delivered).toMatchObject({
      status: 'DELIVERED',
      deliveredAt,
      deliveryAssumed: false,
      canAdvanceTracker: false,
    });
    expect(delivered.items.map((i) => i.status)).toEqual(['DELIVERED']);
    const done = await advance();
    expect(done.statusCode).toBe(409);
    expect(json(done).message).toBe(STORE_ORDER_MESSAGES.trackerDone);

    const events = (await statusEvents(order.id)).filter((e) => e.status !== 'PLACED');
    expect(events.map((e) => [e.status, e.actorKind, e.actorId])).toEqual([
      ['SHIPPED', 'seller', expect.any(String)],
      ['IN_TRANSIT', 'carrier', null],
      ['DELIVERED', 'carrier', null],
    ]);
    const [parcel] = await parcelsOf(buyer);
    expect(parcel).toMatchObject({
      status: 'DELIVERED',
      deliveredAt,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      canConfirmDelivery: false,
    });
    expect(parcel!.events.map((e) => e.status)).toEqual([
      'pre_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    const subjects = (await mailsTo(buyer.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('out for delivery'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('was delivered'))).toHaveLength(1);
  });

  it('the webhook refuses forged, unsigned and stale events, and applies a replay once', async () => {
    const { buyer, seller, order } = await shippedOrder();
    const request = provider.advanceSimulation({
      trackingNumber: order.trackingNumber!,
      recorded: [
        {
          status: 'pre_transit',
          occurredAt: clock.toISOString(),
          message: 'Label',
          location: null,
        },
      ],
    })!;
    const body = request.rawBody.toString();
    const forged = await postWebhook({
      rawBody: body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, 'wrong') },
    });
    expect(forged.statusCode).toBe(400);
    const unsigned = await postWebhook({
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await storeOrderOf(seller)).status).toBe('SHIPPED');

    const first = await postWebhook(request);
    expect(json(first)).toEqual({ received: true, outcome: 'applied' });
    const replay = await postWebhook(request);
    expect(json(replay)).toEqual({ received: true, outcome: 'duplicate' });
    expect((await storeOrderOf(seller)).status).toBe('IN_TRANSIT');
    const recorded = await ctx.database.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.storeOrderId, order.id));
    expect(recorded).toHaveLength(2);
    expect((await statusEvents(order.id)).filter((e) => e.status === 'IN_TRANSIT')).toHaveLength(1);

    // Captured and sent again days later: stale.
    const later = provider.advanceSimulation({
      trackingNumber: order.trackingNumber!,
      recorded: recorded.map((e) => ({
        status: e.status as 'in_transit',
        occurredAt: e.occurredAt.toISOString(),
        message: e.message,
        location: e.location,
      })),
    })!;
    clock = new Date(clock.getTime() + 4 * DAY);
    const stale = await postWebhook(later);
    expect(stale.statusCode).toBe(400);
    const [parcel] = await parcelsOf(buyer);
    expect(parcel!.status).toBe('IN_TRANSIT');
  });

  it('the buyer confirms "I received it" for their own parcel only; the table refuses other moves', async () => {
    const { buyer, seller, order } = await acceptedOrder();
    const received = (user: Caller) => as(user, 'POST', `/api/orders/parcels/${order.id}/received`);
    const early = await received(buyer);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(illegalMoveMessage('storeOrder', 'PLACED', 'DELIVERED'));
    expect((await as(seller, 'POST', `/api/store/orders/${order.id}/ship`)).statusCode).toBe(200);
    expect((await parcelsOf(buyer))[0]!.canConfirmDelivery).toBe(true);

    const stranger = await loginAs(ctx.app);
    expect((await received(stranger)).statusCode).toBe(404);
    expect((await received(seller)).statusCode).toBe(404);

    const confirmed = await received(buyer);
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed)).toEqual({
      id: order.id,
      status: 'DELIVERED',
      deliveredAt: clock.toISOString(),
    });
    const again = await received(buyer);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('This order is already delivered.');
    const last = (await statusEvents(order.id)).at(-1)!;
    expect(last).toMatchObject({ status: 'DELIVERED', actorKind: 'buyer' });
    expect(last.actorId).not.toBeNull();
    const parcel = (await parcelsOf(buyer))[0]!;
    expect(parcel).toMatchObject({ status: 'DELIVERED', deliveryAssumed: false });
    expect(DELIVERY_MESSAGES.deliveredOn('Nov 2, 2026', parcel.deliveryAssumed)).toBe(
      'Delivered on Nov 2, 2026',
    );
    // Nothing was mailed for a delivery the buyer reported.
    expect((await mailsTo(buyer.email)).some((m) => m.subject.includes('was delivered'))).toBe(
      false,
    );
  });

  it('the sweep assumes delivery 10 days after shipping when nothing said so', async () => {
    const { buyer, order } = await shippedOrder();
    const sweep = () => ctx.app.services.fulfilment.assumeDeliveries();
    clock = new Date(clock.getTime() + 9 * DAY);
    await sweep();
    expect((await parcelsOf(buyer))[0]!.status).toBe('SHIPPED');
    clock = new Date(clock.getTime() + 1 * DAY + 60_000);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const [parcel] = await parcelsOf(buyer);
    expect(parcel).toMatchObject({
      status: 'DELIVERED',
      deliveryAssumed: true,
      deliveredAt: clock.toISOString(),
    });
    expect(DELIVERY_MESSAGES.deliveredOn('Nov 12, 2026', true)).toContain('Assumed delivered');
    const last = (await statusEvents(order.id)).at(-1)!;
    expect(last).toMatchObject({ status: 'DELIVERED', actorKind: 'system', actorId: null });
    // Once: the next run finds nothing of this parcel's.
    await sweep();
    expect((await statusEvents(order.id)).filter((e) => e.status === 'DELIVERED')).toHaveLength(1);
  });

  it('hands a tracking update for a number that is no parcel of ours to the returns hook', async () => {
    const seen: string[] = [];
    const returnTracking = vi
      .spyOn(ctx.app.services.returns, 'trackingUpdate')
      .mockImplementation(async (update) => {
        seen.push(update.trackingNumber);
        return true;
      });
    const body = JSON.stringify({
      id: `lcl_evt_return_${Date.now()}`,
      description: 'tracker.updated',
      created_at: clock.toISOString(),
      tracking_number: 'LB-LOCAL-RETURN000000001',
      status: 'in_transit',
      events: [],
    });
    const request = {
      rawBody: body,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(body, SECRET) },
    };
    expect(json(await postWebhook(request))).toEqual({ received: true, outcome: 'applied' });
    expect(json(await postWebhook(request))).toEqual({ received: true, outcome: 'duplicate' });
    expect(seen).toEqual(['LB-LOCAL-RETURN000000001']);
    const [recorded] = await ctx.database.db
      .select()
      .from(shippingWebhookEvents)
      .where(eq(shippingWebhookEvents.trackingNumber, 'LB-LOCAL-RETURN000000001'));
    expect(recorded).toBeDefined();
    returnTracking.mockRestore();
  });
});

describe('a tracking number belongs to one parcel (issue 38 item 4)', () => {
  const ship = (seller: Seller, id: string, body?: object) =>
    as(seller, 'POST', `/api/store/orders/${id}/ship`, body);

  it('refuses a tracking number another parcel on its way holds with the same carrier (409)', async () => {
    const first = await acceptedOrder();
    const second = await acceptedOrder();
    const trackingNumber = `1Z${Date.now()}`;
    expect(
      (await ship(first.seller, first.order.id, { trackingNumber, carrier: 'UPS' })).statusCode,
    ).toBe(200);
    const taken = await ship(second.seller, second.order.id, { trackingNumber, carrier: 'UPS' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe(STORE_ORDER_MESSAGES.trackingNumberTaken);
    expect((await storeOrderOf(second.seller)).status).toBe('PLACED');
    // Once the first parcel is delivered, the number is free again (carriers reuse them).
    await as(first.buyer, 'POST', `/api/orders/parcels/${first.order.id}/received`);
    expect(
      (await ship(second.seller, second.order.id, { trackingNumber, carrier: 'UPS' })).statusCode,
    ).toBe(200);
  });

  it("applies a number's events to the parcel that registered it first: a borrowed number delivers nothing", async () => {
    // The borrower's order is placed first; the real parcel's number is registered first.
    const borrower = await acceptedOrder();
    clock = new Date(clock.getTime() + 60_000);
    const real = await shippedOrder();
    const borrowed = await ship(borrower.seller, borrower.order.id, {
      trackingNumber: real.order.trackingNumber,
      carrier: 'Canada Post',
    });
    expect(borrowed.statusCode).toBe(200);
    for (let step = 0; step < 4; step++) {
      clock = new Date(clock.getTime() + 60_000);
      const advanced = await as(
        real.seller,
        'POST',
        `/api/store/orders/${real.order.id}/tracking/advance`,
      );
      if (json<StoreOrderView>(advanced).status === 'DELIVERED') break;
    }
    expect((await storeOrderOf(real.seller)).status).toBe('DELIVERED');
    const untouched = await storeOrderOf(borrower.seller);
    expect(untouched).toMatchObject({ status: 'SHIPPED', deliveredAt: null });
    const scans = await ctx.database.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.storeOrderId, borrower.order.id));
    expect(scans).toEqual([]);
  });
});

describe('the simulated tracker is off unless enabled (issue 38 item 4)', () => {
  const off = setupTestApp({
    now,
    shipping: new LocalShippingProvider({ webhookSecret: SECRET, now }),
  });

  it('never lets a seller mark their own parcel delivered', async () => {
    const { seller, order } = await acceptedOrder({}, off);
    const shipped = await off.app.inject({
      method: 'POST',
      url: `/api/store/orders/${order.id}/ship`,
      headers: seller.headers,
    });
    expect(shipped.statusCode).toBe(200);
    expect(json<StoreOrderView>(shipped).canAdvanceTracker).toBe(false);
    const advance = await off.app.inject({
      method: 'POST',
      url: `/api/store/orders/${order.id}/tracking/advance`,
      headers: seller.headers,
    });
    expect(advance.statusCode).toBe(409);
    expect(json(advance).message).toBe(STORE_ORDER_MESSAGES.trackerOff);
  });
});
