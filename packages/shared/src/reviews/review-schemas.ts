import { z } from 'zod';
import { FIT_SCORE_MAX, FIT_SCORE_MIN, MAX_RECORD_ID, MAX_STARS } from '../constants';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES } from './reviews';
import { plainText } from '../text';

// The review rules as zod schemas, apart from reviews.ts so that pages which only show reviews
// do not load zod.

const rating = z
  .number(REVIEW_MESSAGES.ratingRequired)
  .int(REVIEW_MESSAGES.ratingRequired)
  .min(1, REVIEW_MESSAGES.ratingRequired)
  .max(MAX_STARS, REVIEW_MESSAGES.ratingRequired);
const fitScore = z
  .number(REVIEW_MESSAGES.fitRequired)
  .int(REVIEW_MESSAGES.fitRequired)
  .min(FIT_SCORE_MIN, REVIEW_MESSAGES.fitRequired)
  .max(FIT_SCORE_MAX, REVIEW_MESSAGES.fitRequired);
// Line breaks are the author's paragraphs; every other invisible character is refused.
const comment = plainText('Comment', { multiline: true, required: REVIEW_MESSAGES.commentRequired })
  .min(1, REVIEW_MESSAGES.commentRequired)
  .max(REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong);

/** The review form (spec 5): choosing no star leaves rating 0, which this refuses. */
export const reviewFormSchema = z.object({ rating, fitScore, comment });
export type ReviewFormValues = z.input<typeof reviewFormSchema>;

/** POST /item-review (spec 7). */
export const createReviewSchema = reviewFormSchema
  .extend({ itemId: z.number().int().positive().max(MAX_RECORD_ID) })
  .strict();
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

/** PUT /item-review (spec 7). */
export const updateReviewSchema = reviewFormSchema
  .extend({ reviewId: z.number().int().positive().max(MAX_RECORD_ID) })
  .strict();
export type UpdateReviewInput = z.infer<typeof updateReviewSchema>;

export const reviewIdParamsSchema = z.object({
  reviewId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const reviewItemParamsSchema = z.object({
  itemId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

// The answers (their types are in reviews.ts, which does not load zod).

/**
 * A review as everyone sees it: the author's first name and last initial, never their login
 * name (which would give half of a sign-in away) nor an email.
 */
export const reviewSchema = z.object({
  reviewId: z.number().int(),
  itemId: z.number().int(),
  displayName: z.string(),
  /** The signed-in caller wrote it (the server compares accounts; false when signed out). */
  mine: z.boolean(),
  rating: z.number(),
  fitScore: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  /** The author received this product (an order item of it shipped to them). */
  verifiedPurchase: z.boolean(),
});

export const reviewSummarySchema = z.object({
  itemId: z.number().int(),
  count: z.number().int(),
  /** How many of them are verified purchases: only these make the fit advice. */
  verifiedCount: z.number().int(),
  /** One decimal; 0 with no reviews (spec 9). */
  averageRating: z.number(),
  /**
   * The verified purchases' average rating, one decimal; 0 with none. What search engines are
   * shown (the page's JSON-LD): one free account cannot make a product 1.0 there (issue 38).
   */
  verifiedAverageRating: z.number(),
  /** One decimal; 3 with no reviews (spec 9). */
  averageFit: z.number(),
  /**
   * Beyond the spec: sizing advice from the verified reviews' average fit, once there are
   * FIT_ADVICE_MIN_REVIEWS of them (anyone may review; only buyers who wore it advise on size).
   */
  fitAdvice: z.string().nullable(),
});

/**
 * A review as everyone sees it: the author's first name and last initial, never their login
 * name (which would give half of a sign-in away) nor an email.
 */
export type Review = z.infer<typeof reviewSchema>;

export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
