import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView, StoreOrderView } from '@marketplace/shared';
import { FakeEasyPost } from '../../../test/fake-easypost';
import { sellerWithStore, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { NEW_YORK, orderSteps, type Buyer } from '../../../test/orders';
import type { WebhookRequest } from '../../providers/shipping/shipping-provider';
import { SIGNATURE_HEADER } from '../../providers/shipping/webhook-signature';

const fake = new FakeEasyPost();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
const ctx = setupTestApp(() => ({ shipping: fake.provider() }));
const { inject, product, addToBag, checkout, shipTo, pay, place, mailsTo } = orderSteps(ctx);

const as = (user: Buyer | Seller, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const postWebhook = (request: WebhookRequest) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/shipping/easypost/webhook',
    headers: request.headers as Record<string, string>,
    payload: request.rawBody,
  });

const TORONTO = {
  fullName: 'Ada Lovelace',
  streetAddress: '100 King Street West',
  city: 'Toronto',
  province: 'ON',
  country: 'CA',
  postalCode: 'M5X 1A9',
};

async function expressOrder() {
  const buyer = await loginAs(ctx.app);
  const seller = await sellerWithStore(ctx.app);
  const coat = await product(seller, { name: 'Harbour Coat', price: 60 });
  await addToBag(buyer, coat, 1);
  const session = json<{ orderId: string; clientSecret: string }>(await checkout(buyer));
  expect((await shipTo(buyer, session.orderId, TORONTO, 'EXPRESS')).statusCode).toBe(200);
  expect((await pay(buyer, session.clientSecret)).statusCode).toBe(200);
  expect((await place(buyer, session.orderId)).statusCode).toBe(200);
  const [order] = json<StoreOrderView[]>(await as(seller, 'GET', '/api/store/orders'));
  await as(seller, 'POST', '/api/store/orders/accept', {
    storeOrderId: order!.id,
    orderItemId: order!.items[0]!.id,
    newStatus: 'ACCEPTED',
  });
  return { buyer, seller, order: order! };
}

