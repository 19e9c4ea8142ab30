import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_COUNT_CAP, type CatalogFacets, type ItemSummary } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';

// Decision 016: a list filtered by more than city and category is counted up to
// CATALOG_COUNT_CAP and says so in X-Total-Capped; city and category lists stay exact.
const ctx = setupTestApp();

const COPIES = CATALOG_COUNT_CAP; // with the original: one match past the cap
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('decision 016: a search past 1,000 matches is counted up to 1,000 (X-Total-Capped)', () => {
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
    // A thousand more of the same product, in bulk (the API would take minutes): the counts'
    // triggers see them as any insert. One of them costs more, so a price range can leave out
    // exactly one and match exactly the cap. Written before any read, so no cache holds a list.
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
  });

  it('sends the cap as the total with X-Total-Capped: true, and the page itself in full', async () => {
    const response = await get('/api/item/public/search?keyword=denim&pageSize=24');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(CATALOG_COUNT_CAP));
    expect(response.headers['x-total-capped']).toBe('true');
    const items = json<ItemSummary[]>(response);
    expect(items).toHaveLength(24);
    expect(items.every((i) => i.name.startsWith('Capped Denim Jacket'))).toBe(true);
  });

  it('counts exactly, without the header, at the cap and below it', async () => {
    // The thousand that cost 100: exactly the cap, so the number is exact.
    const atCap = await get('/api/item/public/search?keyword=denim&maxPrice=120&pageSize=24');
    expect(atCap.headers['x-total-count']).toBe(String(CATALOG_COUNT_CAP));
    expect(atCap.headers['x-total-capped']).toBeUndefined();
    const few = await get('/api/item/public/search?keyword=linen');
    expect(few.headers['x-total-count']).toBe('1');
    expect(few.headers['x-total-capped']).toBeUndefined();
    expect(json<ItemSummary[]>(few).map((i) => i.name)).toEqual(['Plain Linen Dress']);
  });

  it('keeps the exact total of lists by city and category (read from catalog_counts)', async () => {
    for (const [query, total] of [
      ['', COPIES + 2],
      ['city=VANCOUVER', COPIES + 2],
      ['category=men', COPIES + 1],
      ['city=VANCOUVER&category=women', 1],
      ['city=TORONTO', 0],
    ] as const) {
      const response = await get(`/api/item/public?pageSize=24&${query}`);
      expect(response.headers['x-total-count'], query).toBe(String(total));
      expect(response.headers['x-total-capped'], query).toBeUndefined();
    }
  });

  it('serves the pages past the cap: every match once, the last page short, then none', async () => {
    const seen = new Set<number>();
    const pageSize = 100;
    const pages = Math.ceil((COPIES + 1) / pageSize);
    for (let page = 1; page <= pages; page++) {
      const response = await get(
        `/api/item/public/search?keyword=denim&sort=newest&page=${page}&pageSize=${pageSize}`,
      );
      expect(response.headers['x-total-capped'], `page ${page}`).toBe('true');
      const items = json<ItemSummary[]>(response);
      expect(items, `page ${page}`).toHaveLength(page < pages ? pageSize : (COPIES + 1) % pageSize);
      for (const item of items) seen.add(item.id);
    }
    expect(seen.size).toBe(COPIES + 1);
    const after = await get(
      `/api/item/public/search?keyword=denim&sort=newest&page=${pages + 1}&pageSize=${pageSize}`,
    );
    expect(json<unknown[]>(after)).toEqual([]);
    expect(after.headers['x-total-count']).toBe(String(CATALOG_COUNT_CAP));
  });

  it('keeps the facets exact past the cap', async () => {
    const facets = json<CatalogFacets>(await get('/api/item/public/facets?keyword=denim'));
    expect(facets.category).toEqual([{ value: 'men', count: COPIES + 1 }]);
    const all = json<CatalogFacets>(await get('/api/item/public/facets'));
    expect(all.category).toEqual([
      { value: 'men', count: COPIES + 1 },
      { value: 'women', count: 1 },
    ]);
  });
});
