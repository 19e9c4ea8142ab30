import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ItemDetail, ItemSummary } from '@marketplace/shared';
import { createItem, sellerWithStore, updateItem, validItem } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';

const ctx = setupTestApp();
const { addToBag, checkout } = orderSteps(ctx);

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const list = async (url: string) =>
  json<ItemSummary[]>(await get(url)).map((i) => [i.name, i.soldOut] as const);

const option = (count: number) => ({
  color: 'RED',
  size: 'M',
  price: 0,
  sale: 0,
  count,
  isAvailable: true,
});

describe('issue 13: sold out is visible and sorted last in Featured', () => {
  it('flags a product whose options are all at 0, sorts it after available ones, and follows stock changes', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Sold Out Studio' });
    // On sale and sold out: before issue 13 it led the featured order.
    await createItem(
      ctx.app,
      seller,
      validItem({
        name: 'Empty Sale Coat',
        sale: 30,
        itemOptions: [option(0), { ...option(0), size: 'L' }],
      }),
    );
    const last = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Last Plain Tee', itemOptions: [option(1)] }),
    );
    expect(last.soldOut).toBe(false);

    const featured = [
      ['Last Plain Tee', false],
      ['Empty Sale Coat', true],
    ];
    expect(await list('/api/item/public')).toEqual(featured);
    expect(await list('/api/item/public?city=VANCOUVER')).toEqual(featured);
    expect(await list(`/api/store/public/items/${encodeURIComponent('Sold Out Studio')}`)).toEqual(
      featured,
    );

    // The last unit is taken by a checkout: the lists (kept in the cache) follow at once.
    const buyer = await loginAs(ctx.app);
    await addToBag(buyer, last);
    expect((await checkout(buyer)).statusCode).toBe(201);
    expect(await list('/api/item/public')).toEqual([
      ['Empty Sale Coat', true],
      ['Last Plain Tee', true],
    ]);
    expect(json<ItemDetail>(await get(`/api/item/public/${last.id}`)).soldOut).toBe(true);

    // Restocked by the seller: available again, first again.
    await updateItem(ctx.app, seller, last.id, {
      name: 'Last Plain Tee',
      itemOptions: [{ ...option(4), id: last.itemOptions[0]!.id }],
    });
    expect(await list('/api/item/public')).toEqual(featured);
  });

  it.each([
    ['whole catalog', 'items_public_featured_idx', sql``],
    ['one city', 'items_public_city_featured_idx', sql`and store_city = 'VANCOUVER'`],
  ])('serves the featured order (%s) from its index, without a sort', async (_, index, city) => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select id from items where is_available and deleted_at is null ${city}
            order by in_stock desc, on_sale desc, created_at desc, id desc limit 12`,
      )) as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
