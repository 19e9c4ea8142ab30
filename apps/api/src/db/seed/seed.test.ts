import { describe, expect, it } from 'vitest';
import { shippingAddressSchema, type Review, type ReviewSummary } from '@marketplace/shared';
import { json, setupTestApp } from '../../../test/helper';
import { DEMO_REVIEWS } from './demo-catalog';
import { DEMO_USERS } from './demo-users';
import { seedDemoData } from './seed';

const ctx = setupTestApp();

describe('the demo seed', () => {
  it('makes its reviewers buyers who received what they review: every demo review is verified', async () => {
    expect(await seedDemoData(ctx.app.services, ctx.app.log, { purchases: true })).toBe(true);
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
