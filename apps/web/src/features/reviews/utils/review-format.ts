import {
  FIT_ADVICE,
  FIT_SCORE_MAX,
  FIT_SCORE_MIN,
  REVIEW_MESSAGES,
  msg,
} from '@marketplace/shared';

const DATE_FORMAT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/**
 * "Nov 22, 2026" (with `formatDate` from useI18n()); an unreadable date is left out rather than
 * shown as "Invalid Date".
 */
export function formatReviewDate(
  iso: string,
  formatDate: (date: Date, options: Intl.DateTimeFormatOptions) => string,
): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date, DATE_FORMAT);
}

/** What each step of the fit scale means; the ends are the spec's words. */
export const FIT_STEP_NAMES: Record<number, string> = {
  [FIT_SCORE_MIN]: REVIEW_MESSAGES.runsSmall,
  2: msg('Slightly small'),
  3: FIT_ADVICE.trueToSize,
  4: msg('Slightly large'),
  [FIT_SCORE_MAX]: REVIEW_MESSAGES.runsLarge,
};

export const FIT_STEPS = Array.from(
  { length: FIT_SCORE_MAX - FIT_SCORE_MIN + 1 },
  (_, index) => FIT_SCORE_MIN + index,
);
