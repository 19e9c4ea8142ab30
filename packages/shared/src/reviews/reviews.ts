import {
  DEFAULT_FIT_SCORE,
  FIT_SCORE_MAX,
  FIT_SCORE_MIN,
  MAX_STARS,
  NO_REVIEWS_AVERAGE_FIT,
  NO_REVIEWS_AVERAGE_RATING,
} from '../constants';
import { msg } from '../i18n/msg';
import { groupedDigits } from '../money/numbers';

export const REVIEW_COMMENT_MAX_LENGTH = 2000;
/** With fewer verified reviews than this, fit advice would be one person's opinion. */
export const FIT_ADVICE_MIN_REVIEWS = 3;

/**
 * Reviews an account may write in any 24 hours. Sign-ups are cheap, so a new account (under
 * NEW_ACCOUNT_HOURS old) gets far fewer: a batch of fresh accounts cannot flood the ratings.
 */
export const REVIEWS_PER_DAY = 20;
export const NEW_ACCOUNT_REVIEWS_PER_DAY = 3;
export const NEW_ACCOUNT_HOURS = 24;

/** Spec 2, 4, 5 and 8: the review area's words. */
export const REVIEW_MESSAGES = {
  title: msg('Customer Reviews'),
  /** Issue 13: instead of a 0.0 average for a product nobody has reviewed. */
  noReviews: msg('No reviews yet'),
  placeholder: msg('Share your thoughts...'),
  update: msg('Update Review'),
  submitted: msg('Review submitted'),
  updated: msg('Review updated'),
  deleted: msg('Review deleted'),
  fetchFailed: msg('Could not fetch reviews'),
  submitFailed: msg('Failed to submit review'),
  deleteFailed: msg('Failed to delete review'),
  runsSmall: msg('Runs Small'),
  runsLarge: msg('Runs Large'),
  ratingRequired: msg(`Choose a rating from 1 to ${MAX_STARS} stars.`),
  fitRequired: msg(`Choose a fit from ${FIT_SCORE_MIN} to ${FIT_SCORE_MAX}.`),
  commentRequired: msg('Comment is required.'),
  commentTooLong: msg(
    `Comment must be at most ${groupedDigits(REVIEW_COMMENT_MAX_LENGTH)} characters.`,
  ),
  alreadyReviewed: msg('You have already reviewed this product.'),
  notYours: msg('You can only change your own reviews.'),
  ownProduct: msg('Brands cannot review their own products.'),
  notFound: msg('Review not found.'),
  verifiedPurchase: msg('Verified purchase'),
  /** Beside the average: how many of the reviews are verified purchases (issue 38). */
  verifiedCount: msg(
    '{count, plural, =0 {No verified purchases} one {# verified purchase} other {# verified purchases}}',
  ),
  newAccountDailyLimit: msg(
    `New accounts can write up to ${NEW_ACCOUNT_REVIEWS_PER_DAY} reviews a day. Please try again tomorrow.`,
  ),
  dailyLimit: msg(
    `You can write up to ${REVIEWS_PER_DAY} reviews a day. Please try again tomorrow.`,
  ),
} as const;

export const FIT_ADVICE = {
  small: msg('Runs small: most buyers suggest one size up'),
  large: msg('Runs large: most buyers suggest one size down'),
  trueToSize: msg('True to size'),
} as const;

export const EMPTY_REVIEW_FORM = { rating: 0, fitScore: DEFAULT_FIT_SCORE, comment: '' } as const;

export const EMPTY_REVIEW_SUMMARY = {
  count: 0,
  verifiedCount: 0,
  averageRating: NO_REVIEWS_AVERAGE_RATING,
  verifiedAverageRating: NO_REVIEWS_AVERAGE_RATING,
  averageFit: NO_REVIEWS_AVERAGE_FIT,
  fitAdvice: null,
} as const;

/** Pass the verified reviews' average fit and count (see ReviewSummary.fitAdvice). */
export function fitAdvice(averageFit: number, count: number): string | null {
  if (count < FIT_ADVICE_MIN_REVIEWS) return null;
  if (averageFit <= 2.2) return FIT_ADVICE.small;
  if (averageFit >= 3.8) return FIT_ADVICE.large;
  return FIT_ADVICE.trueToSize;
}

/** Spec 4: the fit marker sits 25 % per step above 1, clamped to 0–100 %. */
export function fitBarPercent(fit: number): number {
  return Math.min(100, Math.max(0, (fit - FIT_SCORE_MIN) * 25));
}

/** "Ada L." from Ada Lovelace. */
export function reviewDisplayName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/**
 * Spec 4: the viewer's own review first; the rest by the spec's rating comparator, which
 * puts higher ratings later (newest first among equal ratings).
 */
export function orderReviews<T extends { mine: boolean; rating: number; createdAt: string }>(
  reviews: readonly T[],
): T[] {
  return [...reviews].sort(
    (a, b) =>
      Number(b.mine) - Number(a.mine) ||
      a.rating - b.rating ||
      b.createdAt.localeCompare(a.createdAt),
  );
}
