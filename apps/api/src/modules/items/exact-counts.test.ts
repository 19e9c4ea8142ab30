import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFacets, ItemSummary } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';

// Decision 034: every list is counted exactly by the catalog index, however many it matches
// (decision 016 counted searches up to 1,000 and said so in X-Total-Capped).
const ctx = setupTestApp();

const COPIES = 1000; // with the original, a thousand and one matches
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('a search of more than 1,000 matches (decision 034)', () => {
  beforeAll(async () => {
    const seller = await sellerWithStore(ctx.app, { city: 'VANCOUVER' });
    const original = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Capped Denim Jacket', category: 'men', price: 100, tags: ['denim'] }),
    );
    await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Plain Linen Dress', category: 'women', price: 80, tags: ['linen'] }),
    );
    // A thousand more of the same product, in bulk (the API would take minutes), which the index
    // reads as it reads any write. One of them costs more, so a price range can leave out exactly
    // one. Written before any read, so no cache holds a list.
    await ctx.database.db.execute(sql`
      insert into items (store_id, store_name, store_city, name, description, materials, care,
        category, price, sale, sale_price, currency, tags, is_available, thumbnail, images,
        width, length, height, weight, dimension_unit, colors, sizes, search, in_stock, created_at)
      select store_id, store_name, store_city, name || ' ' || g, description, materials, care,
        category, price, sale, case when g = 1 then sale_price + 50 else sale_price end,
        currency, tags, is_available, thumbnail, images, width, length, height, weight,
        dimension_unit, colors, sizes, search, in_stock, created_at - g * interval '1 second'
      from items cross join generate_series(1, ${COPIES}) as g
      where id = ${original.id}`);
    await ctx.app.catalogSearch.catchUp();
  });

  it('sends the exact total, and the page itself in full', async () => {
    const response = await get('/api/item/public/search?keyword=denim&pageSize=24');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(COPIES + 1));
    expect(response.headers['x-total-capped']).toBeUndefined();
    const items = json<ItemSummary[]>(response);
    expect(items).toHaveLength(24);
    expect(items.every((i) => i.name.startsWith('Capped Denim Jacket'))).toBe(true);
    const narrowed = await get('/api/item/public/search?keyword=denim&maxPrice=120&pageSize=24');
    expect(narrowed.headers['x-total-count']).toBe(String(COPIES));
    const few = await get('/api/item/public/search?keyword=linen');
    expect(few.headers['x-total-count']).toBe('1');
    expect(json<ItemSummary[]>(few).map((i) => i.name)).toEqual(['Plain Linen Dress']);
  });

  it('counts lists by city and category exactly', async () => {
    for (const [query, total] of [
      ['', COPIES + 2],
      ['city=VANCOUVER', COPIES + 2],
      ['category=men', COPIES + 1],
      ['city=VANCOUVER&category=women', 1],
      ['city=TORONTO', 0],
    ] as const) {
      const response = await get(`/api/item/public?pageSize=24&${query}`);
      expect(response.headers['x-total-count'], query).toBe(String(total));
    }
  });

  it('serves every page: every match once, the last page short, then none', async () => {
    const seen = new Set<number>();
    const pageSize = 100;
    const pages = Math.ceil((COPIES + 1) / pageSize);
    for (let page = 1; page <= pages; page++) {
      const response = await get(
        `/api/item/public/search?keyword=denim&sort=newest&page=${page}&pageSize=${pageSize}`,
      );
      const items = json<ItemSummary[]>(response);
      expect(items, `page ${page}`).toHaveLength(page < pages ? pageSize : (COPIES + 1) % pageSize);
      for (const item of items) seen.add(item.id);
    }
    expect(seen.size).toBe(COPIES + 1);
    const after = await get(
      `/api/item/public/search?keyword=denim&sort=newest&page=${pages + 1}&pageSize=${pageSize}`,
    );
    expect(json<unknown[]>(after)).toEqual([]);
    expect(after.headers['x-total-count']).toBe(String(COPIES + 1));
  });

  it('counts the facets exactly', async () => {
    const facets = json<CatalogFacets>(await get('/api/item/public/facets?keyword=denim'));
    expect(facets.category).toEqual([{ value: 'men', count: COPIES + 1 }]);
    const all = json<CatalogFacets>(await get('/api/item/public/facets'));
    expect(all.category).toEqual([
      { value: 'men', count: COPIES + 1 },
      { value: 'women', count: 1 },
    ]);
  });
});
