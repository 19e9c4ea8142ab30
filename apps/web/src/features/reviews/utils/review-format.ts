import { FIT_ADVICE, FIT_SCORE_MAX, FIT_SCORE_MIN, REVIEW_MESSAGES } from '@marketplace/shared';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** "Nov 22, 2026"; an unreadable date is left out rather than shown as "Invalid Date". */
export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

/** What each step of the fit scale means; the ends are the spec's words. */
export const FIT_STEP_NAMES: Record<number, string> = {
  [FIT_SCORE_MIN]: REVIEW_MESSAGES.runsSmall,
  2: 'Slightly small',
  3: FIT_ADVICE.trueToSize,
  4: 'Slightly large',
  [FIT_SCORE_MAX]: REVIEW_MESSAGES.runsLarge,
};

export const FIT_STEPS = Array.from(
  { length: FIT_SCORE_MAX - FIT_SCORE_MIN + 1 },
  (_, index) => FIT_SCORE_MIN + index,
);

export const pluralReviews = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;
