import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIT_ADVICE,
  RETURN_MESSAGES as M,
  illegalMoveMessage,
  refundDueBy,
  type MoneyAtAGlance,
  type OrderView,
  type ReturnView,
  type ReturnableStoreOrder,
  type StoreOrderView,
} from '@marketplace/shared';
import {
  localRefunds,
  orderItems,
  orderStatusEvents,
  orderTaxLines,
  storeOrderRefunds,
  users,
} from '../../db/schema';
import { LocalPaymentProvider } from '../../providers/payments/local-payment-provider';
import { sellerWithStore, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { centsAsDollars, inDollars } from '../../../test/money';
import { orderSteps, type Buyer } from '../../../test/orders';
import { HONOLULU, deliveredOrder, testClock, type Delivered } from '../../../test/returns';

const ctx = setupTestApp(() => ({ now: testClock.now }));
const { mailsTo } = orderSteps(ctx);

afterEach(() => {
  vi.restoreAllMocks();
  testClock.at = null;
});

type Caller = Buyer | Seller;
const as = (user: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const requestReturn = (
  d: Delivered,
  reason = 'RUNS_SMALL',
  orderItemIds = [d.storeOrder.items[0]!.id],
  buyer: Buyer = d.buyer,
) =>
  as(buyer, 'POST', '/api/orders/returns', {
    storeOrderId: d.storeOrder.id,
    orderItemIds,
    reason,
  });
const receive = (seller: Caller, id: string, body: object = { damaged: false }) =>
  as(seller, 'POST', `/api/store/returns/${id}/receive`, body);
const itemStatus = async (orderItemId: number) =>
  (
    await ctx.database.db
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.id, orderItemId))
  )[0]!.status;
const refundsOf = (paymentId: string) =>
  ctx.database.db
    .select()
    .from(localRefunds)
    .where(eq(localRefunds.paymentId, paymentId))
    .orderBy(asc(localRefunds.createdAt))
    .then((rows) => rows.map(inDollars));
const buyerReturns = async (buyer: Buyer) =>
  json<ReturnView[]>(await as(buyer, 'GET', '/api/orders/returns'));

