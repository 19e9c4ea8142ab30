import { MAX_STARS, REVIEW_MESSAGES, type ReviewSummary as Summary } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { FitBar } from './fit-bar';
import { Stars } from './stars';

/** Spec 2: the average rating to one decimal and the average fit bar. */
export function ReviewSummary({ summary }: { summary: Summary }) {
  const { t, formatDecimal } = useI18n();
  // Issue 13: 0.0 stars reads as a bad product; nobody has reviewed it yet.
  if (summary.count === 0)
    return (
      <div className="review-summary">
        <p className="review-summary__count">{t(REVIEW_MESSAGES.noReviews)}</p>
      </div>
    );
  const average = formatDecimal(summary.averageRating, 1);
  return (
    <div className="review-summary">
      <div className="review-summary__rating">
        <span className="review-summary__average" aria-hidden="true">
          {average}
        </span>
        <div>
          <Stars
            value={summary.averageRating}
            label={t('Average rating {average} out of {max}', { average, max: MAX_STARS })}
            size="lg"
          />
          <p className="review-summary__count">
            {t('Based on {count, plural, one {# review} other {# reviews}}', {
              count: summary.count,
            })}
          </p>
          {/* What search engines are shown counts these only (issue 38). */}
          <p className="review-summary__verified">
            {t(REVIEW_MESSAGES.verifiedCount, { count: summary.verifiedCount })}
          </p>
        </div>
      </div>
      <div className="review-summary__fit">
        <p className="review-summary__label" aria-hidden="true">
          {t('Average fit')}
        </p>
        <FitBar value={summary.averageFit} label={t('Average fit')} />
        {summary.fitAdvice && <p className="review-summary__advice">{t(summary.fitAdvice)}</p>}
      </div>
    </div>
  );
}