describe('fulfilment through EasyPost (against the local EasyPost-shaped server)', () => {
  it("buys the express rate once, redirects to EasyPost's label, and follows its signed tracker", async () => {
    const { buyer, seller, order } = await expressOrder();
    const url = `/api/store/orders/${order.id}/shipping-label`;
    const [first, second] = await Promise.all([as(seller, 'GET', url), as(seller, 'GET', url)]);
    expect([first!.statusCode, second!.statusCode]).toEqual([303, 303]);
    expect(second!.headers.location).toBe(first!.headers.location);
    const buys = fake.requests.filter((r) => r.path.endsWith('/buy'));
    expect(buys).toHaveLength(1);
    const shipment = [...fake.shipments.values()].find((s) => s.selected_rate)!;
    // Express: the rate arriving within two days (Priority), from the store's ship-from address.
    expect(shipment.selected_rate!.service).toBe('Priority');
    expect(shipment.from_address).toMatchObject({ street1: '1 Water Street', zip: 'V6B 1A1' });
    expect(first!.headers.location).toBe(shipment.postage_label!.label_url);

    const shipped = json<StoreOrderView>(
      await as(seller, 'POST', `/api/store/orders/${order.id}/ship`),
    );
    expect(shipped).toMatchObject({
      trackingNumber: shipment.tracking_code,
      carrier: 'USPS',
      trackingUrl: shipment.tracker!.public_url,
      labelUrl: shipment.postage_label!.label_url,
      canAdvanceTracker: false,
    });
    const simulated = await as(seller, 'POST', `/api/store/orders/${order.id}/tracking/advance`);
    expect(simulated.statusCode).toBe(409);

    const code = shipment.tracking_code!;
    fake.advanceTracker(code); // pre_transit
    const inTransit = fake.advanceTracker(code);
    expect(json(await postWebhook(inTransit))).toEqual({ received: true, outcome: 'applied' });
    expect(json(await postWebhook(inTransit))).toEqual({ received: true, outcome: 'duplicate' });
    const body = inTransit.rawBody.toString().replace('in_transit', 'delivered');
    const forged = await postWebhook({
      rawBody: body,
      headers: { ...inTransit.headers } as Record<string, string>,
    });
    expect(forged.statusCode).toBe(400);
    fake.advanceTracker(code); // out_for_delivery, not sent: the next event carries the history
    const delivered = fake.advanceTracker(code);
    expect(json(await postWebhook(delivered)).outcome).toBe('applied');

    const [history] = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    const parcel = history!.parcels[0]!;
    expect(parcel).toMatchObject({
      status: 'DELIVERED',
      carrier: 'USPS',
      trackingUrl: shipment.tracker!.public_url,
      deliveryAssumed: false,
    });
    const deliveredScan = fake.trackers.get(shipment.tracker!.id)!.tracking_details.at(-1)!;
    expect(parcel.deliveredAt).toBe(new Date(deliveredScan.datetime).toISOString());
    expect(parcel.events.map((e) => e.status)).toEqual([
      'pre_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    const subjects = (await mailsTo(buyer.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('was delivered'))).toHaveLength(1);
    expect(SIGNATURE_HEADER).toBe('x-hmac-signature');
  });

  it("prices express at checkout from each brand's express rate, in the order's currency", async () => {
    const buyer = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app, {
      city: 'LOS ANGELES',
      shipFromAddress: {
        fullName: 'Silver Lake Supply',
        streetAddress: '3500 Sunset Boulevard',
        city: 'Los Angeles',
        province: 'CA',
        country: 'US',
        postalCode: '90026',
      },
    });
    const tee = await product(seller, { name: 'Sunset Tee', price: 40, currency: 'USD' });
    await addToBag(buyer, tee, 1);
    const session = json<{ orderId: string; clientSecret: string }>(await checkout(buyer));
    const standard = json<{ shipping: number; currency: string }>(
      await shipTo(buyer, session.orderId, NEW_YORK, 'STANDARD'),
    );
    expect(standard).toMatchObject({ shipping: 10, currency: 'USD' });
    const express = json<{ shipping: number }>(
      await shipTo(buyer, session.orderId, NEW_YORK, 'EXPRESS'),
    );
    // The fake's Priority rate (arrives in 2 days): 8.90 + 0.20 per ounce, the tee's 2 lb.
    const rate = fake.requests.filter((r) => r.path === '/v2/shipments').at(-1)!;
    expect(rate.body).toMatchObject({
      shipment: { from_address: { zip: '90026' }, to_address: { zip: '10001' } },
    });
    expect(express.shipping).toBe(10 + 15.3);
    expect((await pay(buyer, session.clientSecret)).statusCode).toBe(200);
    expect((await place(buyer, session.orderId)).statusCode).toBe(200);
    const [order] = json<StoreOrderView[]>(await as(seller, 'GET', '/api/store/orders'));
    expect(order!.shipping).toBe(25.3);
  });

  it('keeps the configured express fee when the rate is in another currency (a CAD order)', async () => {
    const { buyer } = await expressOrder();
    const [history] = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history!.shipping).toBe(10 + 15);
  });

  it("delivers only the parcel that registered a number first: a genuine 'delivered' moves no borrower (issue 38 item 4)", async () => {
    const borrower = await expressOrder();
    const real = await expressOrder();
    expect(
      (await as(real.seller, 'GET', `/api/store/orders/${real.order.id}/shipping-label`))
        .statusCode,
    ).toBe(303);
    const shipped = json<StoreOrderView>(
      await as(real.seller, 'POST', `/api/store/orders/${real.order.id}/ship`),
    );
    const code = shipped.trackingNumber!;
    const ship = (carrier: string) =>
      as(borrower.seller, 'POST', `/api/store/orders/${borrower.order.id}/ship`, {
        trackingNumber: code,
        carrier,
      });
    // The same carrier's number on its way: refused.
    expect((await ship(shipped.carrier!)).statusCode).toBe(409);
    // Typed under another carrier it ships, but the carrier's events are the real parcel's.
    expect((await ship('UPS')).statusCode).toBe(200);
    fake.advanceTracker(code);
    fake.advanceTracker(code);
    fake.advanceTracker(code);
    expect(json(await postWebhook(fake.advanceTracker(code))).outcome).toBe('applied');
    const statusOf = async (seller: Seller) =>
      json<StoreOrderView[]>(await as(seller, 'GET', '/api/store/orders'))[0]!;
    expect((await statusOf(real.seller)).status).toBe('DELIVERED');
    expect(await statusOf(borrower.seller)).toMatchObject({ status: 'SHIPPED', deliveredAt: null });
  });
});
