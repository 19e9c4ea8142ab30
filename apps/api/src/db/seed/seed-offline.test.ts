import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutPeriodOf, periodEndingOn, type Review } from '@marketplace/shared';
import { FakeEasyPost } from '../../../test/fake-easypost';
import { json, setupTestApp } from '../../../test/helper';
import { DEMO_REVIEWS } from './demo-catalog';
import { DEMO_PAST_ORDERS } from './demo-past-orders';
import { seedDemoData } from './seed';

// Issue 38 #17: with EASYPOST_API_KEY set and no network, the first start crashed while seeding
// (the demo orders bought EasyPost labels and drove the local simulated tracker). The demo data
// never depends on the network: with a carrier's provider, the demo brands ship with a tracking
// number of their own and the demo buyers say their parcels arrived.
const easypost = new FakeEasyPost();
beforeAll(() => easypost.start());
afterAll(() => easypost.stop());
const ctx = setupTestApp(() => ({ shipping: easypost.provider({ timeoutMs: 1_000 }) }));

describe('the demo seed with EasyPost configured and no network', () => {
  it('seeds everything without asking EasyPost anything: reviews verified, past orders delivered', async () => {
    // Every request EasyPost is sent fails, as with no network.
    easypost.failing = true;
    const { services } = ctx.app;
    expect(
      await seedDemoData(services, ctx.app.log, { purchases: true, database: ctx.database.db }),
    ).toBe(true);
    expect(easypost.requests).toEqual([]);

    const search = await ctx.app.inject({
      url: '/api/item/public/search?keyword=railtown%20selvedge',
    });
    const [jeans] = json<{ id: number }[]>(search);
    const reviews = json<Review[]>(
      await ctx.app.inject({ url: `/api/item-review/item/${jeans!.id}` }),
    );
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews.every((r) => r.verifiedPurchase)).toBe(true);
    expect(DEMO_REVIEWS.some((r) => r.product === 'Railtown Raw Selvedge Jeans')).toBe(true);

    const period = periodEndingOn(payoutPeriodOf(new Date()).start);
    const past = (await services.orders.history('shopper')).filter(
      (o) => o.placedAt !== null && o.placedAt >= period.start && o.placedAt < period.end,
    );
    expect(past).toHaveLength(DEMO_PAST_ORDERS.filter((o) => o.buyer === 'shopper').length);
    for (const order of past) {
      for (const parcel of order.parcels) {
        expect(parcel.status).toBe('DELIVERED');
        expect(parcel.carrier).not.toBeNull();
        expect(parcel.trackingNumber).toMatch(/^[A-Za-z0-9-]{6,40}$/);
        expect(Date.parse(parcel.deliveredAt!)).toBeGreaterThan(Date.parse(parcel.shippedAt!));
      }
    }
  }, 120_000);
});
