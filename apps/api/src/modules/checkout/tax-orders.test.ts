import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  fromCents,
  taxReportCsv,
  type CheckoutSession,
  type OrderView,
  type StoreOrderView,
  type StorePayoutLedger,
} from '@marketplace/shared';
import {
  localPayments,
  orderTaxLines,
  orders,
  refundTaxLines,
  storeOrderRefunds,
} from '../../db/schema';
import { runTaxReportCli } from '../tax/tax-report.cli';
import { sellerWithStore, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { centsAsDollars, inDollars } from '../../../test/money';
import { NEW_YORK, TORONTO, orderSteps } from '../../../test/orders';
import { RecordingTaxProvider } from '../../../test/tax';

// Sales tax through the API (issue 15), with the built-in rates table: checkout, payment,
// placement, refunds to the cent, payouts without tax, and the report that adds it all up.
const tax = new RecordingTaxProvider();
const clock = { offsetMs: 0 };
const ctx = setupTestApp(() => ({
  tax,
  paymentTimeoutMs: 1_500,
  now: () => new Date(Date.now() + clock.offsetMs),
}));
const { inject, product, addToBag, checkout, shipTo, pay, place, mailsTo } = orderSteps(ctx);

const storeOrdersOf = async (seller: Seller) =>
  json<StoreOrderView[]>(await inject(seller, 'GET', '/api/store/orders'));
const decide = (seller: Seller, order: StoreOrderView, itemIndex: number, accept: boolean) =>
  inject(seller, 'POST', `/api/store/orders/${accept ? 'accept' : 'reject'}`, {
    storeOrderId: order.id,
    orderItemId: order.items[itemIndex]!.id,
    newStatus: accept ? 'ACCEPTED' : 'REJECTED_REFUND_IN_PROGRESS',
  });
const refundWhole = (seller: Seller, order: StoreOrderView) =>
  inject(seller, 'POST', `/api/store/orders/${order.id}/refund`);

/**
 * Toronto: a men's jacket (200) from brand A and kids' jeans (40, a child's size) from brand B,
 * each brand's parcel $10. HST 13% on the jacket (26.00) and its parcel (1.30); on the kids'
 * jeans only the federal part, 5 % (the provincial 8 % is rebated at the point of sale), so
 * 2.00, and 0.50 on their parcel. 240 + 20 + 29.80 = 289.80.
 */
async function torontoCheckout() {
  const buyer = await loginAs(ctx.app);
  const brandA = await sellerWithStore(ctx.app);
  const brandB = await sellerWithStore(ctx.app);
  const jacket = await product(brandA, { name: 'Field Jacket', category: 'men', price: 200 });
  const jeans = await product(brandB, {
    name: 'Kids Jeans',
    category: 'kids',
    price: 40,
    itemOptions: [{ color: 'BLUE', size: 'S', price: 0, sale: 0, count: 5, isAvailable: true }],
  });
  await addToBag(buyer, jacket);
  await addToBag(buyer, jeans);
  const session = json<CheckoutSession>(await checkout(buyer));
  return { buyer, brandA, brandB, session };
}

async function placedInToronto() {
  const checkedOut = await torontoCheckout();
  const { buyer, session } = checkedOut;
  expect((await shipTo(buyer, session.orderId, TORONTO)).statusCode).toBe(200);
  expect((await pay(buyer, session.clientSecret)).statusCode).toBe(200);
  const placed = json<OrderView>(await place(buyer, session.orderId));
  return { ...checkedOut, placed };
}

describe('checkout with sales tax', () => {
  it('Toronto: no tax before the address; then HST per line and parcel, and the total with it', async () => {
    const { buyer, session } = await torontoCheckout();
    expect(session).toMatchObject({
      subtotal: 240,
      shipping: 20,
      tax: 0,
      taxLines: [],
      taxCalculated: false,
      totalAmount: 260,
      checkoutUrl: '/checkout',
    });
    // The card cannot be charged a total without its tax.
    const early = await pay(buyer, session.clientSecret);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Add a shipping address.');

    const taxed = json<CheckoutSession>(await shipTo(buyer, session.orderId, TORONTO));
    expect(taxed).toMatchObject({
      subtotal: 240,
      shipping: 20,
      tax: 29.8,
      taxCalculated: true,
      totalAmount: 289.8,
    });
    expect(taxed.taxLines).toEqual([
      { label: 'HST 13%', taxType: 'HST', rate: 0.13, amount: 27.3 },
      { label: 'HST 5%', taxType: 'HST', rate: 0.05, amount: 2.5 },
    ]);
    // Recalculated when the method changes: Express adds $15 a parcel, taxed like its goods
    // (3.25 and 1.25 on the two $25 parcels).
    const express = json<CheckoutSession>(await shipTo(buyer, session.orderId, TORONTO, 'EXPRESS'));
    expect(express).toMatchObject({ shipping: 50, tax: 32.5, totalAmount: 322.5 });
    const rows = await ctx.database.db
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, session.orderId));
    // Replaced, not added to: one row per line and parcel and tax.
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(3250);
  });

  it('New York: clothing under $110 is exempt, a $150 coat pays 8.875 %', async () => {
    const buyer = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const shirt = await product(seller, { name: 'Oxford Shirt', price: 100, currency: 'USD' });
    const coat = await product(seller, { name: 'Wool Coat', price: 150, currency: 'USD' });
    await addToBag(buyer, shirt);
    await addToBag(buyer, coat);
    const session = json<CheckoutSession>(await checkout(buyer));
    const taxed = json<CheckoutSession>(await shipTo(buyer, session.orderId, NEW_YORK));
    // $250 USD ships free (spec 9); 8.875 % of 150 is 13.3125: 13.31.
    expect(taxed).toMatchObject({
      currency: 'USD',
      subtotal: 250,
      shipping: 0,
      tax: 13.31,
      totalAmount: 263.31,
    });
    expect(taxed.taxLines).toEqual([
      { label: 'Sales tax 8.875%', taxType: 'SALES', rate: 0.08875, amount: 13.31 },
    ]);
    expect((await pay(buyer, session.clientSecret)).statusCode).toBe(200);
    const order = json<OrderView>(await place(buyer, session.orderId));
    expect(order.items.map((i) => [i.itemName, i.tax])).toEqual([
      ['Oxford Shirt', 0],
      ['Wool Coat', 13.31],
    ]);
  });

  it('a tax provider that fails (502) or is slow (504) changes nothing about the order', async () => {
    const { buyer, session } = await torontoCheckout();
    const before = (
      await ctx.database.db.select().from(orders).where(eq(orders.id, session.orderId))
    )[0]!;
    try {
      tax.calculateFails = 'error';
      const failed = await shipTo(buyer, session.orderId, TORONTO);
      expect(failed.statusCode).toBe(502);
      expect(json(failed).message).toBe(
        'Sales tax could not be calculated for this address right now. Your card was not charged; please try again.',
      );
      tax.calculateFails = 'slow';
      const slow = await shipTo(buyer, session.orderId, TORONTO);
      expect(slow.statusCode).toBe(504);
      expect(json(slow).message).toBe(
        'The sales tax service did not answer. Your card was not charged; please try again.',
      );
    } finally {
      tax.calculateFails = 'no';
    }
    const [after] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, session.orderId));
    expect(centsAsDollars(after!)).toMatchObject({
      total: fromCents(before.totalCents),
      tax: 0,
      taxCalculated: false,
      shippingAddress: null,
      paymentLock: null,
    });
    const rows = await ctx.database.db
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, session.orderId));
    expect(rows).toEqual([]);
    // And once the provider answers, the same request goes through.
    expect((await shipTo(buyer, session.orderId, TORONTO)).statusCode).toBe(200);
  });
});

