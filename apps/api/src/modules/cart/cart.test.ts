import { describe, expect, it } from 'vitest';
import type { AddedToCart, Cart, ItemDetail } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';

const ctx = setupTestApp();

type User = Awaited<ReturnType<typeof loginAs>>;

const add = (user: User, item: ItemDetail, quantity = 1, optionIndex = 0) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders/cart/add',
    headers: user.headers,
    payload: { itemId: item.id, itemOptionId: item.itemOptions[optionIndex]!.id, quantity },
  });
const remove = (user: User, item: ItemDetail, quantity: number) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/orders/cart/remove',
    headers: user.headers,
    payload: { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity },
  });
const bag = async (user: User) =>
  json<Cart>(
    await ctx.app.inject({ method: 'GET', url: '/api/orders/cart', headers: user.headers }),
  );

async function product(overrides: Parameters<typeof validItem>[0] = {}) {
  return createItem(ctx.app, await sellerWithStore(ctx.app), validItem(overrides));
}

describe('the bag', () => {
  it('starts empty', async () => {
    expect(await bag(await loginAs(ctx.app))).toEqual({ items: [], subtotal: 0, currency: null });
  });

  it('adds lines with the price paid (option override and sale) and a subtotal to the cent', async () => {
    const shopper = await loginAs(ctx.app);
    const jacket = await product({
      name: 'Rain Shell',
      price: 100,
      sale: 10,
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 5, isAvailable: true }],
    });
    const tee = await product({
      name: 'Tee',
      price: 30,
      itemOptions: [
        { color: 'BLUE', size: 'S', price: 33.33, sale: 0, count: 5, isAvailable: true },
      ],
    });
    expect((await add(shopper, jacket, 2)).statusCode).toBe(200);
    const response = await add(shopper, tee, 3);
    expect(response.statusCode).toBe(200);
    const cart = json<Cart>(response);
    expect(cart.items).toEqual([
      expect.objectContaining({
        itemId: jacket.id,
        itemName: 'Rain Shell',
        itemPrice: 90,
        originalPrice: 100,
        quantity: 2,
        color: 'RED',
        size: 'M',
        currency: 'CAD',
        available: 3,
      }),
      expect.objectContaining({
        itemId: tee.id,
        itemName: 'Tee',
        itemPrice: 33.33,
        originalPrice: 33.33,
        quantity: 3,
        color: 'BLUE',
        size: 'S',
      }),
    ]);
    expect(cart.subtotal).toBe(279.99);
    expect(cart.currency).toBe('CAD');
    expect(await bag(shopper)).toEqual(cart);
  });

  it("adding again raises the line's quantity, up to what is in stock (409 'Only N left in stock.')", async () => {
    const shopper = await loginAs(ctx.app);
    const item = await product({
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 3, isAvailable: true }],
    });
    await add(shopper, item, 2);
    expect((await add(shopper, item, 1)).statusCode).toBe(200);
    expect((await bag(shopper)).items[0]?.quantity).toBe(3);
  });

  // Issue 39.22: no silent clamp, no 'Only 0 left in stock.'.
  it("asked for more than is left, adds what is left and says 'Only N available: N added'", async () => {
    const shopper = await loginAs(ctx.app);
    const item = await product({
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 8, isAvailable: true }],
    });
    const first = await add(shopper, item, 12);
    expect(first.statusCode).toBe(200);
    expect(json<AddedToCart>(first).notice).toBe('Only 8 available: 8 added');
    expect((await bag(shopper)).items[0]?.quantity).toBe(8);

    const other = await loginAs(ctx.app);
    await add(other, item, 5);
    const french = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/cart/add?lang=fr-CA',
      headers: other.headers,
      payload: { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity: 9 },
    });
    expect(json<AddedToCart>(french).notice).toBe('Seulement 3 disponibles\u00a0: 3 ajoutés');
    // Everything asked for added: no notice.
    expect(json<AddedToCart>(await add(await loginAs(ctx.app), item, 2)).notice).toBeUndefined();
  });

  it("answers 'You already have all N in your bag.' when the bag holds every unit left", async () => {
    const shopper = await loginAs(ctx.app);
    const item = await product({
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 8, isAvailable: true }],
    });
    await add(shopper, item, 8);
    const again = await add(shopper, item, 1);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You already have all 8 in your bag.');
    const french = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/cart/add',
      headers: { ...shopper.headers, 'accept-language': 'fr-CA' },
      payload: { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity: 3 },
    });
    expect(json(french).message).toBe('Vous avez déjà les 8 dans votre panier.');
    expect((await bag(shopper)).items[0]?.quantity).toBe(8);
  });

  it('never lets concurrent adds pass the stock', async () => {
    const shopper = await loginAs(ctx.app);
    const item = await product({
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 4, isAvailable: true }],
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => add(shopper, item, 1)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect((await bag(shopper)).items[0]?.quantity).toBe(4);
  });

  it('keeps one currency per bag (409 with a clear message)', async () => {
    const shopper = await loginAs(ctx.app);
    await add(shopper, await product({ currency: 'CAD' }));
    const response = await add(shopper, await product({ currency: 'USD' }));
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(
      'Your bag is in CAD: check out or remove those items before adding items priced in another currency.',
    );
  });

  it('refuses unavailable options and products, and unknown ones', async () => {
    const shopper = await loginAs(ctx.app);
    const hiddenOption = await product({
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 5, isAvailable: false }],
    });
    const unlisted = await product({ isAvailable: false });
    for (const item of [hiddenOption, unlisted]) {
      const response = await add(shopper, item);
      expect(response.statusCode).toBe(409);
      expect(json(response).message).toBe('This option is no longer available.');
    }
    const mismatched = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/cart/add',
      headers: shopper.headers,
      payload: { itemId: unlisted.id, itemOptionId: hiddenOption.itemOptions[0]!.id, quantity: 1 },
    });
    expect(mismatched.statusCode).toBe(404);
  });

  it('validates the quantity (400) and needs a signed-in user (401)', async () => {
    const shopper = await loginAs(ctx.app);
    const item = await product();
    expect(json(await add(shopper, item, 0)).message).toBe('Quantity must be at least 1.');
    expect((await add(shopper, item, 1.5)).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/orders/cart' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('removes units and drops the line at zero; each bag is its owner’s alone', async () => {
    const shopper = await loginAs(ctx.app);
    const other = await loginAs(ctx.app);
    const item = await product();
    await add(shopper, item, 3);
    expect(json<Cart>(await remove(shopper, item, 1)).items[0]?.quantity).toBe(2);
    expect((await remove(other, item, 2)).statusCode).toBe(404);
    expect(await bag(other)).toEqual({ items: [], subtotal: 0, currency: null });
    expect(json<Cart>(await remove(shopper, item, 2))).toEqual({
      items: [],
      subtotal: 0,
      currency: null,
    });
    expect((await remove(shopper, item, 1)).statusCode).toBe(404);
  });
});
