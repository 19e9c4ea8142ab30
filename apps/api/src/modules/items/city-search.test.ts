import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemSummary, Suggestion } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';

// Issue 39.6: with New York chosen, typing "den" suggested Vancouver and Montréal products, then
// Enter found none. Suggestions follow the city as search does, and an empty city says how many
// the other cities have.
const ctx = setupTestApp();

const get = async <T>(url: string) => {
  const response = await ctx.app.inject({ url });
  expect(response.statusCode).toBe(200);
  return json<T>(response);
};

const item = (name: string) => validItem({ name, tags: ['cotton'] });

async function catalogInThreeCities() {
  const vancouver = await sellerWithStore(ctx.app, { name: 'Dene Vancouver', city: 'VANCOUVER' });
  const montreal = await sellerWithStore(ctx.app, { name: 'Denali Montreal', city: 'MONTREAL' });
  const newYork = await sellerWithStore(ctx.app, { name: 'Hudson Goods', city: 'NEW YORK' });
  await createItem(ctx.app, vancouver, item('Denim Jacket'));
  await createItem(ctx.app, montreal, item('Denim Skirt'));
  await createItem(ctx.app, montreal, item('Raw Denim Jeans'));
  await createItem(ctx.app, montreal, item('Denim Shirt'));
  await createItem(ctx.app, newYork, item('Wool Coat'));
}

describe('search and the chosen city', () => {
  beforeAll(catalogInThreeCities);

  it("suggests the chosen city's products and brands only, every city's without one", async () => {
    const labels = async (query: string) =>
      (await get<Suggestion[]>(`/api/item/public/suggest?q=den${query}`)).map((s) => s.label);

    expect(await labels('&city=NEW%20YORK')).toEqual([]);
    expect(await labels('&city=VANCOUVER')).toEqual(['Dene Vancouver', 'Denim Jacket']);
    expect(await labels('&city=MONTREAL')).toEqual([
      'Denali Montreal',
      'Denim Shirt',
      'Denim Skirt',
      'Raw Denim Jeans',
    ]);
    expect(await labels('')).toEqual(
      expect.arrayContaining(['Dene Vancouver', 'Denali Montreal', 'Denim Jacket', 'Denim Skirt']),
    );
    // What is suggested in a city is what its search finds.
    const search = await get<ItemSummary[]>(
      '/api/item/public/search?keyword=denim&city=NEW%20YORK',
    );
    expect(search).toEqual([]);
  });

  it('counts the matches of a search in each city that has some, most first', async () => {
    expect(await get('/api/item/public/city-counts?keyword=denim&city=NEW%20YORK')).toEqual([
      { city: 'MONTREAL', count: 3 },
      { city: 'VANCOUVER', count: 1 },
    ]);
    expect(await get('/api/item/public/city-counts?keyword=coat')).toEqual([
      { city: 'NEW YORK', count: 1 },
    ]);
    expect(await get('/api/item/public/city-counts?keyword=okapi')).toEqual([]);
  });
});
