import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ItemSummary, OperatorBrandPage } from '@marketplace/shared';
import { createItem, sellerWithStore, validItem } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';
import { stores } from '../../db/schema';

// STORE_APPROVAL=required: a new store waits for an operator before its products are listed.
const ctx = setupTestApp({ storeApproval: 'required' });
const steps = orderSteps(ctx);

async function storeIdOf(name: string): Promise<string> {
  const [{ id }] = (await ctx.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.name, name))) as [{ id: string }];
  return id;
}

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

  it('tells the owner the store is under review, and mails the approval without a reason (issue 39.4)', async () => {
    const operator = await loginAs(ctx.app);
    await ctx.app.services.users.setRole(operator.userName, 'operator');
    const owner = await loginAs(ctx.app);
    const opened = await ctx.app.inject({
      method: 'POST',
      url: '/api/store',
      headers: owner.headers,
      payload: { name: 'Lena Linen Studio', city: 'MONTREAL' },
    });
    expect(opened.statusCode).toBe(201);
    expect(json(opened)).toMatchObject({ name: 'Lena Linen Studio', status: 'PENDING' });
    const own = await ctx.app.inject({ url: '/api/store', headers: owner.headers });
    expect(json(own).status).toBe('PENDING');

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/operator/brands/${await storeIdOf('Lena Linen Studio')}/approve`,
      headers: operator.headers,
      payload: { reason: '' },
    });
    expect(approved.statusCode).toBe(200);
    expect(json(approved).status).toBe('ACTIVE');
    const mail = (await steps.mailsTo(owner.email)).at(-1)!;
    expect(mail.subject).toBe('Lena Linen Studio is approved: your products are live');
    expect(mail.bodyText).not.toContain('Reason:');
    expect(json(await ctx.app.inject({ url: '/api/store', headers: owner.headers })).status).toBe(
      'ACTIVE',
    );
  });

  it('declines an application with a reason, mailed to the owner; never without one (issue 39.4)', async () => {
    const operator = await loginAs(ctx.app);
    await ctx.app.services.users.setRole(operator.userName, 'operator');
    const seller = await sellerWithStore(ctx.app);
    const id = await storeIdOf(seller.storeName);
    const decline = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/operator/brands/${id}/decline`,
        headers: operator.headers,
        payload,
      });
    const noReason = await decline({ reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).message).toBe('Give a reason.');

    const declined = await decline({ reason: 'We only list clothing brands.' });
    expect(declined.statusCode).toBe(200);
    expect(json(declined).status).toBe('DECLINED');
    const mail = (await steps.mailsTo(seller.email)).at(-1)!;
    expect(mail.subject).toBe(`Your application for ${seller.storeName} was declined`);
    expect(mail.bodyText).toContain('Reason: We only list clothing brands.');
    expect(json(await ctx.app.inject({ url: '/api/store', headers: seller.headers })).status).toBe(
      'DECLINED',
    );
    const store = await ctx.app.inject({
      url: `/api/store/public/${encodeURIComponent(seller.storeName)}`,
    });
    expect(store.statusCode).toBe(404);

    const again = await decline({ reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Only a store waiting for approval can be declined.');
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/operator/brands/${id}/approve`,
      headers: operator.headers,
      payload: {},
    });
    expect(approve.statusCode).toBe(409);
  });
});
