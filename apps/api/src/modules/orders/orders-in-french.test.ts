import { describe, expect, it } from 'vitest';
import type { OrderView } from '@marketplace/shared';
import { sellerWithStore, updateItem } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';

// Issue 19 item 4, decision 030: My Orders names each line in the reader's language, as bought.

const ctx = setupTestApp();
const { inject, product, addToBag, paidCheckout } = orderSteps(ctx);

describe('orders in French (lang=fr-CA)', () => {
  it("answers each line's name as it was bought, in the reader's language", async () => {
    const buyer = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const bilingual = await product(seller, { name: 'Cozy sweater', nameFr: 'Chandail douillet' });
    const englishOnly = await product(seller, { name: 'Rain Shell' });
    await addToBag(buyer, bilingual);
    await addToBag(buyer, englishOnly);
    const session = await paidCheckout(buyer);

    const placed = await inject(buyer, 'POST', '/api/orders/place?lang=fr-CA', {
      orderId: session.orderId,
    });
    expect(placed.statusCode).toBe(200);
    expect(
      json<OrderView>(placed)
        .items.map((l) => l.itemName)
        .sort(),
    ).toEqual(['Chandail douillet', 'Rain Shell']);

    // The brand renames the product afterwards: the order keeps the names it was bought under.
    await updateItem(ctx.app, seller, bilingual.id, {
      name: 'Warm sweater',
      nameFr: 'Chandail chaud',
    });

    const history = async (query = '') =>
      json<OrderView[]>(await inject(buyer, 'GET', `/api/orders/history${query}`))
        .find((o) => o.id === session.orderId)!
        .items.map((l) => l.itemName)
        .sort();
    expect(await history('?lang=fr-CA')).toEqual(['Chandail douillet', 'Rain Shell']);
    expect(await history()).toEqual(['Cozy sweater', 'Rain Shell']);
    expect(await history('?lang=en')).toEqual(['Cozy sweater', 'Rain Shell']);

    const placedAgain = await inject(buyer, 'POST', '/api/orders/place', {
      orderId: session.orderId,
    });
    expect(
      json<OrderView>(placedAgain)
        .items.map((l) => l.itemName)
        .sort(),
    ).toEqual(['Cozy sweater', 'Rain Shell']);
  });
});
