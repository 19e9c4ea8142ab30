import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { ItemSummary } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../../test/catalog';
import { json, setupTestApp } from '../../../../test/helper';
import type { CatalogFilters } from '../items.repository';

// Decision 034: the index hears of every product write, whoever made it, and misses none that
// was still being written when it last looked.
const ctx = setupTestApp({ catalogIndexPollMs: 50 });

const filters = (keyword: string): CatalogFilters => ({
  keyword,
  category: [],
  store: [],
  color: [],
  size: [],
  price: [],
});
const totalFor = async (keyword: string) =>
  (await ctx.app.catalogSearch.search(filters(keyword), 'featured', 12, 0, 'en')).total;

describe('the catalog index keeping up with writes', () => {
  it('shows its own writes at once: the API answers the write after the index has it', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(ctx.app, seller, validItem({ name: 'Ocelot Parka' }));
    const found = await ctx.app.inject({ url: '/api/item/public/search?keyword=ocelot' });
    expect(json<ItemSummary[]>(found).map((card) => card.id)).toEqual([created.id]);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${created.id}`,
      headers: seller.headers,
    });
    expect(await totalFor('ocelot')).toBe(0);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'finds a write nobody told it of (another process, a script) within its poll',
    async () => {
      const seller = await sellerWithStore(ctx.app);
      const created = await createItem(ctx.app, seller, validItem({ name: 'Margay Vest' }));
      await ctx.database.db.execute(
        sql`update items set name = 'Serval Vest', search = to_tsvector('simple', 'Serval Vest') where id = ${created.id}`,
      );
      await vi.waitFor(async () => expect(await totalFor('serval')).toBe(1), { timeout: 2000 });
      expect(await totalFor('margay')).toBe(0);
    },
  );

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'does not poll the embedded database, whose one process tells it of every write',
    async () => {
      const reads = vi.spyOn(ctx.app.catalogSearch, 'catchUp');
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(reads).not.toHaveBeenCalled();
        const seller = await sellerWithStore(ctx.app);
        await createItem(ctx.app, seller, validItem({ name: 'Kodkod Vest' }));
        expect(reads).toHaveBeenCalled();
        expect(await totalFor('kodkod')).toBe(1);
      } finally {
        reads.mockRestore();
      }
    },
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'misses no write that was still uncommitted when it last looked',
    async () => {
      const seller = await sellerWithStore(ctx.app);
      const [slow, quick] = [
        await createItem(ctx.app, seller, validItem({ name: 'Caracal Tee' })),
        await createItem(ctx.app, seller, validItem({ name: 'Jaguarundi Tee' })),
      ];
      const other = new pg.Client({ connectionString: ctx.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update items set is_available = false where id = $1`, [slow.id]);
        // A write that began later and committed first: read while the first is still open.
        await ctx.database.db.execute(
          sql`update items set is_available = false where id = ${quick.id}`,
        );
        await ctx.app.catalogSearch.catchUp();
        expect([await totalFor('caracal'), await totalFor('jaguarundi')]).toEqual([1, 0]);
        await other.query('commit');
        await ctx.app.catalogSearch.catchUp();
        expect([await totalFor('caracal'), await totalFor('jaguarundi')]).toEqual([0, 0]);
      } finally {
        await other.end();
      }
    },
  );
});