describe('placing an order with sales tax', () => {
  it('charges the total with tax, commits it once, and gives each store order its tax', async () => {
    const { buyer, brandA, brandB, session, placed } = await placedInToronto();
    const [payment] = await ctx.database.db
      .select()
      .from(localPayments)
      .where(eq(localPayments.orderId, session.orderId))
      .then((rows) => rows.map(inDollars));
    expect(payment).toMatchObject({ status: 'succeeded', amount: 289.8 });
    expect(placed).toMatchObject({ status: 'PLACED', tax: 29.8, totalAmount: 289.8 });
    expect(placed.items.map((i) => [i.itemName, i.tax])).toEqual([
      ['Field Jacket', 26],
      ['Kids Jeans', 2],
    ]);

    // Placed by the card step, then asked again: one commit, its transaction kept.
    expect((await place(buyer, session.orderId)).statusCode).toBe(200);
    await ctx.app.services.checkout.reconcile();
    expect(tax.commits.filter((id) => id === session.orderId)).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, session.orderId));
    expect(row!.taxTransactionId).toBe(`tax_txn_${session.orderId}`);

    const [a] = await storeOrdersOf(brandA);
    const [b] = await storeOrdersOf(brandB);
    expect(a).toMatchObject({ subtotal: 200, shipping: 10, tax: 27.3 });
    expect(b).toMatchObject({ subtotal: 40, shipping: 10, tax: 2.5 });

    const [history] = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history).toMatchObject({ tax: 29.8, totalAmount: 289.8 });
    expect(history!.taxLines.map((l) => [l.label, l.amount])).toEqual([
      ['HST 13%', 27.3],
      ['HST 5%', 2.5],
    ]);
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.bodyText).toContain(
      'Shipping: $20.00 CAD\nHST 13%: $27.30 CAD\nHST 5%: $2.50 CAD\nTotal: $289.80 CAD',
    );
    const [brandMail] = await mailsTo(brandB.email);
    expect(brandMail!.bodyText).toContain('HST 5%: $2.50 CAD\nTotal paid by the buyer: $52.50 CAD');
  });
});

