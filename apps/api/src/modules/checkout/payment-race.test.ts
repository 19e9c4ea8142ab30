import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutSession, OrderView, StoreOrderView } from '@marketplace/shared';
import { localPayments } from '../../db/schema';
import { sellerWithStore } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { inDollars } from '../../../test/money';
import { oneOption, orderSteps } from '../../../test/orders';

const ctx = setupTestApp();
const { inject, product, addToBag, checkout, ship, pay, place } = orderSteps(ctx);

const PAIRS = 50;

describe('shipping changes racing the payment (issue 14)', () => {
  it('never leaves an order whose total differs from what was paid; every refund goes through', async () => {
    const seller = await sellerWithStore(ctx.app);
    // $20 + $10 standard shipping = $30; Express adds $15 per brand = $45.
    const item = await product(seller, { price: 20, itemOptions: oneOption(PAIRS) });
    const buyers = await Promise.all(Array.from({ length: PAIRS }, () => loginAs(ctx.app)));
    const sessions: CheckoutSession[] = [];
    for (const buyer of buyers) {
      expect((await addToBag(buyer, item)).statusCode).toBe(200);
      const session = json<CheckoutSession>(await checkout(buyer));
      expect((await ship(buyer, session.orderId)).statusCode).toBe(200);
      sessions.push(session);
    }

    // Each buyer switches to Express and pays at the same moment.
    const raced = await Promise.all(
      buyers.map((buyer, i) =>
        Promise.all([
          ship(buyer, sessions[i]!.orderId, 'EXPRESS'),
          pay(buyer, sessions[i]!.clientSecret),
        ]),
      ),
    );
    for (const [shipping, payment] of raced) {
      // Either may come second; coming second is a clear refusal, never a silent mismatch.
      expect([200, 409]).toContain(shipping.statusCode);
      expect([200, 409]).toContain(payment.statusCode);
    }

    const placed: OrderView[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const response = await place(buyer, sessions[i]!.orderId);
      if (response.statusCode === 200) placed.push(json<OrderView>(response));
      else expect(raced[i]![1].statusCode).not.toBe(200);
    }
    expect(placed.length).toBeGreaterThan(0);

    const paymentIds = sessions.map((s) => s.clientSecret.split('_secret_')[0]!);
    const payments = await ctx.database.db
      .select()
      .from(localPayments)
      .where(inArray(localPayments.id, paymentIds))
      .then((rows) => rows.map(inDollars));
    const paid = new Map(
      payments.filter((p) => p.status === 'succeeded').map((p) => [p.orderId, p.amount]),
    );
    expect(paid.size).toBe(placed.length);
    for (const order of placed) expect(paid.get(order.id)).toBe(order.totalAmount);

    const storeOrders = json<StoreOrderView[]>(
      await inject(seller, 'GET', '/api/store/orders?pageSize=100'),
    );
    expect(storeOrders).toHaveLength(placed.length);
    for (const storeOrder of storeOrders) {
      const refund = await inject(seller, 'POST', `/api/store/orders/${storeOrder.id}/refund`);
      expect(refund.statusCode, refund.body).toBe(200);
    }
    // 50 shipping changes that each write the tax rows, 50 placements and 50 refunds with their
    // tax lines, on one PGlite connection: above the default 30 s on a loaded machine.
  }, 90_000);
});
