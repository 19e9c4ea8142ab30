import { describe, expect, it } from 'vitest';
import { createReviewSchema, type Review } from './review-schemas';
import { FIT_ADVICE, fitAdvice, fitBarPercent, orderReviews, reviewDisplayName } from './reviews';

describe('fitBarPercent (spec 4)', () => {
  it.each([
    [1, 0],
    [2, 25],
    [3, 50],
    [4, 75],
    [5, 100],
    [0, 0],
    [7, 100],
    [2.5, 37.5],
  ])('fit %d sits at %d %%', (fit, percent) => {
    expect(fitBarPercent(fit)).toBe(percent);
  });
});

describe('fitAdvice', () => {
  it('needs at least three reviews', () => {
    expect(fitAdvice(1.5, 2)).toBeNull();
  });
  it.each([
    [2.2, FIT_ADVICE.small],
    [1, FIT_ADVICE.small],
    [2.3, FIT_ADVICE.trueToSize],
    [3.7, FIT_ADVICE.trueToSize],
    [3.8, FIT_ADVICE.large],
    [5, FIT_ADVICE.large],
  ])('average fit %d says %s', (fit, advice) => {
    expect(fitAdvice(fit, 3)).toBe(advice);
  });
});

describe('review rules', () => {
  const valid = { itemId: 1, rating: 4, fitScore: 3, comment: 'Lovely' };
  it.each([
    [{ rating: 0 }, 'Choose a rating from 1 to 5 stars.'],
    [{ rating: 6 }, 'Choose a rating from 1 to 5 stars.'],
    [{ rating: 3.5 }, 'Choose a rating from 1 to 5 stars.'],
    [{ fitScore: 0 }, 'Choose a fit from 1 to 5.'],
    [{ fitScore: 2.5 }, 'Choose a fit from 1 to 5.'],
    [{ comment: '   ' }, 'Comment is required.'],
    [{ comment: 'x'.repeat(2001) }, 'Comment must be at most 2,000 characters.'],
  ])('%j is refused with its message', (change, message) => {
    const result = createReviewSchema.safeParse({ ...valid, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('reviewDisplayName', () => {
  it('shows the first name and the last initial only', () => {
    expect(reviewDisplayName('Ada', 'lovelace')).toBe('Ada L.');
  });
});

describe('orderReviews', () => {
  const review = (
    reviewId: number,
    displayName: string,
    rating: number,
    createdAt: string,
  ): Review => ({
    reviewId,
    itemId: 1,
    displayName,
    mine: displayName === 'me',
    rating,
    fitScore: 3,
    comment: 'c',
    createdAt,
    verifiedPurchase: false,
  });
  it("lists the viewer's review first, then higher ratings later", () => {
    const ordered = orderReviews([
      review(1, 'ann', 5, '2026-01-01'),
      review(2, 'bob', 2, '2026-01-02'),
      review(3, 'me', 4, '2026-01-03'),
      review(4, 'cat', 2, '2026-01-04'),
    ]);
    expect(ordered.map((r) => r.reviewId)).toEqual([3, 4, 2, 1]);
  });
});