describe('a buyer returns items of a delivered order', () => {
  it('lists which lines can go back, until when, and whether the label is free', async () => {
    const d = await deliveredOrder(ctx, { deliveredDaysAgo: 2 });
    const answer = await as(d.buyer, 'GET', `/api/orders/${d.orderId}/returnable`);
    expect(answer.statusCode).toBe(200);
    const [parcel] = json<ReturnableStoreOrder[]>(answer);
    expect(parcel).toMatchObject({
      storeOrderId: d.storeOrder.id,
      storeName: d.seller.storeName,
      blocker: null,
      labelFree: true,
    });
    expect(new Date(parcel!.returnBy!).getTime() - new Date(parcel!.deliveredAt!).getTime()).toBe(
      14 * 86_400_000,
    );
    expect(parcel!.lines.map((l) => [l.itemName, l.returnable, l.tax])).toEqual([
      ['Harbour Coat', true, 7.2],
    ]);
  });

  it('makes the return with a prepaid label, moves the line by the buyer, and mails both sides', async () => {
    const d = await deliveredOrder(ctx);
    const answer = await requestReturn(d, 'RUNS_SMALL');
    expect(answer.statusCode).toBe(201);
    const created = json<ReturnView>(answer);
    expect(created).toMatchObject({
      status: 'REQUESTED',
      reason: 'RUNS_SMALL',
      storeName: d.seller.storeName,
      buyerName: 'Ada Lovelace',
      amount: 67.2,
      tax: 7.2,
      refundedAt: null,
      refundOverdue: false,
      label: {
        carrier: 'Local Brands (simulated)',
        trackingNumber: expect.stringMatching(/^LB-LOCAL-/),
        url: `/api/orders/returns/${created.id}/label`,
      },
      returnAddress: expect.objectContaining({ fullName: 'Returns Desk', city: 'Vancouver' }),
    });
    expect(created.lines.map((l) => l.status)).toEqual(['RETURN_REQUESTED']);
    const [buyerRow] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, d.buyer.userName));
    const events = await ctx.database.db
      .select()
      .from(orderStatusEvents)
      .where(
        and(
          eq(orderStatusEvents.storeOrderId, d.storeOrder.id),
          eq(orderStatusEvents.status, 'RETURN_REQUESTED'),
        ),
      );
    expect(events.map((e) => [e.orderItemId, e.actorId])).toEqual([
      [d.storeOrder.items[0]!.id, buyerRow!.id],
    ]);

    const label = await as(d.buyer, 'GET', created.label!.url);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Nobody else downloads it.
    const stranger = await loginAs(ctx.app);
    expect((await as(stranger, 'GET', created.label!.url)).statusCode).toBe(404);

    const [toSeller] = (await mailsTo(d.seller.email)).filter((m) =>
      /Return requested/.test(m.subject),
    );
    expect(toSeller!.subject).toContain('Doesn’t fit — runs small');
    expect(toSeller!.bodyText).toContain('Reason: Doesn’t fit — runs small');
    const toBuyer = (await mailsTo(d.buyer.email)).at(-1)!;
    expect(toBuyer.subject).toBe(`Your return label for order ${d.storeOrder.reference}`);
    expect(toBuyer.bodyText).toContain(created.label!.trackingNumber);
    expect(toBuyer.bodyText).toContain('$67.20 CAD (tax included)');
  });

  it('refuses a missing reason, a reason that is not one of the five, and no items (400)', async () => {
    const d = await deliveredOrder(ctx);
    for (const reason of ['EXCHANGE', '']) {
      const answer = await requestReturn(d, reason);
      expect(answer.statusCode).toBe(400);
      expect(json(answer).fieldErrors).toMatchObject({ reason: M.reasonRequired });
    }
    const none = await requestReturn(d, 'FAULTY', []);
    expect(none.statusCode).toBe(400);
    expect(json(none).fieldErrors).toMatchObject({ orderItemIds: M.itemsRequired });
  });

  it('takes returns within 14 days of delivery, faulty goods too, and not after (409)', async () => {
    const late = await deliveredOrder(ctx, { deliveredDaysAgo: 14.01 });
    for (const reason of ['CHANGED_MIND', 'FAULTY']) {
      const answer = await requestReturn(late, reason);
      expect(answer.statusCode).toBe(409);
      expect(json(answer).message).toMatch(
        /^Returns are accepted within 14 days of delivery; this order was delivered on \w+ \d+, \d{4}\.$/,
      );
    }
    const inTime = await deliveredOrder(ctx, { deliveredDaysAgo: 13.99 });
    expect((await requestReturn(inTime, 'FAULTY')).statusCode).toBe(201);
  });

  it('never takes back items owned more than 6 months', async () => {
    const d = await deliveredOrder(ctx);
    testClock.at = new Date(Date.now() + 183 * 86_400_000);
    const answer = await requestReturn(d, 'FAULTY');
    expect(answer.statusCode).toBe(409);
    expect(json(answer).message).toBe(M.ownedTooLong);
  });

  it('refuses an order not delivered yet', async () => {
    const d = await deliveredOrder(ctx);
    await ctx.database.db
      .update(orderItems)
      .set({ status: 'SHIPPED' })
      .where(eq(orderItems.storeOrderId, d.storeOrder.id));
    const { storeOrders } = await import('../../db/schema');
    await ctx.database.db
      .update(storeOrders)
      .set({ status: 'SHIPPED', deliveredAt: null })
      .where(eq(storeOrders.id, d.storeOrder.id));
    const answer = await requestReturn(d);
    expect(answer.statusCode).toBe(409);
    expect(json(answer).message).toBe(M.notDelivered);
  });

  it("answers 404 for another buyer's order and for a line not in the order", async () => {
    const d = await deliveredOrder(ctx);
    const other = await loginAs(ctx.app);
    const theirs = await requestReturn(d, 'FAULTY', undefined, other);
    expect(theirs.statusCode).toBe(404);
    expect(json(theirs).message).toBe(M.orderNotFound);
    expect((await as(other, 'GET', `/api/orders/${d.orderId}/returnable`)).statusCode).toBe(404);
    const elsewhere = await deliveredOrder(ctx, { buyer: d.buyer });
    const foreign = await requestReturn(d, 'FAULTY', [elsewhere.storeOrder.items[0]!.id]);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(M.itemNotInOrder);
  });

  it('keeps one return per line: a double submit makes one, a second return is refused', async () => {
    const d = await deliveredOrder(ctx);
    const answers = await Promise.all([requestReturn(d), requestReturn(d)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const again = await requestReturn(d, 'FAULTY');
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(M.alreadyOpen);
    expect(await buyerReturns(d.buyer)).toHaveLength(1);
    // My Orders asks for one order's returns.
    const other = await deliveredOrder(ctx, { buyer: d.buyer });
    const ofOther = await as(d.buyer, 'GET', `/api/orders/returns?orderId=${other.orderId}`);
    expect(json<ReturnView[]>(ofOther)).toEqual([]);
    const ofThis = await as(d.buyer, 'GET', `/api/orders/returns?orderId=${d.orderId}`);
    expect(json<ReturnView[]>(ofThis)).toHaveLength(1);
  });

  it('needs the brand’s return address (409 with a clear message)', async () => {
    const d = await deliveredOrder(ctx, { returnAddress: false });
    const answer = await requestReturn(d);
    expect(answer.statusCode).toBe(409);
    expect(json(answer).message).toBe(M.noReturnAddress);
    expect(await itemStatus(d.storeOrder.items[0]!.id)).toBe('DELIVERED');
  });

  it('from Hawaii, makes no prepaid label and tells the buyer where to send it', async () => {
    const d = await deliveredOrder(ctx, { address: HONOLULU });
    const answer = await requestReturn(d, 'NOT_AS_DESCRIBED');
    expect(answer.statusCode).toBe(201);
    const created = json<ReturnView>(answer);
    expect(created.label).toBeNull();
    expect((await as(d.buyer, 'GET', `/api/orders/returns/${created.id}/label`)).statusCode).toBe(
      404,
    );
    const mail = (await mailsTo(d.buyer.email)).at(-1)!;
    expect(mail.bodyText).toContain(M.notPrepaid);
    expect(mail.bodyText).toContain('200 Granville Street');
  });
});

