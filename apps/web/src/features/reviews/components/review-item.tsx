import { MAX_STARS, REVIEW_MESSAGES, type Review } from '@marketplace/shared';
import { DropdownMenu } from '../../../components/ui/dropdown-menu';
import { useI18n } from '../../../i18n/i18n-context';
import { formatReviewDate } from '../utils/review-format';
import { FitBar } from './fit-bar';
import { Stars } from './stars';

interface ReviewItemProps {
  review: Review;
  /** The signed-in user wrote it: only they get Edit and Delete (spec 6). */
  own: boolean;
  onEdit: (review: Review) => void;
  onDelete: (review: Review) => void;
  /** Signed in and not the author: the review can be reported to the operators (issue 17). */
  onReport?: (review: Review) => void;
}

/** Spec 2: stars, display name, created date, fit bar and comment. */
export function ReviewItem({ review, own, onEdit, onDelete, onReport }: ReviewItemProps) {
  const { t, formatDate } = useI18n();
  const date = formatReviewDate(review.createdAt, formatDate);
  return (
    <article
      className={`review-item${own ? ' review-item--own' : ''}`}
      aria-label={t('Review by {name}', { name: review.displayName })}
    >
      <header className="review-item__header">
        <div className="review-item__meta">
          <Stars
            value={review.rating}
            label={t('Rated {rating} out of {max}', { rating: review.rating, max: MAX_STARS })}
          />
          <p className="review-item__byline">
            <span className="review-item__author">{review.displayName}</span>
            {own && <span className="review-item__own">{t('Your review')}</span>}
            {review.verifiedPurchase && (
              <span className="review-item__verified">
                <span aria-hidden="true">✓</span> {t(REVIEW_MESSAGES.verifiedPurchase)}
              </span>
            )}
          </p>
          {date && (
            <time className="review-item__date" dateTime={review.createdAt}>
              {date}
            </time>
          )}
        </div>
        {own && (
          <DropdownMenu
            label={t('Review options')}
            toggle={<span aria-hidden="true">⋮</span>}
            className="review-item__menu"
            toggleClassName="review-item__menu-toggle"
          >
            <button type="button" className="dropdown-item" onClick={() => onEdit(review)}>
              {t('Edit')}
            </button>
            <button type="button" className="dropdown-item" onClick={() => onDelete(review)}>
              {t('Delete')}
            </button>
          </DropdownMenu>
        )}
      </header>
      <FitBar value={review.fitScore} label={t('Fit')} compact />
      {/* Text, never markup: React escapes it; line breaks the author typed are kept by CSS. */}
      <p className="review-item__comment">{review.comment}</p>
      {!own && onReport ? (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 review-item__report"
          onClick={() => onReport(review)}
          aria-label={t('Report the review by {name}', { name: review.displayName })}
        >
          {t('Report')}
        </button>
      ) : null}
    </article>
  );
}
