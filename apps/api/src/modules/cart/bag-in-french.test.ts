import { describe, expect, it } from 'vitest';
import type { Cart } from '@marketplace/shared';
import { createItem, sellerWithStore, updateItem, validItem } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { oneOption } from '../../../test/orders';

// Issue 19 item 4, decision 030: the bag's lines name each product in the page's language.

const ctx = setupTestApp();

type Shopper = Awaited<ReturnType<typeof loginAs>>;

async function addToBag(
  shopper: Shopper,
  item: { id: number; itemOptions: { id: number }[] },
  quantity: number,
) {
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders/cart/add',
    headers: shopper.headers,
    payload: { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity },
  });
  expect(added.statusCode).toBe(200);
}

/** Checkout as the French pages ask for it (`lang` and `Accept-Language`), or as English ones do. */
const checkoutIn = (shopper: Shopper, french: boolean) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/checkout${french ? '?lang=fr-CA' : ''}`,
    headers: { ...shopper.headers, ...(french ? { 'accept-language': 'fr-CA' } : {}) },
  });

describe('the bag in French (lang=fr-CA)', () => {
  it("answers each line's name in the reader's language, English exactly as before", async () => {
    const shopper = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const bilingual = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Cozy sweater', nameFr: 'Chandail douillet', itemOptions: oneOption(5) }),
    );
    const englishOnly = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Rain Shell', itemOptions: oneOption(5) }),
    );
    const add = (itemId: number, itemOptionId: number, query = '') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/cart/add${query}`,
        headers: shopper.headers,
        payload: { itemId, itemOptionId, quantity: 1 },
      });

    const added = await add(bilingual.id, bilingual.itemOptions[0]!.id, '?lang=fr-CA');
    expect(added.statusCode).toBe(200);
    expect(json<Cart>(added).items.map((l) => l.itemName)).toEqual(['Chandail douillet']);
    // English asked: the English name, as the spec's bag always showed it.
    const addedEnglish = await add(englishOnly.id, englishOnly.itemOptions[0]!.id);
    expect(json<Cart>(addedEnglish).items.map((l) => l.itemName)).toEqual([
      'Cozy sweater',
      'Rain Shell',
    ]);

    const bag = (query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/orders/cart${query}`, headers: shopper.headers });
    // A product written only in English keeps its English name on French pages.
    expect(json<Cart>(await bag('?lang=fr-CA')).items.map((l) => l.itemName)).toEqual([
      'Chandail douillet',
      'Rain Shell',
    ]);
    expect(json<Cart>(await bag()).items.map((l) => l.itemName)).toEqual([
      'Cozy sweater',
      'Rain Shell',
    ]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/orders/cart/remove?lang=fr-CA',
      headers: shopper.headers,
      payload: {
        itemId: englishOnly.id,
        itemOptionId: englishOnly.itemOptions[0]!.id,
        quantity: 1,
      },
    });
    expect(json<Cart>(removed).items.map((l) => l.itemName)).toEqual(['Chandail douillet']);
  });

  it('names the products it can no longer sell in French at checkout, English exactly as before (409)', async () => {
    const shopper = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const make = (name: string, nameFr?: string) =>
      createItem(ctx.app, seller, validItem({ name, nameFr, itemOptions: oneOption(5) }));
    const sweater = await make('Cozy sweater', 'Chandail douillet');
    const shell = await make('Rain Shell');
    for (const item of [sweater, shell]) await addToBag(shopper, item, 1);
    for (const item of [sweater, shell])
      await updateItem(ctx.app, seller, item.id, {
        name: item.name,
        price: item.price,
        isAvailable: false,
        itemOptions: [{ ...oneOption(5)[0]!, id: item.itemOptions[0]!.id }],
      });

    const french = await checkoutIn(shopper, true);
    expect(french.statusCode).toBe(409);
    expect(json(french).message).toBe('Chandail douillet, Rain Shell ne sont plus offerts.');
    const english = await checkoutIn(shopper, false);
    expect(english.statusCode).toBe(409);
    expect(json(english).message).toBe('Cozy sweater, Rain Shell are no longer available.');
  });

  it('says how many are left of a product in French at checkout, English exactly as before (409)', async () => {
    const shopper = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const sweater = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Cozy sweater', nameFr: 'Chandail douillet', itemOptions: oneOption(5) }),
    );
    await addToBag(shopper, sweater, 3);
    await updateItem(ctx.app, seller, sweater.id, {
      name: sweater.name,
      price: sweater.price,
      itemOptions: [{ ...oneOption(2)[0]!, id: sweater.itemOptions[0]!.id }],
    });

    const french = await checkoutIn(shopper, true);
    expect(french.statusCode).toBe(409);
    expect(json(french).message).toBe('Plus que 2 en stock pour Chandail douillet.');
    const english = await checkoutIn(shopper, false);
    expect(english.statusCode).toBe(409);
    expect(json(english).message).toBe('Only 2 left in stock of Cozy sweater.');
  });

  it('refuses a language it does not know (400)', async () => {
    const shopper = await loginAs(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/cart?lang=de',
      headers: shopper.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});