describe('the brand receives a return and its refund goes out at once', () => {
  it('refunds exactly the returned line and its tax; a later parcel refund pays back only the rest', async () => {
    const d = await deliveredOrder(ctx, {
      products: [
        { name: 'Harbour Coat', price: 60, quantity: 2 },
        { name: 'Tide Scarf', price: 25 },
      ],
    });
    const created = json<ReturnView>(await requestReturn(d, 'RUNS_LARGE'));
    // Two coats at 60 and their GST + PST (12 % of 120).
    expect(created).toMatchObject({ amount: 134.4, tax: 14.4 });
    const answer = await receive(d.seller, created.id);
    expect(answer.statusCode).toBe(200);
    expect(json<ReturnView>(answer)).toMatchObject({
      status: 'REFUNDED',
      refundOverdue: false,
      lines: [expect.objectContaining({ status: 'REFUNDED' })],
    });
    expect((await refundsOf(d.paymentId)).map((r) => r.amount)).toEqual([134.4]);
    expect(await itemStatus(d.storeOrder.items[1]!.id)).toBe('DELIVERED');

    const mails = await mailsTo(d.buyer.email);
    expect(mails.at(-2)!.subject).toBe(
      `${d.seller.storeName} received your return from order ${d.storeOrder.reference}`,
    );
    const refunded = mails.at(-1)!;
    expect(refunded.subject).toBe(
      `${d.seller.storeName} refunded your return from order ${d.storeOrder.reference}`,
    );
    expect(refunded.bodyText).toContain('Refunded: $134.40 CAD');
    expect(refunded.bodyText).toContain('GST 5% returned: $6.00 CAD\nPST 7% returned: $8.40 CAD');

    // The rest of the parcel: the scarf, its tax, the shipping and its tax; never more than paid.
    const rest = await as(d.seller, 'POST', `/api/store/orders/${d.storeOrder.id}/refund`);
    expect(rest.statusCode).toBe(200);
    expect(json<StoreOrderView>(rest).refunded).toBe(173.6);
    expect((await refundsOf(d.paymentId)).map((r) => r.amount)).toEqual([134.4, 39.2]);
  });

  it('records received damaged with its note; refuses a second receipt (illegal move, 409)', async () => {
    const d = await deliveredOrder(ctx);
    const created = json<ReturnView>(await requestReturn(d, 'FAULTY'));
    const noNote = await receive(d.seller, created.id, { damaged: true, note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(json(noNote).fieldErrors).toMatchObject({ note: M.damagedNoteRequired });
    const damaged = await receive(d.seller, created.id, {
      damaged: true,
      note: 'Seam torn at the left sleeve.',
    });
    expect(damaged.statusCode).toBe(200);
    expect(json<ReturnView>(damaged)).toMatchObject({
      status: 'REFUNDED',
      damaged: true,
      note: 'Seam torn at the left sleeve.',
    });
    const again = await receive(d.seller, created.id);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(illegalMoveMessage('item', 'REFUNDED', 'RETURN_RECEIVED'));
  });

  it("lists only the store's own returns, paginated; another store's return is 404, no store 403", async () => {
    const d = await deliveredOrder(ctx, {
      products: [
        { name: 'Harbour Coat', price: 60 },
        { name: 'Tide Scarf', price: 25 },
      ],
    });
    const first = json<ReturnView>(await requestReturn(d, 'FAULTY', [d.storeOrder.items[0]!.id]));
    const second = json<ReturnView>(
      await requestReturn(d, 'CHANGED_MIND', [d.storeOrder.items[1]!.id]),
    );
    const page = await as(d.seller, 'GET', '/api/store/returns?page=1&pageSize=1');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('2');
    expect(json<ReturnView[]>(page).map((r) => r.id)).toEqual([second.id]);
    const other = await sellerWithStore(ctx.app);
    expect(json<ReturnView[]>(await as(other, 'GET', '/api/store/returns'))).toEqual([]);
    const foreign = await receive(other, first.id);
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(M.notFound);
    expect((await receive(d.buyer, first.id)).statusCode).toBe(403);
  });

  it('a refused refund leaves the return received; overdue after 3 working days; the sweep sends it', async () => {
    const d = await deliveredOrder(ctx);
    const created = json<ReturnView>(await requestReturn(d, 'CHANGED_MIND'));
    // Friday 10:00 UTC: due by the end of Wednesday (Monday, Tuesday, Wednesday).
    const friday = new Date(Date.UTC(2026, 11, 4, 10));
    testClock.at = friday;
    vi.spyOn(LocalPaymentProvider.prototype, 'refund').mockRejectedValueOnce(new Error('down'));
    const answer = await receive(d.seller, created.id);
    expect(answer.statusCode).toBe(200);
    const received = json<ReturnView>(answer);
    expect(received).toMatchObject({
      status: 'RECEIVED',
      refundedAt: null,
      refundOverdue: false,
      refundDueBy: '2026-12-10T00:00:00.000Z',
      lines: [expect.objectContaining({ status: 'RETURN_RECEIVED' })],
    });
    expect(refundDueBy(friday).toISOString()).toBe('2026-12-10T00:00:00.000Z');
    expect(await refundsOf(d.paymentId)).toEqual([]);

    testClock.at = new Date(Date.UTC(2026, 11, 9, 23));
    expect((await ctx.app.services.returns.overdue()).map((r) => r.returnId)).not.toContain(
      created.id,
    );
    testClock.at = new Date(Date.UTC(2026, 11, 10, 1));
    const overdue = (await ctx.app.services.returns.overdue()).find(
      (r) => r.returnId === created.id,
    );
    expect(overdue).toEqual({
      returnId: created.id,
      reference: d.storeOrder.reference,
      storeId: expect.any(String),
      storeName: d.seller.storeName,
      buyerUserName: d.buyer.userName,
      receivedAt: friday.toISOString(),
      refundDueBy: '2026-12-10T00:00:00.000Z',
      amount: 67.2,
      currency: 'CAD',
    });
    const [mine] = await buyerReturns(d.buyer);
    expect(mine).toMatchObject({ id: created.id, refundOverdue: true });

    await ctx.app.services.returns.retryRefunds();
    expect((await refundsOf(d.paymentId)).map((r) => r.amount)).toEqual([67.2]);
    const [after] = await buyerReturns(d.buyer);
    expect(after).toMatchObject({ status: 'REFUNDED', refundOverdue: false });
    expect((await ctx.app.services.returns.overdue()).map((r) => r.returnId)).not.toContain(
      created.id,
    );
    // The sweep again sends nothing twice.
    await ctx.app.services.returns.retryRefunds();
    expect(await refundsOf(d.paymentId)).toHaveLength(1);
  });
  it('a return received while its parcel is refunded closes as refunded: the sweep has nothing to send, the operator nothing overdue (issue 38 item 10)', async () => {
    const d = await deliveredOrder(ctx);
    const created = json<ReturnView>(await requestReturn(d, 'CHANGED_MIND'));
    const friday = new Date(Date.UTC(2026, 11, 4, 10));
    testClock.at = friday;
    vi.spyOn(LocalPaymentProvider.prototype, 'refund').mockRejectedValueOnce(new Error('down'));
    expect(json<ReturnView>(await receive(d.seller, created.id)).status).toBe('RECEIVED');
    // The brand refunds the whole parcel instead: the returned line's money goes back with it.
    const parcel = await as(d.seller, 'POST', `/api/store/orders/${d.storeOrder.id}/refund`);
    expect(parcel.statusCode).toBe(200);
    expect(json<StoreOrderView>(parcel).status).toBe('REFUNDED');
    const paid = (await refundsOf(d.paymentId)).map((r) => r.amount);
    expect(paid).toHaveLength(1);

    const [closed] = await buyerReturns(d.buyer);
    expect(closed).toMatchObject({ id: created.id, status: 'REFUNDED', refundOverdue: false });
    expect(closed!.refundedAt).not.toBeNull();
    // A week later: nothing overdue, and the sweep neither errs nor pays twice.
    testClock.at = new Date(Date.UTC(2026, 11, 11, 10));
    const errors = vi.spyOn(ctx.app.log, 'error');
    expect(await ctx.app.services.returns.retryRefunds()).toEqual({ refunded: 0 });
    expect(errors).not.toHaveBeenCalled();
    expect((await ctx.app.services.returns.overdue()).map((r) => r.returnId)).not.toContain(
      created.id,
    );
    expect((await refundsOf(d.paymentId)).map((r) => r.amount)).toEqual(paid);
  });
});

describe('returning some units of a line (issue 39.8)', () => {
  const returnUnits = (d: Delivered, quantities: Record<string, number>, ids?: number[]) =>
    as(d.buyer, 'POST', '/api/orders/returns', {
      storeOrderId: d.storeOrder.id,
      orderItemIds: ids ?? [d.storeOrder.items[0]!.id],
      reason: 'CHANGED_MIND',
      quantities,
    });
  const taxOfStoreOrder = async (d: Delivered) =>
    (
      await ctx.database.db
        .select({ amountCents: orderTaxLines.amountCents, orderItemId: orderTaxLines.orderItemId })
        .from(orderTaxLines)
        .where(eq(orderTaxLines.orderId, d.orderId))
    )
      .map(centsAsDollars)
      .filter((t) => t.orderItemId !== null);

  it('sends back 1 of 3 with its share of each tax, then the other 2: refunds add up to the line to the cent', async () => {
    // 3 × 33.33 = 99.99 in Vancouver: GST 5.00 and PST 7.00, charged on the whole line.
    const d = await deliveredOrder(ctx, {
      products: [{ name: 'Trail Sock', price: 33.33, quantity: 3 }],
    });
    const line = d.storeOrder.items[0]!;
    const one = await returnUnits(d, { [line.id]: 1 });
    expect(one.statusCode).toBe(201);
    const first = json<ReturnView>(one);
    // A third of each tax, rounded to the cent: GST 1.67 and PST 2.33.
    expect(first).toMatchObject({ amount: 37.33, tax: 4 });
    expect(first.lines).toMatchObject([{ quantity: 1, status: 'RETURN_REQUESTED', tax: 4 }]);
    expect(first.lines[0]!.orderItemId).not.toBe(line.id);

    // The other two stay delivered, and can go back on their own.
    const [parcel] = json<ReturnableStoreOrder[]>(
      await as(d.buyer, 'GET', `/api/orders/${d.orderId}/returnable`),
    );
    expect(
      parcel!.lines.map((l) => [l.orderItemId, l.quantity, l.status, l.returnable, l.tax]),
    ).toEqual([
      [line.id, 2, 'DELIVERED', true, 8],
      [first.lines[0]!.orderItemId, 1, 'RETURN_REQUESTED', false, 4],
    ]);
    // Nothing gained or lost: the tax lines still add up to what was charged.
    const cents = (await taxOfStoreOrder(d)).reduce(
      (sum, t) => sum + Math.round(t.amount * 100),
      0,
    );
    expect(cents).toBe(1200);

    expect((await receive(d.seller, first.id)).statusCode).toBe(200);
    const rest = json<ReturnView>(await returnUnits(d, {}));
    expect(rest).toMatchObject({ amount: 74.66, tax: 8 });
    expect((await receive(d.seller, rest.id)).statusCode).toBe(200);
    expect((await refundsOf(d.paymentId)).map((r) => r.amount)).toEqual([37.33, 74.66]);

    // The buyer's order shows both lines, each with its own status and units.
    const [order] = json<OrderView[]>(await as(d.buyer, 'GET', '/api/orders/history'));
    expect(order!.items.map((i) => [i.quantity, i.status])).toEqual([
      [2, 'REFUNDED'],
      [1, 'REFUNDED'],
    ]);
  });

  it('a parcel refunded with units still on their way back tells the tax provider one line, as it was ordered', async () => {
    const d = await deliveredOrder(ctx, {
      products: [{ name: 'Trail Sock', price: 20, quantity: 2 }],
    });
    const line = d.storeOrder.items[0]!;
    expect((await returnUnits(d, { [line.id]: 1 })).statusCode).toBe(201);
    const refund = await as(d.seller, 'POST', `/api/store/orders/${d.storeOrder.id}/refund`);
    expect(refund.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ covered: storeOrderRefunds.covered })
      .from(storeOrderRefunds)
      .where(eq(storeOrderRefunds.storeOrderId, d.storeOrder.id));
    // Both halves of the line (2 × 20 and its 12 % tax) under the reference Stripe Tax knows.
    expect(row!.covered!.lines).toEqual([
      { reference: String(line.id), amountCents: 4000, taxCents: 480 },
    ]);
    // The column keeps the dollars its earlier rows hold (decision 052: converted at this edge).
    const stored = (await ctx.database.db.execute(
      sql`select covered from store_order_refunds where store_order_id = ${d.storeOrder.id}`,
    )) as unknown as { rows: { covered: unknown }[] };
    expect(stored.rows[0]!.covered).toEqual({
      lines: [{ reference: String(line.id), amount: 40, tax: 4.8 }],
      shipping: [{ reference: expect.any(String), amount: 10, tax: 1.2 }],
    });
  });

  it('refuses more units than the line has, units of a line not chosen, and none at all', async () => {
    const d = await deliveredOrder(ctx, {
      products: [
        { name: 'Trail Sock', price: 20, quantity: 2 },
        { name: 'Tide Scarf', price: 25 },
      ],
    });
    const [socks, scarf] = d.storeOrder.items;
    const tooMany = await returnUnits(d, { [socks!.id]: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(json<{ message: string }>(tooMany).message).toBe(M.unitsInvalid);
    const notChosen = await returnUnits(d, { [scarf!.id]: 1 });
    expect(notChosen.statusCode).toBe(409);
    expect(json<{ message: string }>(notChosen).message).toBe(M.itemNotInOrder);
    const none = await returnUnits(d, { [socks!.id]: 0 });
    expect(none.statusCode).toBe(400);
    expect(json<{ message: string }>(none).message).toBe(M.unitsInvalid);
    // Nothing moved or split on the way.
    expect(await itemStatus(socks!.id)).toBe('DELIVERED');
    const lines = await ctx.database.db
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, d.orderId));
    expect(lines.map((l) => l.quantity).sort()).toEqual([1, 2]);
  });
});

describe('tracking and fit advice', () => {
  it('moves the lines on the way back, then received and refunded, from tracking updates', async () => {
    const d = await deliveredOrder(ctx);
    const created = json<ReturnView>(await requestReturn(d));
    const update = (status: 'in_transit' | 'delivered', trackingNumber: string) =>
      ctx.app.services.returns.trackingUpdate({
        eventId: `evt_${status}`,
        trackingNumber,
        trackerId: null,
        status,
        events: [],
      });
    expect(await update('in_transit', 'LB-LOCAL-NOTOURS')).toBe(false);
    expect(await update('in_transit', created.label!.trackingNumber)).toBe(true);
    expect(await itemStatus(created.lines[0]!.orderItemId)).toBe('RETURN_IN_TRANSIT');
    // A second delivery of the same event changes nothing.
    expect(await update('in_transit', created.label!.trackingNumber)).toBe(true);
    expect(await update('delivered', created.label!.trackingNumber)).toBe(true);
    const [after] = await buyerReturns(d.buyer);
    expect(after).toMatchObject({ status: 'REFUNDED', receivedAt: expect.any(String) });
    const carrierEvents = await ctx.database.db
      .select()
      .from(orderStatusEvents)
      .where(
        and(
          eq(orderStatusEvents.storeOrderId, d.storeOrder.id),
          isNotNull(orderStatusEvents.orderItemId),
        ),
      )
      .orderBy(asc(orderStatusEvents.id));
    expect(carrierEvents.slice(-3).map((e) => [e.status, e.actorId])).toEqual([
      ['RETURN_IN_TRANSIT', null],
      ['RETURN_RECEIVED', null],
      ['REFUNDED', null],
    ]);
  });

  it('counts a "runs small" return like a fit vote in the product\'s fit advice', async () => {
    const seller = await sellerWithStore(ctx.app);
    const first = await deliveredOrder(ctx, { seller });
    const product = first.products[0]!;
    const second = await deliveredOrder(ctx, { seller, existing: [product] });
    for (const buyer of [first.buyer, second.buyer]) {
      const review = await as(buyer, 'POST', '/api/item-review', {
        itemId: product.id,
        rating: 4,
        fitScore: 2,
        comment: 'A little snug.',
      });
      expect(review.statusCode).toBe(201);
    }
    const summary = async () =>
      json<{ fitAdvice: string | null }>(
        await ctx.app.inject({ url: `/api/item-review/item/${product.id}/summary` }),
      ).fitAdvice;
    // Two verified votes are not advice yet.
    expect(await summary()).toBeNull();
    const third = await deliveredOrder(ctx, { seller, existing: [product] });
    expect((await requestReturn(third, 'RUNS_SMALL')).statusCode).toBe(201);
    expect(await summary()).toBe(FIT_ADVICE.small);
  });
});

describe("the operator's money at a glance", () => {
  it('counts the returns opened each week and currency, whatever the orders of that week', async () => {
    const operator = await loginAs(ctx.app);
    await ctx.app.services.users.setRole(operator.userName, 'operator');
    const openReturnAt = async (at: Date) => {
      testClock.at = new Date(at.getTime() - 86_400_000);
      const d = await deliveredOrder(ctx);
      testClock.at = at;
      expect((await requestReturn(d, 'CHANGED_MIND')).statusCode).toBe(201);
    };
    await openReturnAt(new Date(Date.UTC(2027, 0, 6, 12))); // week of Monday 2027-01-04
    await openReturnAt(new Date(Date.UTC(2027, 0, 11, 0, 30))); // week of 2027-01-11
    await openReturnAt(new Date(Date.UTC(2027, 0, 17, 23, 30))); // still the week of 2027-01-11
    await openReturnAt(new Date(Date.UTC(2027, 0, 18, 0, 30))); // week of 2027-01-18
    const money = async (from: string, to: string) => {
      const answer = await as(operator, 'GET', `/api/operator/money?from=${from}&to=${to}`);
      expect(answer.statusCode).toBe(200);
      return json<MoneyAtAGlance>(answer)
        .weeks.filter((w) => w.returns > 0)
        .map((w) => [w.week, w.currency, w.returns]);
    };
    expect(await money('2027-01-04', '2027-01-25')).toEqual([
      ['2027-01-04', 'CAD', 1],
      ['2027-01-11', 'CAD', 2],
      ['2027-01-18', 'CAD', 1],
    ]);
    // The range cuts by the hour the return was opened, as the orders' figures.
    expect(await money('2027-01-07', '2027-01-18')).toEqual([['2027-01-11', 'CAD', 2]]);
  });
});
