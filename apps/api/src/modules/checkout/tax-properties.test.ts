import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromCents,
  type CheckoutSession,
  type OrderView,
  type StoreOrderView,
} from '@marketplace/shared';
import { localPayments, orders, storeOrderRefunds } from '../../db/schema';
import { sellerWithStore, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { inDollars } from '../../../test/money';
import { orderSteps } from '../../../test/orders';

// Issue 15's money invariants over random carts, destinations and partial refunds, through the
// API with the built-in rates: the total is items + shipping + tax; refunds never return more
// than was charged, tax included; the tax report adds up to the orders and refunds.
const ctx = setupTestApp();
const { inject, product, addToBag, checkout, shipTo, pay, place } = orderSteps(ctx);

const cents = (amount: number) => Math.round(amount * 100);
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + cents(amount), 0);

const place_ = (city: string, province: string, country: 'CA' | 'US', postalCode: string) => ({
  fullName: 'Ada Lovelace',
  streetAddress: '1 Main Street',
  city,
  province,
  country,
  postalCode,
});
const DESTINATIONS = [
  place_('Vancouver', 'BC', 'CA', 'V5K 0A1'),
  place_('Toronto', 'ON', 'CA', 'M5V 2T6'),
  place_('Montréal', 'QC', 'CA', 'H2X 1K4'),
  place_('Halifax', 'NS', 'CA', 'B3H 1A1'),
  place_('Calgary', 'AB', 'CA', 'T2P 1J9'),
  place_('Winnipeg', 'MB', 'CA', 'R3C 0V8'),
  place_('Regina', 'SK', 'CA', 'S4P 3Y2'),
  place_('New York', 'NY', 'US', '10001'),
  place_('Buffalo', 'NY', 'US', '14202'),
  place_('Los Angeles', 'CA', 'US', '90012'),
  place_('Portland', 'OR', 'US', '97204'),
];

const line = fc.record({
  priceCents: fc.integer({ min: 1_500, max: 40_000 }),
  category: fc.constantFrom('men', 'women', 'kids'),
  size: fc.constantFrom('XS', 'M', 'XL', '8', '30', 'ONE SIZE'),
  quantity: fc.integer({ min: 1, max: 3 }),
});
/** What a brand does after the order: nothing, reject one item, refund the rest, or both. */
const refundPlan = fc.record({
  rejectFirst: fc.boolean(),
  refundRest: fc.boolean(),
});
const scenario = fc.record({
  currency: fc.constantFrom('CAD', 'USD'),
  destination: fc.constantFrom(...DESTINATIONS),
  method: fc.constantFrom('STANDARD', 'EXPRESS'),
  brands: fc.array(
    fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 2 }), refundPlan }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
});

