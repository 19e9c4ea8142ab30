import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type {
  AuditLogPage,
  ItemDetail,
  ItemSummary,
  MoneyAtAGlance,
  OperatorBrand,
  OperatorBrandPage,
  OverdueReturn,
  ReportedReviewPage,
  Review,
  ReviewSummary,
  StorePayoutLedger,
  StoreOrderView,
} from '@marketplace/shared';
import {
  createItem,
  sellerWithStore,
  updateItem,
  validItem,
  type Seller,
} from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { oneOption, orderSteps, type Buyer } from '../../../test/orders';
import { stores } from '../../db/schema';

const ctx = setupTestApp();
const steps = orderSteps(ctx);

async function operatorUser(): Promise<Buyer> {
  const user = await loginAs(ctx.app);
  await ctx.app.services.users.setRole(user.userName, 'operator');
  return user;
}

const storeIdOf = async (seller: Seller) => {
  const [row] = await ctx.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.name, seller.storeName));
  return row!.id;
};

const decide = (
  operator: Buyer,
  storeId: string,
  decision: string,
  reason = 'Counterfeit goods.',
) => steps.inject(operator, 'POST', `/api/operator/brands/${storeId}/${decision}`, { reason });

const catalogNames = async (query = '') =>
  json<ItemSummary[]>(await ctx.app.inject({ url: `/api/item/public?pageSize=100${query}` })).map(
    (item) => item.name,
  );

