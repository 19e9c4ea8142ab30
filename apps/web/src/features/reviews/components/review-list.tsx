import type { Review } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { ReviewItem } from './review-item';

interface ReviewListProps {
  /** Already in display order (orderReviews). */
  reviews: readonly Review[];
  emptyMessage: string;
  onEdit: (review: Review) => void;
  onDelete: (review: Review) => void;
  onReport?: (review: Review) => void;
}

export function ReviewList({ reviews, emptyMessage, onEdit, onDelete, onReport }: ReviewListProps) {
  const { t } = useI18n();
  if (reviews.length === 0) return <p className="review-list__empty">{t(emptyMessage)}</p>;
  return (
    <ol className="review-list" aria-label={t('Reviews')}>
      {reviews.map((review) => (
        <li key={review.reviewId}>
          <ReviewItem
            review={review}
            own={review.mine}
            onEdit={onEdit}
            onDelete={onDelete}
            onReport={onReport}
          />
        </li>
      ))}
    </ol>
  );
}
