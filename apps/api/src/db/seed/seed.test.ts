import { describe, expect, it } from 'vitest';
import {
  payoutPeriodOf,
  periodEndingOn,
  shippingAddressSchema,
  type Review,
  type ReviewSummary,
} from '@marketplace/shared';
import { json, setupTestApp } from '../../../test/helper';
import { DEMO_REVIEWS } from './demo-catalog';
import { DEMO_PAST_ORDERS } from './demo-past-orders';
import { DEMO_USERS } from './demo-users';
import { seedDemoData } from './seed';

const ctx = setupTestApp();

describe('the demo seed', () => {
  it('makes its reviewers buyers who received what they review: every demo review is verified', async () => {
    expect(
      await seedDemoData(ctx.app.services, ctx.app.log, {
        purchases: true,
        database: ctx.database.db,
      }),
    ).toBe(true);
    const search = await ctx.app.inject({
      url: '/api/item/public/search?keyword=railtown%20selvedge',
    });
    const [jeans] = json<{ id: number }[]>(search);
    const reviews = json<Review[]>(
      await ctx.app.inject({ url: `/api/item-review/item/${jeans!.id}` }),
    );
    expect(reviews).toHaveLength(
      DEMO_REVIEWS.filter((r) => r.product === 'Railtown Raw Selvedge Jeans').length,
    );
    expect(reviews.every((r) => r.verifiedPurchase)).toBe(true);
    const summary = json<ReviewSummary>(
      await ctx.app.inject({ url: `/api/item-review/item/${jeans!.id}/summary` }),
    );
    expect(summary).toMatchObject({ count: 3, verifiedCount: 3 });
    expect(summary.fitAdvice).toBe('Runs small: most buyers suggest one size up');
    // The operator's console has its demo account (README).
    expect(await ctx.app.services.users.roleOf('operator')).toBe('operator');
    expect(await ctx.app.services.users.roleOf('shopper')).toBe('buyer');

    // The last ended payout period holds the past orders, delivered after being shipped, unpaid.
    const { services } = ctx.app;
    const period = periodEndingOn(payoutPeriodOf(new Date()).start);
    const inPeriod = (at: string | null) =>
      at !== null && at >= period.start && at < `${period.end}T00:00:00.000Z`;
    const shopperOrders = (await services.orders.history('shopper')).filter((o) =>
      inPeriod(o.placedAt),
    );
    expect(shopperOrders).toHaveLength(
      DEMO_PAST_ORDERS.filter((o) => o.buyer === 'shopper').length,
    );
    for (const order of shopperOrders) {
      expect(inPeriod(order.createdAt)).toBe(true);
      for (const parcel of order.parcels) {
        expect(parcel.status).toBe('DELIVERED');
        const placed = Date.parse(order.placedAt!);
        expect(Date.parse(parcel.shippedAt!) - placed).toBeGreaterThanOrEqual(86_400_000);
        expect(Date.parse(parcel.deliveredAt!)).toBeGreaterThan(Date.parse(parcel.shippedAt!));
        expect(parcel.events.every((e) => inPeriod(e.occurredAt))).toBe(true);
      }
    }
    const expected = new Map<string, number>();
    for (const brand of new Set(DEMO_PAST_ORDERS.map((o) => o.brand))) {
      const ledger = await services.payouts.storePayouts(brand);
      const owed = ledger.periods.find((p) => p.start === period.start)!;
      expect(owed).toMatchObject({
        orders: DEMO_PAST_ORDERS.filter((o) => o.brand === brand).length,
        payout: null,
      });
      expected.set((await services.stores.requireOwnedStore(brand)).name, owed.net);
    }
    // The operator's run pays exactly those brands their period's net.
    const run = await services.payouts.run(period.end);
    expect(run.results.map((r) => [r.storeName, r.outcome, r.amount])).toEqual(
      [...expected].sort().map(([name, net]) => [name, 'PAID', net]),
    );

    // A second start finds the data and seeds nothing.
    expect(await seedDemoData(ctx.app.services, ctx.app.log, { purchases: true })).toBe(false);
  }, 120_000);
});

describe('demo stores (issue 16)', () => {
  it('each ships from a valid address of its own city’s country, so its labels can be bought', () => {
    for (const user of DEMO_USERS) {
      if (!user.store) continue;
      const parsed = shippingAddressSchema.safeParse(user.store.shipFromAddress);
      expect(parsed.success, user.store.name).toBe(true);
      const american = user.store.city === 'LOS ANGELES' || user.store.city === 'NEW YORK';
      expect(user.store.shipFromAddress.country).toBe(american ? 'US' : 'CA');
    }
  });
});