describe('refunds return the recorded tax, to the cent', () => {
  it('a rejected item returns its price and its tax; the rest returns shipping and its tax; nothing more', async () => {
    const { buyer, brandA, brandB, session } = await placedInToronto();
    const [a] = await storeOrdersOf(brandA);
    const [b] = await storeOrdersOf(brandB);
    expect((await decide(brandA, a!, 0, false)).statusCode).toBe(200);
    const rest = json<StoreOrderView>(await refundWhole(brandA, a!));
    // 200 + 26.00, then the parcel: 10 + 1.30. 237.30 is exactly what brand A's part cost.
    expect(rest).toMatchObject({ refunded: 237.3, canRefund: false });
    expect((await refundWhole(brandB, b!)).statusCode).toBe(200);

    const refunds = await ctx.database.db
      .select()
      .from(storeOrderRefunds)
      .where(inArray(storeOrderRefunds.storeOrderId, [a!.id, b!.id]));
    expect(
      refunds
        .map((r) => [fromCents(r.amountCents), fromCents(r.taxCents)])
        .sort((x, y) => y[0]! - x[0]!),
    ).toEqual([
      [226, 26],
      [52.5, 2.5],
      [11.3, 1.3],
    ]);
    const [order] = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(order).toMatchObject({ totalAmount: 289.8, refunded: 289.8, balance: 0 });

    // The provider's reversal names what each refund returned, and is recorded.
    const reversals = tax.reversals.filter((r) => r.orderId === session.orderId);
    expect(reversals.map((r) => [r.lines, r.shipping])).toEqual(
      expect.arrayContaining([
        [[{ reference: String(a!.items[0]!.id), amountCents: 20_000, taxCents: 2600 }], []],
        [[], [{ reference: expect.any(String), amountCents: 1000, taxCents: 130 }]],
      ]),
    );
    for (const refund of refunds) expect(refund.taxReversalId).toBe(`tax_rev_${refund.id}`);
    const mails = await mailsTo(buyer.email);
    expect(mails.some((m) => m.bodyText.includes('HST 13% returned: $26.00 CAD'))).toBe(true);
    expect(mails.some((m) => m.bodyText.includes('Refunded: $226.00 CAD'))).toBe(true);
  });

  it('a reversal the tax provider fails never holds up the refund; the sweep reverses it later', async () => {
    const { brandB } = await placedInToronto();
    const [b] = await storeOrdersOf(brandB);
    tax.reverseFails = true;
    try {
      expect((await refundWhole(brandB, b!)).statusCode).toBe(200);
    } finally {
      tax.reverseFails = false;
    }
    const unreversed = async () =>
      (
        await ctx.database.db
          .select()
          .from(storeOrderRefunds)
          .where(eq(storeOrderRefunds.storeOrderId, b!.id))
      )[0]!;
    expect(await unreversed()).toMatchObject({ status: 'SUCCEEDED', taxReversedAt: null });
    clock.offsetMs = 6 * 60_000;
    try {
      await ctx.app.services.storeOrders.reconcile();
    } finally {
      clock.offsetMs = 0;
    }
    const settled = await unreversed();
    expect(settled.taxReversalId).toBe(`tax_rev_${settled.id}`);
    expect(settled.taxReversedAt).not.toBeNull();
  });
});

describe('payouts exclude tax', () => {
  it("the brand's gross, commission and net are the same as without tax; refunds count without theirs", async () => {
    const { brandA } = await placedInToronto();
    const [line] = json<StorePayoutLedger>(await inject(brandA, 'GET', '/api/store/payouts')).lines;
    // 200 of sales: 20 % commission (2.9 % + 0.30, and 17.1 %), plus the $10 shipping paid.
    expect(line).toMatchObject({
      gross: 200,
      sales: 200,
      commission: 40.3,
      shippingCollected: 10,
      net: 169.7,
      taxCollected: 27.3,
    });
    const [a] = await storeOrdersOf(brandA);
    await decide(brandA, a!, 0, false);
    const [after] = json<StorePayoutLedger>(
      await inject(brandA, 'GET', '/api/store/payouts'),
    ).lines;
    // The 226 refund was 200 of sales and 26 of tax: sales go to 0, the shipping stays.
    expect(after).toMatchObject({ refunded: 200, sales: 0, commission: 0, taxCollected: 1.3 });
    expect(after!.net).toBe(10);
  });
});