describe('sales tax money invariants (fast-check)', () => {
  it('total = items + shipping + tax; refunds never exceed the charge; the report equals the orders', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const next = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(scenario, async ({ currency, destination, method, brands }) => {
        const buyer = await loginAs(ctx.app);
        const sellers: Seller[] = [];
        for (const brand of brands) {
          const seller = await sellerWithStore(ctx.app);
          sellers.push(seller);
          for (const [index, l] of brand.lines.entries()) {
            const item = await product(seller, {
              name: `Piece ${index + 1}`,
              price: l.priceCents / 100,
              currency,
              category: l.category as 'men',
              itemOptions: [
                { color: 'RED', size: l.size, price: 0, sale: 0, count: 5, isAvailable: true },
              ],
            });
            const added = await addToBag(buyer, item, l.quantity);
            expect(added.statusCode, added.body).toBe(200);
          }
        }
        const started = await checkout(buyer);
        expect(started.statusCode, started.body).toBe(201);
        const session = json<CheckoutSession>(started);
        const shipped = await shipTo(buyer, session.orderId, destination, method);
        expect(shipped.statusCode, shipped.body).toBe(200);
        const taxed = json<CheckoutSession>(shipped);
        expect(cents(taxed.totalAmount)).toBe(
          cents(taxed.subtotal) + cents(taxed.shipping) + cents(taxed.tax),
        );
        expect(sum(taxed.taxLines.map((t) => t.amount))).toBe(cents(taxed.tax));
        const paid = await pay(buyer, session.clientSecret);
        expect(paid.statusCode, paid.body).toBe(200);
        const order = json<OrderView>(await place(buyer, session.orderId));
        const [payment] = await ctx.database.db
          .select()
          .from(localPayments)
          .where(eq(localPayments.orderId, order.id))
          .then((rows) => rows.map(inDollars));
        expect(cents(payment!.amount)).toBe(cents(order.totalAmount));

        for (const [index, brand] of brands.entries()) {
          const seller = sellers[index]!;
          const [storeOrder] = json<StoreOrderView[]>(
            await inject(seller, 'GET', '/api/store/orders'),
          );
          if (brand.refundPlan.rejectFirst) {
            const rejected = await inject(seller, 'POST', '/api/store/orders/reject', {
              storeOrderId: storeOrder!.id,
              orderItemId: storeOrder!.items[0]!.id,
              newStatus: 'REJECTED_REFUND_IN_PROGRESS',
            });
            expect(rejected.statusCode, rejected.body).toBe(200);
          }
          if (brand.refundPlan.refundRest) {
            const [before] = json<StoreOrderView[]>(
              await inject(seller, 'GET', '/api/store/orders'),
            );
            const left =
              cents(before!.subtotal) +
              cents(before!.shipping) +
              cents(before!.tax) -
              cents(before!.refunded);
            const refunded = await inject(
              seller,
              'POST',
              `/api/store/orders/${storeOrder!.id}/refund`,
            );
            // Its only item rejected and its shipping free: nothing is left to give back.
            expect(refunded.statusCode, refunded.body).toBe(left > 0 ? 200 : 409);
          }
          const [after] = json<StoreOrderView[]>(await inject(seller, 'GET', '/api/store/orders'));
          const charged = cents(after!.subtotal) + cents(after!.shipping) + cents(after!.tax);
          const refunds = await ctx.database.db
            .select()
            .from(storeOrderRefunds)
            .where(eq(storeOrderRefunds.storeOrderId, after!.id));
          expect(sum(refunds.map((r) => r.amountCents).map(fromCents))).toBe(
            cents(after!.refunded),
          );
          expect(cents(after!.refunded)).toBeLessThanOrEqual(charged);
          expect(sum(refunds.map((r) => r.taxCents).map(fromCents))).toBeLessThanOrEqual(
            cents(after!.tax),
          );
          // A whole refund returns exactly what is left, to the cent, tax included.
          if (brand.refundPlan.refundRest) expect(cents(after!.refunded)).toBe(charged);
          if (brand.refundPlan.rejectFirst && !brand.refundPlan.refundRest) {
            const first = order.items.find((i) => i.id === storeOrder!.items[0]!.id)!;
            expect(cents(after!.refunded)).toBe(
              cents(first.itemPrice) * first.quantity + cents(first.tax),
            );
          }
        }
        // The order's tax is its lines' and its parcels' tax: the store orders add up to it.
        const parts = await Promise.all(
          sellers.map(
            async (seller) =>
              json<StoreOrderView[]>(await inject(seller, 'GET', '/api/store/orders'))[0]!,
          ),
        );
        expect(sum(parts.map((p) => p.tax))).toBe(cents(order.tax));
        expect(sum(parts.map((p) => p.subtotal))).toBe(cents(order.subtotal));

        // The report over today equals every placed order's tax and every refund's tax.
        const report = await ctx.app.services.taxReport.taxReport({ from: day, to: next });
        const placed = await ctx.database.db
          .select()
          .from(orders)
          .where(eq(orders.status, 'PLACED'));
        const succeeded = await ctx.database.db
          .select()
          .from(storeOrderRefunds)
          .where(eq(storeOrderRefunds.status, 'SUCCEEDED'));
        expect(sum(report.totals.map((t) => t.collected))).toBe(
          sum(placed.map((o) => fromCents(o.taxCents))),
        );
        expect(sum(report.totals.map((t) => t.refunded))).toBe(
          sum(succeeded.map((r) => fromCents(r.taxCents))),
        );
        expect(sum(report.rows.map((r) => r.collected))).toBe(
          sum(placed.map((o) => fromCents(o.taxCents))),
        );
      }),
      // No shrinking: each run goes through the API, and the first counterexample says enough.
      { numRuns: 15, endOnFailure: true },
    );
  }, 240_000);
});
