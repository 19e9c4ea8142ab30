import { z } from 'zod';
import { FIT_SCORE_MAX, FIT_SCORE_MIN, MAX_RECORD_ID, MAX_STARS } from './constants';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES } from './reviews';
import { plainText } from './text';

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