describe('the tax report', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  it("collected equals the placed orders' tax, refunded the refunds' tax, per currency (CLI too)", async () => {
    const { brandA } = await placedInToronto();
    const [a] = await storeOrdersOf(brandA);
    await decide(brandA, a!, 0, false);

    const report = await ctx.app.services.taxReport.taxReport({ from: today(), to: tomorrow() });
    const db = ctx.database.db;
    const placed = await db.select().from(orders).where(eq(orders.status, 'PLACED'));
    const succeeded = await db
      .select()
      .from(storeOrderRefunds)
      .where(eq(storeOrderRefunds.status, 'SUCCEEDED'));
    for (const currency of ['CAD', 'USD'] as const) {
      const total = report.totals.find((t) => t.currency === currency)!;
      const collected = placed
        .filter((o) => o.currency === currency)
        .reduce((sum, o) => sum + o.taxCents, 0);
      expect(Math.round(total.collected * 100)).toBe(collected);
      const refundIds = succeeded.map((r) => r.id);
      const refundedRows = await db
        .select()
        .from(refundTaxLines)
        .where(inArray(refundTaxLines.refundId, refundIds));
      expect(refundedRows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(
        succeeded.reduce((sum, r) => sum + r.taxCents, 0),
      );
      expect(total.net).toBe(
        (Math.round(total.collected * 100) - Math.round(total.refunded * 100)) / 100,
      );
    }
    const cad = report.totals.find((t) => t.currency === 'CAD')!;
    expect(Math.round(cad.refunded * 100)).toBe(succeeded.reduce((sum, r) => sum + r.taxCents, 0));
    const hst = report.rows.find((r) => r.currency === 'CAD' && r.jurisdiction === 'CA-ON')!;
    expect(hst).toMatchObject({ jurisdictionName: 'Ontario', taxType: 'HST' });
    expect(hst.refunded).toBeGreaterThanOrEqual(26); // the rejected jacket's 13 % of 200, at least
    // Nothing outside the period.
    const empty = await ctx.app.services.taxReport.taxReport({
      from: '2020-01-01',
      to: '2020-02-01',
    });
    expect(empty).toEqual({ from: '2020-01-01', to: '2020-02-01', rows: [], totals: [] });

    let out = '';
    const io = { write: (text: string) => (out += text), error: (text: string) => (out += text) };
    expect(
      await runTaxReportCli(['--from', today(), '--to', tomorrow(), '--format', 'csv'], db, io),
    ).toBe(0);
    expect(out).toBe(taxReportCsv(report));
    expect(out.split('\r\n')[0]).toBe(
      'currency,jurisdiction,jurisdictionName,taxType,taxableAmount,collected,refunded,net',
    );
    out = '';
    expect(await runTaxReportCli(['--from', tomorrow(), '--to', today()], db, io)).toBe(2);
    expect(out).toContain('--to: The period must end after it starts.');
  });

  it('GET /api/operator/tax-report: the same report, as JSON or CSV, to operators only', async () => {
    await placedInToronto();
    const operator = await loginAs(ctx.app);
    await ctx.app.services.users.setRole(operator.userName, 'operator');
    const url = `/api/operator/tax-report?from=${today()}&to=${tomorrow()}`;
    const report = await ctx.app.services.taxReport.taxReport({ from: today(), to: tomorrow() });
    expect(report.totals.find((t) => t.currency === 'CAD')!.collected).toBeGreaterThan(0);

    const answered = await ctx.app.inject({ url, headers: operator.headers });
    expect(answered.statusCode).toBe(200);
    expect(json(answered)).toEqual(report);
    const csv = await ctx.app.inject({ url: `${url}&format=csv`, headers: operator.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="tax-report-${today()}-${tomorrow()}.csv"`,
    );
    expect(csv.body).toBe(taxReportCsv(report));

    // The shared schema's rules and words, as the CLI's.
    const backwards = await ctx.app.inject({
      url: `/api/operator/tax-report?from=${tomorrow()}&to=${today()}`,
      headers: operator.headers,
    });
    expect(backwards.statusCode).toBe(400);
    expect(json(backwards).fieldErrors).toEqual({ to: 'The period must end after it starts.' });
    const badDate = await ctx.app.inject({
      url: '/api/operator/tax-report?from=01/11/2026&to=2026-12-01',
      headers: operator.headers,
    });
    expect(badDate.statusCode).toBe(400);
    expect(json(badDate).fieldErrors).toEqual({ from: 'Give dates as YYYY-MM-DD.' });

    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    const buyer = await loginAs(ctx.app);
    const refused = await ctx.app.inject({ url, headers: buyer.headers });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Only the marketplace operators can do this.');
  });
});
