import { describe, expect, it } from 'vitest';
import { FIT_ADVICE, type Review, type ReviewSummary } from '@marketplace/shared';
import { createItem, sellerWithStore } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';

const ctx = setupTestApp();

type User = Awaited<ReturnType<typeof loginAs>>;

async function newItem() {
  return createItem(ctx.app, await sellerWithStore(ctx.app));
}
const post = (user: User | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/item-review', headers: user?.headers, payload });
const put = (user: User, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/item-review', headers: user.headers, payload });
const del = (user: User, reviewId: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/item-review/${reviewId}`, headers: user.headers });
const list = async (itemId: number) =>
  json<Review[]>(await ctx.app.inject({ method: 'GET', url: `/api/item-review/item/${itemId}` }));
const summary = async (itemId: number) =>
  json<ReviewSummary>(
    await ctx.app.inject({ method: 'GET', url: `/api/item-review/item/${itemId}/summary` }),
  );

describe('POST /api/item-review', () => {
  it('creates a review (201) that shows the author by first name and last initial, never the email', async () => {
    const item = await newItem();
    const ada = await loginAs(ctx.app);
    const response = await post(ada, {
      itemId: item.id,
      rating: 4,
      fitScore: 2,
      comment: '  Warm and soft.  ',
    });
    expect(response.statusCode).toBe(201);
    const review = json<Review>(response);
    expect(review).toEqual({
      reviewId: expect.any(Number),
      itemId: item.id,
      userName: ada.userName,
      displayName: 'Ada L.',
      rating: 4,
      fitScore: 2,
      comment: 'Warm and soft.',
      createdAt: expect.any(String),
      verifiedPurchase: false,
    });
    expect(JSON.stringify(await list(item.id))).not.toContain(ada.email);
  });

  it('needs a signed-in user (401)', async () => {
    const item = await newItem();
    expect(
      (await post(undefined, { itemId: item.id, rating: 4, fitScore: 3, comment: 'x' })).statusCode,
    ).toBe(401);
  });

  it('allows one review per user per item (409), also when two arrive at once', async () => {
    const item = await newItem();
    const user = await loginAs(ctx.app);
    const body = { itemId: item.id, rating: 5, fitScore: 3, comment: 'Great' };
    const [a, b] = await Promise.all([post(user, body), post(user, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const again = await post(user, body);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You have already reviewed this product.');
    expect(await list(item.id)).toHaveLength(1);
  });

  it.each([
    [{ rating: 0 }, 'Choose a rating from 1 to 5 stars.'],
    [{ rating: 6 }, 'Choose a rating from 1 to 5 stars.'],
    [{ rating: 4.5 }, 'Choose a rating from 1 to 5 stars.'],
    [{ fitScore: 0 }, 'Choose a fit from 1 to 5.'],
    [{ fitScore: 6 }, 'Choose a fit from 1 to 5.'],
    [{ comment: '' }, 'Comment is required.'],
    [{ comment: 'x'.repeat(2001) }, 'Comment must be at most 2,000 characters.'],
  ])('refuses %j with 400 and its message', async (change, message) => {
    const item = await newItem();
    const user = await loginAs(ctx.app);
    const response = await post(user, {
      itemId: item.id,
      rating: 4,
      fitScore: 3,
      comment: 'Nice',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });

  it("refuses a brand reviewing its own product (403), and lets it review other brands'", async () => {
    const seller = await sellerWithStore(ctx.app);
    const own = await createItem(ctx.app, seller);
    const response = await post(seller, {
      itemId: own.id,
      rating: 5,
      fitScore: 3,
      comment: 'Best ever',
    });
    expect(response.statusCode).toBe(403);
    expect(json(response).message).toBe('Brands cannot review their own products.');
    expect(await list(own.id)).toEqual([]);
    expect(
      (
        await post(seller, {
          itemId: (await newItem()).id,
          rating: 4,
          fitScore: 3,
          comment: 'Nice',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('answers 404 for a product that does not exist or was deleted', async () => {
    const user = await loginAs(ctx.app);
    expect(
      (await post(user, { itemId: 999_999, rating: 4, fitScore: 3, comment: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('PUT and DELETE /api/item-review', () => {
  it('lets the author edit and delete their review', async () => {
    const item = await newItem();
    const author = await loginAs(ctx.app);
    const { reviewId } = json<Review>(
      await post(author, { itemId: item.id, rating: 2, fitScore: 1, comment: 'Tight' }),
    );
    const updated = await put(author, {
      reviewId,
      rating: 3,
      fitScore: 2,
      comment: 'Sized up, fine now',
    });
    expect(updated.statusCode).toBe(200);
    expect(json<Review>(updated)).toMatchObject({
      reviewId,
      rating: 3,
      fitScore: 2,
      comment: 'Sized up, fine now',
    });
    expect((await del(author, reviewId)).statusCode).toBe(204);
    expect(await list(item.id)).toEqual([]);
    expect((await del(author, reviewId)).statusCode).toBe(404);
  });

  it('refuses anyone else with 403 and changes nothing', async () => {
    const item = await newItem();
    const author = await loginAs(ctx.app);
    const other = await loginAs(ctx.app);
    const { reviewId } = json<Review>(
      await post(author, { itemId: item.id, rating: 5, fitScore: 3, comment: 'Mine' }),
    );
    expect(
      (await put(other, { reviewId, rating: 1, fitScore: 1, comment: 'Hijacked' })).statusCode,
    ).toBe(403);
    expect((await del(other, reviewId)).statusCode).toBe(403);
    expect(await list(item.id)).toEqual([
      expect.objectContaining({ reviewId, comment: 'Mine', rating: 5 }),
    ]);
  });
});

describe('GET /api/item-review/item/{itemId} and its summary', () => {
  it('with no reviews: an empty list, average rating 0 and average fit 3 (spec 9)', async () => {
    const item = await newItem();
    expect(await list(item.id)).toEqual([]);
    expect(await summary(item.id)).toEqual({
      itemId: item.id,
      count: 0,
      averageRating: 0,
      averageFit: 3,
      fitAdvice: null,
    });
  });

  it('averages to one decimal in the database and gives fit advice from three reviews', async () => {
    const item = await newItem();
    const scores = [
      [5, 1],
      [4, 2],
      [4, 2],
    ];
    for (const [rating, fitScore] of scores) {
      expect(
        (await post(await loginAs(ctx.app), { itemId: item.id, rating, fitScore, comment: 'ok' }))
          .statusCode,
      ).toBe(201);
    }
    expect(await summary(item.id)).toEqual({
      itemId: item.id,
      count: 3,
      averageRating: 4.3,
      averageFit: 1.7,
      fitAdvice: FIT_ADVICE.small,
    });
    const reviews = await list(item.id);
    expect(reviews).toHaveLength(3);
    expect(reviews.map((r) => r.createdAt)).toEqual(
      [...reviews.map((r) => r.createdAt)].sort().reverse(),
    );
  });

  it('says nothing about fit below three reviews, and large fits run large', async () => {
    const item = await newItem();
    await post(await loginAs(ctx.app), {
      itemId: item.id,
      rating: 3,
      fitScore: 5,
      comment: 'Roomy',
    });
    expect((await summary(item.id)).fitAdvice).toBeNull();
    await post(await loginAs(ctx.app), { itemId: item.id, rating: 3, fitScore: 4, comment: 'Big' });
    await post(await loginAs(ctx.app), {
      itemId: item.id,
      rating: 3,
      fitScore: 4,
      comment: 'Loose',
    });
    expect(await summary(item.id)).toMatchObject({ averageFit: 4.3, fitAdvice: FIT_ADVICE.large });
  });
});
