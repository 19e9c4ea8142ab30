import {
  DEFAULT_FIT_SCORE,
  FIT_SCORE_MAX,
  FIT_SCORE_MIN,
  MAX_STARS,
  NO_REVIEWS_AVERAGE_FIT,
  NO_REVIEWS_AVERAGE_RATING,
} from './constants';

export const REVIEW_COMMENT_MAX_LENGTH = 2000;
/** With fewer reviews than this, fit advice would be one person's opinion. */
export const FIT_ADVICE_MIN_REVIEWS = 3;

/** Spec 2, 4, 5 and 8: the review area's words. */
export const REVIEW_MESSAGES = {
  title: 'Customer Reviews',
  placeholder: 'Share your thoughts...',
  update: 'Update Review',
  submitted: 'Review submitted',
  updated: 'Review updated',
  deleted: 'Review deleted',
  fetchFailed: 'Could not fetch reviews',
  submitFailed: 'Failed to submit review',
  deleteFailed: 'Failed to delete review',
  runsSmall: 'Runs Small',
  runsLarge: 'Runs Large',
  ratingRequired: `Choose a rating from 1 to ${MAX_STARS} stars.`,
  fitRequired: `Choose a fit from ${FIT_SCORE_MIN} to ${FIT_SCORE_MAX}.`,
  commentRequired: 'Comment is required.',
  commentTooLong: `Comment must be at most ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  alreadyReviewed: 'You have already reviewed this product.',
  notYours: 'You can only change your own reviews.',
  ownProduct: 'Brands cannot review their own products.',
  notFound: 'Review not found.',
} as const;

export const FIT_ADVICE = {
  small: 'Runs small: most buyers suggest one size up',
  large: 'Runs large: most buyers suggest one size down',
  trueToSize: 'True to size',
} as const;

export const EMPTY_REVIEW_FORM = { rating: 0, fitScore: DEFAULT_FIT_SCORE, comment: '' } as const;

/** A review as everyone sees it: the author's first name and last initial, never an email. */
export interface Review {
  reviewId: number;
  itemId: number;
  userName: string;
  displayName: string;
  rating: number;
  fitScore: number;
  comment: string;
  createdAt: string;
  verifiedPurchase: boolean;
}

export interface ReviewSummary {
  itemId: number;
  count: number;
  /** One decimal; 0 with no reviews (spec 9). */
  averageRating: number;
  /** One decimal; 3 with no reviews (spec 9). */
  averageFit: number;
  /** Beyond the spec: sizing advice once FIT_ADVICE_MIN_REVIEWS reviews agree. */
  fitAdvice: string | null;
}

export const EMPTY_REVIEW_SUMMARY = {
  count: 0,
  averageRating: NO_REVIEWS_AVERAGE_RATING,
  averageFit: NO_REVIEWS_AVERAGE_FIT,
  fitAdvice: null,
} as const;

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
export function orderReviews(reviews: readonly Review[], viewerUserName?: string | null): Review[] {
  const own = (r: Review) =>
    !!viewerUserName && r.userName.toLowerCase() === viewerUserName.toLowerCase();
  return [...reviews].sort(
    (a, b) =>
      Number(own(b)) - Number(own(a)) ||
      a.rating - b.rating ||
      b.createdAt.localeCompare(a.createdAt),
  );
}