describe('the operator role', () => {
  it('keeps every console route to operators: 401 signed out, 403 for a buyer', async () => {
    const buyer = await loginAs(ctx.app);
    for (const url of [
      '/api/operator/brands',
      '/api/operator/reviews',
      '/api/operator/audit-log',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
      const refused = await ctx.app.inject({ url, headers: buyer.headers });
      expect(refused.statusCode).toBe(403);
      expect(json(refused).message).toBe('Only the marketplace operators can do this.');
    }
    const operator = await operatorUser();
    expect(
      (await ctx.app.inject({ url: '/api/operator/brands', headers: operator.headers })).statusCode,
    ).toBe(200);
  });

  it("tells the web app the caller's role in the profile", async () => {
    const operator = await operatorUser();
    const buyer = await loginAs(ctx.app);
    const profile = (user: Buyer) =>
      ctx.app.inject({ url: `/api/user/${user.userName}`, headers: user.headers });
    expect(json(await profile(operator)).role).toBe('operator');
    expect(json(await profile(buyer)).role).toBe('buyer');
  });
});

describe('brands', () => {
  it('lists each brand with its status, city, products, orders, sales and returns rate', async () => {
    const operator = await operatorUser();
    const seller = await sellerWithStore(ctx.app, { city: 'TORONTO' });
    const item = await createItem(
      ctx.app,
      seller,
      validItem({ price: 40, itemOptions: oneOption(5) }),
    );
    await createItem(ctx.app, seller, validItem({ isAvailable: false }));
    const buyer = await loginAs(ctx.app);
    await steps.addToBag(buyer, item, 2);
    const session = await steps.paidCheckout(buyer);
    expect((await steps.place(buyer, session.orderId)).statusCode).toBe(200);

    const storeId = await storeIdOf(seller);
    let page = 1;
    let brand: OperatorBrand | undefined;
    for (;;) {
      const answer = json<OperatorBrandPage>(
        await ctx.app.inject({
          url: `/api/operator/brands?page=${page}`,
          headers: operator.headers,
        }),
      );
      expect(answer.pageSize).toBe(20);
      expect(answer.brands.length).toBeLessThanOrEqual(20);
      brand = answer.brands.find((b) => b.storeId === storeId);
      if (brand || answer.brands.length < answer.pageSize) break;
      page += 1;
    }
    expect(brand).toEqual({
      storeId,
      name: seller.storeName,
      city: 'TORONTO',
      status: 'ACTIVE',
      ownerUserName: seller.userName,
      createdAt: expect.any(String),
      products: 2,
      orders: 1,
      sales: [{ currency: 'CAD', amount: 80 }],
      returnsRate: 0,
    });
    const active = json<OperatorBrandPage>(
      await ctx.app.inject({
        url: '/api/operator/brands?status=SUSPENDED',
        headers: operator.headers,
      }),
    );
    expect(active.brands.every((b) => b.status === 'SUSPENDED')).toBe(true);
  });

  it('suspends a brand: its products leave every public read at once; its open orders go on; reinstating lists them again', async () => {
    const operator = await operatorUser();
    const seller = await sellerWithStore(ctx.app, { city: 'MONTREAL' });
    const word = `zq${Date.now().toString(36)}`;
    const listed = await createItem(
      ctx.app,
      seller,
      validItem({ name: `Suspendable ${word} Coat`, itemOptions: oneOption(5) }),
    );
    const unlisted = await createItem(
      ctx.app,
      seller,
      validItem({ name: `Draft ${word}`, isAvailable: false }),
    );
    const buyer = await loginAs(ctx.app);
    await steps.addToBag(buyer, listed);
    const session = await steps.paidCheckout(buyer);
    expect((await steps.place(buyer, session.orderId)).statusCode).toBe(200);

    // Cached before the suspension: the cache must not keep them.
    const storeQuery = `&store=${encodeURIComponent(seller.storeName)}`;
    expect(await catalogNames(storeQuery)).toEqual([listed.name]);
    expect(await catalogNames(`&keyword=${word}`)).toEqual([listed.name]);
    const storeId = await storeIdOf(seller);

    const suspended = await decide(operator, storeId, 'suspend', 'Selling counterfeit goods.');
    expect(suspended.statusCode).toBe(200);
    expect(json<OperatorBrand>(suspended)).toMatchObject({ status: 'SUSPENDED', products: 2 });

    expect(await catalogNames(storeQuery)).toEqual([]);
    expect(await catalogNames(`&keyword=${word}`)).toEqual([]);
    expect(await catalogNames('&city=MONTREAL')).not.toContain(listed.name);
    expect((await ctx.app.inject({ url: `/api/item/public/${listed.id}` })).statusCode).toBe(404);
    const facets = json<{ store: { value: string; count: number }[] }>(
      await ctx.app.inject({ url: '/api/item/public/facets?city=MONTREAL' }),
    );
    expect(facets.store.filter((s) => s.value === seller.storeName && s.count > 0)).toEqual([]);
    const storePage = `/api/store/public/${encodeURIComponent(seller.storeName)}`;
    expect((await ctx.app.inject({ url: storePage })).statusCode).toBe(404);
    const storeItems = await ctx.app.inject({
      url: `/api/store/public/items/${encodeURIComponent(seller.storeName)}`,
    });
    expect(json<unknown[]>(storeItems)).toEqual([]);
    const storeList = json<{ name: string }[]>(await ctx.app.inject({ url: '/api/store/public' }));
    expect(storeList.map((s) => s.name)).not.toContain(seller.storeName);
    const suggestions = json<{ label: string }[]>(
      await ctx.app.inject({
        url: `/api/item/public/suggest?q=${encodeURIComponent(seller.storeName.slice(0, 12))}`,
      }),
    );
    expect(suggestions.map((s) => s.label)).not.toContain(seller.storeName);
    // Nobody can buy it any more.
    expect((await steps.addToBag(await loginAs(ctx.app), listed)).statusCode).not.toBe(200);

    // The owner still sees their products as they left them, and an edit keeps it withheld.
    const own = json<ItemDetail[]>(
      await ctx.app.inject({
        url: `/api/store/public/items/${encodeURIComponent(seller.storeName)}`,
        headers: seller.headers,
      }),
    );
    expect(Object.fromEntries(own.map((i) => [i.name, i.isAvailable]))).toEqual({
      [listed.name]: true,
      [unlisted.name]: false,
    });
    const edited = await updateItem(ctx.app, seller, listed.id, {
      name: `Suspendable ${word} Coat`,
      itemOptions: oneOption(5),
      description: 'Edited while suspended.',
    });
    expect(edited.isAvailable).toBe(true);
    expect(await catalogNames(`&keyword=${word}`)).toEqual([]);

    // Its open order can still be fulfilled and refunded by the brand.
    await steps.acceptAndShip(seller, session.orderId);
    const orders = json<StoreOrderView[]>(
      await ctx.app.inject({ url: '/api/store/orders', headers: seller.headers }),
    );
    const order = orders.find((o) => o.orderId === session.orderId)!;
    expect(
      (await steps.inject(seller, 'POST', `/api/store/orders/${order.id}/refund`)).statusCode,
    ).toBe(200);

    const mails = await steps.mailsTo(seller.email);
    expect(mails.at(-1)).toMatchObject({ subject: `${seller.storeName} is suspended` });
    expect(mails.at(-1)!.bodyText).toContain('Reason: Selling counterfeit goods.');

    const twice = await decide(operator, storeId, 'suspend');
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('This store is already suspended.');

    const reinstated = await decide(operator, storeId, 'reinstate', 'Receipts checked.');
    expect(reinstated.statusCode).toBe(200);
    expect(json<OperatorBrand>(reinstated).status).toBe('ACTIVE');
    // Only what the seller had listed comes back.
    expect(await catalogNames(storeQuery)).toEqual([listed.name]);
    expect((await ctx.app.inject({ url: storePage })).statusCode).toBe(200);
    expect((await steps.mailsTo(seller.email)).at(-1)).toMatchObject({
      subject: `${seller.storeName} is reinstated`,
    });
    expect((await decide(operator, storeId, 'reinstate')).statusCode).toBe(409);
    expect((await decide(operator, storeId, 'approve')).statusCode).toBe(409);

    const log = json<AuditLogPage>(
      await ctx.app.inject({ url: '/api/operator/audit-log', headers: operator.headers }),
    );
    expect(
      log.entries.filter((e) => e.subjectId === storeId).map((e) => [e.action, e.reason]),
    ).toEqual([
      ['REINSTATE_STORE', 'Receipts checked.'],
      ['SUSPEND_STORE', 'Selling counterfeit goods.'],
    ]);
    expect(log.entries[0]).toMatchObject({
      operatorUserName: operator.userName,
      subjectName: seller.storeName,
    });

    // The whole log as a CSV download (issue 39.20), newest first, for operators only.
    const csv = await ctx.app.inject({
      url: '/api/operator/audit-log?format=csv',
      headers: operator.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const [header, ...rows] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'createdAt,operatorUserName,action,subjectType,subjectId,subjectName,reason',
    );
    expect(rows.filter((row) => row.includes(storeId)).map((row) => row.split(',')[2])).toEqual([
      'REINSTATE_STORE',
      'SUSPEND_STORE',
    ]);
    expect(rows.find((row) => row.includes('REINSTATE_STORE') && row.includes(storeId))).toContain(
      `,${operator.userName},REINSTATE_STORE,store,${storeId},${seller.storeName},Receipts checked.`,
    );
    const notOperator = await ctx.app.inject({
      url: '/api/operator/audit-log?format=csv',
      headers: seller.headers,
    });
    expect(notOperator.statusCode).toBe(403);
  });

  it('answers 404 for no such store and 400 without a reason', async () => {
    const operator = await operatorUser();
    const missing = await decide(operator, '00000000-0000-4000-8000-000000000000', 'suspend');
    expect(missing.statusCode).toBe(404);
    const seller = await sellerWithStore(ctx.app);
    const blank = await decide(operator, await storeIdOf(seller), 'suspend', '   ');
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(json(blank))).toContain('Give a reason.');
  });
});

describe('reported reviews', () => {
  async function reviewedProduct() {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ itemOptions: oneOption(5) }));
    const write = async (rating: number, comment: string) => {
      const author = await loginAs(ctx.app);
      const response = await steps.inject(author, 'POST', '/api/item-review', {
        itemId: item.id,
        rating,
        fitScore: 3,
        comment,
      });
      expect(response.statusCode).toBe(201);
      return { author, review: json<Review>(response) };
    };
    return { item, good: await write(5, 'Lovely coat.'), bad: await write(1, 'Rude words here.') };
  }
  const report = (user: Buyer, reviewId: number, reason = 'Offensive language.') =>
    steps.inject(user, 'POST', `/api/item-review/${reviewId}/report`, { reason });
  const summaryOf = async (itemId: number) =>
    json<ReviewSummary>(await ctx.app.inject({ url: `/api/item-review/item/${itemId}/summary` }));

  it('takes one report per user per review, with a reason; not of one’s own review', async () => {
    const { bad } = await reviewedProduct();
    const shopper = await loginAs(ctx.app);
    expect((await report(shopper, bad.review.reviewId)).statusCode).toBe(204);
    const twice = await report(shopper, bad.review.reviewId);
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('You have already reported this review.');
    const own = await report(bad.author, bad.review.reviewId);
    expect(own.statusCode).toBe(403);
    expect(json(own).message).toBe('You cannot report your own review.');
    expect((await report(shopper, 2 ** 31 - 1)).statusCode).toBe(404);
    expect((await report(shopper, bad.review.reviewId, '')).statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/item-review/${bad.review.reviewId}/report`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('queues reported reviews; hiding one takes it out of the lists and the averages, and tells its author', async () => {
    const operator = await operatorUser();
    const { item, good, bad } = await reviewedProduct();
    const [first, second] = [await loginAs(ctx.app), await loginAs(ctx.app)];
    expect((await report(first, bad.review.reviewId, 'Offensive language.')).statusCode).toBe(204);
    expect((await report(second, bad.review.reviewId, 'Not about the product.')).statusCode).toBe(
      204,
    );
    expect((await report(first, good.review.reviewId, 'I disagree.')).statusCode).toBe(204);
    expect(await summaryOf(item.id)).toMatchObject({ count: 2, averageRating: 3 });

    const queue = json<ReportedReviewPage>(
      await ctx.app.inject({ url: '/api/operator/reviews', headers: operator.headers }),
    );
    const queued = queue.reviews.filter((r) => r.itemId === item.id);
    expect(queued.map((r) => r.reviewId)).toEqual([bad.review.reviewId, good.review.reviewId]);
    expect(queued[0]).toMatchObject({
      itemName: item.name,
      authorUserName: bad.author.userName,
      comment: 'Rude words here.',
      reports: [
        { reason: 'Offensive language.', createdAt: expect.any(String) },
        { reason: 'Not about the product.', createdAt: expect.any(String) },
      ],
    });

    const hide = await steps.inject(
      operator,
      'POST',
      `/api/operator/reviews/${bad.review.reviewId}/hide`,
      {
        reason: 'Abusive language.',
      },
    );
    expect(hide.statusCode).toBe(204);
    expect(await summaryOf(item.id)).toMatchObject({ count: 1, averageRating: 5 });
    const shown = json<Review[]>(await ctx.app.inject({ url: `/api/item-review/item/${item.id}` }));
    expect(shown.map((r) => r.reviewId)).toEqual([good.review.reviewId]);
    const hiddenMail = (await steps.mailsTo(bad.author.email)).at(-1)!;
    expect(hiddenMail.subject).toBe(`Your review of ${item.name} is hidden`);
    expect(hiddenMail.bodyText).toContain('Reason: Abusive language.');
    // A hidden review takes no more reports, and a decided one is decided once.
    expect((await report(await loginAs(ctx.app), bad.review.reviewId)).statusCode).toBe(404);
    expect(
      (
        await steps.inject(operator, 'POST', `/api/operator/reviews/${bad.review.reviewId}/keep`, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409);

    const keep = await steps.inject(
      operator,
      'POST',
      `/api/operator/reviews/${good.review.reviewId}/keep`,
      {
        reason: 'An honest opinion.',
      },
    );
    expect(keep.statusCode).toBe(204);
    expect(await summaryOf(item.id)).toMatchObject({ count: 1, averageRating: 5 });
    expect((await steps.mailsTo(good.author.email)).at(-1)!.subject).toBe(
      `Your review of ${item.name} stays up`,
    );
    const after = json<ReportedReviewPage>(
      await ctx.app.inject({ url: '/api/operator/reviews', headers: operator.headers }),
    );
    expect(after.reviews.filter((r) => r.itemId === item.id)).toEqual([]);
    const log = json<AuditLogPage>(
      await ctx.app.inject({ url: '/api/operator/audit-log', headers: operator.headers }),
    );
    expect(log.entries.slice(0, 2).map((e) => [e.action, e.subjectId])).toEqual([
      ['KEEP_REVIEW', String(good.review.reviewId)],
      ['HIDE_REVIEW', String(bad.review.reviewId)],
    ]);
  });
});

describe('money at a glance', () => {
  it('adds up GMV, orders, commission, tax and refunds per week, as the payouts and the tax report do', async () => {
    const operator = await operatorUser();
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(
      ctx.app,
      seller,
      validItem({ price: 50, itemOptions: oneOption(9) }),
    );
    const buyer = await loginAs(ctx.app);
    const placeOne = async () => {
      await steps.addToBag(buyer, item);
      const session = await steps.paidCheckout(buyer);
      expect((await steps.place(buyer, session.orderId)).statusCode).toBe(200);
      return session.orderId;
    };
    const before = async () => {
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const weekAgo = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
      const money = json<MoneyAtAGlance>(
        await ctx.app.inject({
          url: `/api/operator/money?from=${weekAgo}&to=${tomorrow}`,
          headers: operator.headers,
        }),
      );
      const tax = await ctx.app.services.taxReport.taxReport({ from: weekAgo, to: tomorrow });
      return { money, tax, today };
    };
    const start = await before();
    await placeOne();
    const refundedOrder = await placeOne();
    const orders = json<StoreOrderView[]>(
      await ctx.app.inject({ url: '/api/store/orders', headers: seller.headers }),
    );
    const refunded = orders.find((o) => o.orderId === refundedOrder)!;
    expect(
      (await steps.inject(seller, 'POST', `/api/store/orders/${refunded.id}/refund`)).statusCode,
    ).toBe(200);
    const end = await before();

    const cad = (money: MoneyAtAGlance) => {
      const rows = money.weeks.filter((w) => w.currency === 'CAD');
      const total = (key: 'gmv' | 'orders' | 'commission' | 'taxCollected' | 'refunds') =>
        Math.round(rows.reduce((sum, row) => sum + row[key], 0) * 100);
      return {
        gmv: total('gmv'),
        orders: rows.reduce((sum, row) => sum + row.orders, 0),
        commission: total('commission'),
        tax: total('taxCollected'),
        refunds: total('refunds'),
      };
    };
    const [a, b] = [cad(start.money), cad(end.money)];
    const payouts = json<StorePayoutLedger>(
      await ctx.app.inject({ url: '/api/store/payouts', headers: seller.headers }),
    );
    const commissionCents = payouts.lines.reduce(
      (sum, line) => sum + Math.round(line.commission * 100),
      0,
    );
    const charged = orders.reduce((sum, o) => sum + Math.round((o.subtotal + o.shipping) * 100), 0);
    expect(b.orders - a.orders).toBe(2);
    expect(b.gmv - a.gmv).toBe(charged);
    expect(b.commission - a.commission).toBe(commissionCents);
    expect(b.refunds - a.refunds).toBe(
      Math.round((refunded.subtotal + refunded.shipping + refunded.tax) * 100),
    );
    const taxCollected = (t: typeof start.tax) =>
      Math.round((t.totals.find((x) => x.currency === 'CAD')?.collected ?? 0) * 100);
    expect(b.tax).toBe(taxCollected(end.tax));
    expect(b.tax - a.tax).toBeGreaterThan(0);
    // Weeks start on Mondays, oldest first.
    for (const week of end.money.weeks)
      expect(new Date(`${week.week}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(end.money.weeks.map((w) => w.week)).toEqual(
      [...end.money.weeks.map((w) => w.week)].sort(),
    );
    // No return was opened (returns.test.ts counts them).
    expect(end.money.weeks.every((w) => w.returns === 0)).toBe(true);
  });

  it('shows every week of the range, a week with nothing as zeros (issue 39.19)', async () => {
    const operator = await operatorUser();
    // Returns opened in the first and third weeks of November 2026, nothing in the second.
    const opened = vi.spyOn(ctx.app.services.returns, 'openedPerWeek').mockResolvedValue([
      { week: '2026-11-02', currency: 'CAD', returns: 1 },
      { week: '2026-11-16', currency: 'CAD', returns: 2 },
    ]);
    const money = json<MoneyAtAGlance>(
      await ctx.app.inject({
        url: '/api/operator/money?from=2026-11-02&to=2026-11-23',
        headers: operator.headers,
      }),
    );
    expect(money.weeks).toEqual([
      {
        week: '2026-11-02',
        currency: 'CAD',
        gmv: 0,
        orders: 0,
        commission: 0,
        taxCollected: 0,
        refunds: 0,
        returns: 1,
      },
      {
        week: '2026-11-09',
        currency: 'CAD',
        gmv: 0,
        orders: 0,
        commission: 0,
        taxCollected: 0,
        refunds: 0,
        returns: 0,
      },
      {
        week: '2026-11-16',
        currency: 'CAD',
        gmv: 0,
        orders: 0,
        commission: 0,
        taxCollected: 0,
        refunds: 0,
        returns: 2,
      },
    ]);
    // The returns module's own count again: nothing opened in November.
    opened.mockRestore();
    const nothing = json<MoneyAtAGlance>(
      await ctx.app.inject({
        url: '/api/operator/money?from=2026-11-02&to=2026-11-23',
        headers: operator.headers,
      }),
    );
    expect(nothing.weeks).toEqual([]);
  });

  it('lists the overdue refunds of returns, oldest first, from the returns link', async () => {
    const operator = await operatorUser();
    const overdue = (returnId: string, refundDueBy: string): OverdueReturn => ({
      returnId,
      reference: `LB-${returnId}`,
      storeId: 'store',
      storeName: 'Maple Denim Co',
      buyerUserName: 'shopper',
      receivedAt: '2026-11-01T10:00:00.000Z',
      refundDueBy,
      amount: 12.5,
      currency: 'CAD',
    });
    const overdueReturns = vi
      .spyOn(ctx.app.services.returns, 'overdue')
      .mockResolvedValue([
        overdue('b', '2026-11-06T23:59:59.000Z'),
        overdue('a', '2026-11-04T23:59:59.000Z'),
      ]);
    const money = json<MoneyAtAGlance>(
      await ctx.app.inject({
        url: '/api/operator/money?from=2026-11-01&to=2026-11-15',
        headers: operator.headers,
      }),
    );
    expect(money.overdueReturns.map((r) => r.returnId)).toEqual(['a', 'b']);
    overdueReturns.mockRestore();
  });

  it('refuses a range that is not whole days in order, or longer than 53 weeks', async () => {
    const operator = await operatorUser();
    for (const [query, message] of [
      ['from=2026-11-15&to=2026-11-01', 'The period must end after it starts.'],
      ['from=2026-13-01&to=2026-12-01', 'Give dates as YYYY-MM-DD.'],
      ['from=2024-01-01&to=2026-01-01', 'Choose at most 53 weeks.'],
    ] as const) {
      const response = await ctx.app.inject({
        url: `/api/operator/money?${query}`,
        headers: operator.headers,
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(json(response))).toContain(message);
    }
  });
});
