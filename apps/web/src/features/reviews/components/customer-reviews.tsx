import { REVIEW_MESSAGES, msg, orderReviews, type Review } from '@marketplace/shared';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../hooks/use-session';
import { useI18n } from '../../../i18n/i18n-context';
import { useItemReviews } from '../api/get-item-reviews';
import { useReviewSummary } from '../api/get-review-summary';
import { ReviewList } from './review-list';
import { ReviewSummary } from './review-summary';
import '../reviews.css';

export const LOADING_FORM = msg('Loading the review form…');

// The form (react-hook-form and the shared zod schemas) and the dialog load when someone can
// write or delete a review, not with every product page.
const ReviewForm = lazy(async () => ({ default: (await import('./review-form')).ReviewForm }));
const DeleteReviewDialog = lazy(async () => ({
  default: (await import('./delete-review-dialog')).DeleteReviewDialog,
}));

const ReportReviewDialog = lazy(async () => ({
  default: (await import('./report-review-dialog')).ReportReviewDialog,
}));

export const LOG_IN_TO_REVIEW = msg('Log in to write a review');
export const NO_REVIEWS_YET = msg('No reviews yet.');
export const BE_THE_FIRST = msg('No reviews yet. Be the first to review this product.');

/**
 * Spec 2 and 4: the product's 'Customer Reviews': the summary, the form (only while the user has
 * no review, or while they edit theirs) and the list with their own review first.
 */
export function CustomerReviews({
  itemId,
  isOwnProduct = false,
}: {
  itemId: number;
  /** The viewer's store sells this product: brands do not review their own products. */
  isOwnProduct?: boolean;
}) {
  const { t } = useI18n();
  const { userName, isLoggedIn } = useSession();
  const viewer = isLoggedIn ? userName : null;
  const reviews = useItemReviews(itemId, viewer);
  const summary = useReviewSummary(itemId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Review | null>(null);
  // Once opened, the dialog stays mounted so that it can animate out.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const [toReport, setToReport] = useState<Review | null>(null);
  const [reportAsked, setReportAsked] = useState(false);

  useEffect(() => {
    if (reviews.isError) {
      toast.error(t(REVIEW_MESSAGES.fetchFailed), { toastId: `reviews-fetch-failed-${itemId}` });
    }
  }, [reviews.isError, itemId, t]);

  const ordered = useMemo(() => orderReviews(reviews.data ?? []), [reviews.data]);
  const own = viewer ? ordered.find((review) => review.mine) : undefined;
  const editing = own && own.reviewId === editingId ? own : undefined;
  const canWrite = isLoggedIn && reviews.isSuccess && !own && !isOwnProduct;

  let formArea = null;
  if (!isLoggedIn) {
    formArea = (
      <p className="customer-reviews__invite">
        <Link to="/login">{t(LOG_IN_TO_REVIEW)}</Link>
      </p>
    );
  } else if (editing) {
    formArea = (
      <ReviewForm
        key={`edit-${editing.reviewId}`}
        itemId={itemId}
        review={editing}
        onSaved={() => setEditingId(null)}
        onCancel={() => setEditingId(null)}
      />
    );
  } else if (canWrite) {
    formArea = <ReviewForm key="new" itemId={itemId} />;
  } else if (isOwnProduct) {
    formArea = <p className="customer-reviews__invite">{t(REVIEW_MESSAGES.ownProduct)}</p>;
  }

  let listArea;
  if (reviews.isPending) {
    listArea = (
      <div className="customer-reviews__status" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> {t('Loading reviews…')}
      </div>
    );
  } else if (reviews.isError) {
    listArea = (
      <div className="customer-reviews__status" role="alert">
        <p className="mb-2">{t(REVIEW_MESSAGES.fetchFailed)}</p>
        <Button variant="outline-primary" size="sm" onClick={() => void reviews.refetch()}>
          {t('Try again')}
        </Button>
      </div>
    );
  } else {
    listArea = (
      <ReviewList
        reviews={ordered}
        emptyMessage={canWrite ? BE_THE_FIRST : NO_REVIEWS_YET}
        onEdit={(review) => setEditingId(review.reviewId)}
        onDelete={(review) => {
          setToDelete(review);
          setDeleteAsked(true);
        }}
        onReport={
          isLoggedIn
            ? (review) => {
                setToReport(review);
                setReportAsked(true);
              }
            : undefined
        }
      />
    );
  }

  return (
    <section className="customer-reviews" aria-labelledby="customer-reviews-title">
      <h2 id="customer-reviews-title" className="section-title">
        {t(REVIEW_MESSAGES.title)}
      </h2>
      <div className="customer-reviews__layout">
        <div className="customer-reviews__aside">
          {summary.data && <ReviewSummary summary={summary.data} />}
          <Suspense
            fallback={
              <p className="visually-hidden" role="status">
                {t(LOADING_FORM)}
              </p>
            }
          >
            {formArea}
          </Suspense>
        </div>
        <div className="customer-reviews__list">{listArea}</div>
      </div>
      {deleteAsked ? (
        <Suspense fallback={null}>
          <DeleteReviewDialog
            itemId={itemId}
            review={toDelete}
            onClose={() => setToDelete(null)}
            onDeleted={() => {
              setToDelete(null);
              setEditingId(null);
            }}
          />
        </Suspense>
      ) : null}
      {reportAsked ? (
        <Suspense fallback={null}>
          <ReportReviewDialog review={toReport} onClose={() => setToReport(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
