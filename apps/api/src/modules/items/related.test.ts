import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail, ItemSummary } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { oneOption, orderSteps } from '../../../test/orders';

const ctx = setupTestApp();
const steps = orderSteps(ctx);

const related = async (query: string) => {
  const response = await ctx.app.inject({ url: `/api/item/public/related?${query}` });
  expect(response.statusCode).toBe(200);
  return json<ItemSummary[]>(response).map((item) => item.name);
};

describe('GET /api/item/public/related: "YOU MAY ALSO LIKE..." (issue 13 item 7)', () => {
  let source: ItemDetail;
  let ownBrand: Seller;
  let torontoBrand: Seller;

  beforeAll(async () => {
    ownBrand = await sellerWithStore(ctx.app, { city: 'VANCOUVER' });
    const neighbour = await sellerWithStore(ctx.app, { city: 'VANCOUVER' });
    torontoBrand = await sellerWithStore(ctx.app, { city: 'TORONTO' });
    const make = (seller: Seller, name: string, extra: Parameters<typeof validItem>[0] = {}) =>
      createItem(
        ctx.app,
        seller,
        validItem({ name, category: 'men', itemOptions: oneOption(9), ...extra }),
      );
    source = await make(ownBrand, 'Source Jacket');
    await make(ownBrand, 'Same Brand Coat');
    await make(neighbour, 'Vancouver Men Shirt');
    await make(neighbour, 'Vancouver Women Dress', { category: 'women' });
    await make(neighbour, 'Vancouver Unlisted Shirt', { isAvailable: false });
    const deleted = await make(neighbour, 'Vancouver Deleted Shirt');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${deleted.id}`,
      headers: neighbour.headers,
    });
    expect(removed.statusCode).toBe(204);
    await make(torontoBrand, 'Toronto Men Tee');
    const bestseller = await make(torontoBrand, 'Toronto Women Bestseller', { category: 'women' });
    await make(torontoBrand, 'Toronto Men Parka');

    // Two units of the Toronto dress sold: the bestseller.
    const buyer = await loginAs(ctx.app);
    expect((await steps.addToBag(buyer, bestseller, 2)).statusCode).toBe(200);
    const session = await steps.paidCheckout(buyer);
    expect((await steps.place(buyer, session.orderId)).statusCode).toBe(200);
  });

  it('same category from other brands in the city first, then bestsellers, then the rest', async () => {
    expect(await related(`item=${source.id}&city=VANCOUVER`)).toEqual([
      'Vancouver Men Shirt',
      'Toronto Women Bestseller',
      'Toronto Men Parka',
      'Toronto Men Tee',
    ]);
  });

  it('in another city, that city’s products of the category come first', async () => {
    expect(await related(`item=${source.id}&city=TORONTO`)).toEqual([
      'Toronto Men Parka',
      'Toronto Men Tee',
      'Toronto Women Bestseller',
      'Vancouver Men Shirt',
    ]);
  });

  it('never offers a product asked about, unlisted, deleted or nonexistent', async () => {
    const names = await related(`item=${source.id}&item=2147483000&city=MONTREAL`);
    expect(names).toHaveLength(4);
    for (const name of names) {
      expect(name).not.toMatch(/Source Jacket|Unlisted|Deleted/);
    }
    // Asked about nothing that exists: still four real, listed products.
    const anything = await related('item=2147483000');
    expect(anything).toHaveLength(4);
    expect(anything.join()).not.toMatch(/Unlisted|Deleted/);
  });

  it('refuses an id that cannot be a product', async () => {
    const response = await ctx.app.inject({ url: '/api/item/public/related?item=abc' });
    expect(response.statusCode).toBe(400);
  });
});
