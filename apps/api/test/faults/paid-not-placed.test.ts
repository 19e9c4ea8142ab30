import { describe, expect, it } from 'vitest';
import type { CheckoutSession, OrderView } from '@marketplace/shared';
import { json, loginAs, setupTestApp } from '../helper';
import { orderSteps } from '../orders';

const ctx = setupTestApp({ catalogCacheSeconds: 0 });
const { inject, product, addToBag, checkout, place, stockOf, paidNotPlaced } = orderSteps(ctx);

describe('a paid order the browser never placed', () => {
  it('is placed, not cancelled, when the buyer checks out something else', async () => {
    const buyer = await loginAs(ctx.app);
    const [jacket, scarf] = [await product(), await product()];
    expect((await addToBag(buyer, jacket)).statusCode).toBe(200);
    // Paid, then the tab closed before POST /orders/place.
    const paid = await paidNotPlaced(buyer);

    expect((await addToBag(buyer, scarf)).statusCode).toBe(200);
    const next = await checkout(buyer);
    expect(next.statusCode).toBe(201);
    const nextOrder = json<CheckoutSession>(next);
    expect(nextOrder.orderId).not.toBe(paid.orderId);

    // The paid order stands, with its stock sold once; the new one holds only the scarf.
    const placed = await place(buyer, paid.orderId);
    expect(placed.statusCode).toBe(200);
    expect(json<OrderView>(placed).status).toBe('PLACED');
    expect(await stockOf(jacket)).toBe(4);
    expect(await stockOf(scarf)).toBe(4);
    const history = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history.map((order) => order.id)).toContain(paid.orderId);
  });
});
