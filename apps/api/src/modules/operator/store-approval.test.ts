import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ItemSummary, OperatorBrandPage } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { stores } from '../../db/schema';

// STORE_APPROVAL=required: a new store waits for an operator before its products are listed.
const ctx = setupTestApp({ storeApproval: 'required' });

describe('STORE_APPROVAL=required', () => {
  it('opens new stores as pending, their products unlisted until an operator approves', async () => {
    const operator = await loginAs(ctx.app);
    await ctx.app.services.users.setRole(operator.userName, 'operator');
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Waiting Wool Coat' }));
    const listed = async () =>
      json<ItemSummary[]>(
        await ctx.app.inject({
          url: `/api/item/public?store=${encodeURIComponent(seller.storeName)}`,
        }),
      ).map((i) => i.name);
    expect(await listed()).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/item/public/${item.id}` })).statusCode).toBe(404);
    // The seller's own form still shows their choice.
    expect(item.isAvailable).toBe(true);

    const pending = json<OperatorBrandPage>(
      await ctx.app.inject({
        url: '/api/operator/brands?status=PENDING',
        headers: operator.headers,
      }),
    );
    expect(pending.brands.map((b) => b.name)).toEqual([seller.storeName]);
    const [{ id }] = (await ctx.database.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.name, seller.storeName))) as [{ id: string }];
    const approve = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/operator/brands/${id}/approve`,
        headers: operator.headers,
        payload: { reason: 'Documents checked.' },
      });
    const approved = await approve();
    expect(approved.statusCode).toBe(200);
    expect(json(approved).status).toBe('ACTIVE');
    expect(await listed()).toEqual(['Waiting Wool Coat']);
    const again = await approve();
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Only a store waiting for approval can be approved.');
  });
});
