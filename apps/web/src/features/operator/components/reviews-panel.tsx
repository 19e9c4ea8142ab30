import { type ReportedReview } from '@marketplace/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PageLoader } from '../../../components/ui/page-loader';
import { useDecideReview, useReportedReviews, type ReviewDecision } from '../api/operator-api';
import { messageOf } from './brands-panel';
import { Pager } from './pager';
import { ReasonDialog } from './reason-dialog';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

/** Reported reviews, the longest waiting first: hide or keep, the author is told. */
export function ReviewsPanel() {
  const [page, setPage] = useState(1);
  const queue = useReportedReviews(page);
  const decide = useDecideReview();
  const [pending, setPending] = useState<{
    review: ReportedReview;
    decision: ReviewDecision;
  } | null>(null);
  const close = () => {
    setPending(null);
    decide.reset();
  };

  if (queue.isPending) return <PageLoader label="Loading reported reviews…" />;
  if (queue.isError)
    return (
      <p className="text-danger" role="alert">
        The reported reviews could not be loaded. Reload the page to try again.
      </p>
    );
  return (
    <div className="operator-panel">
      {queue.data.reviews.length === 0 ? (
        <p className="empty-state">No reported reviews are waiting.</p>
      ) : (
        <ul className="operator-reviews list-unstyled">
          {queue.data.reviews.map((review) => (
            <li key={review.reviewId} className="operator-review">
              <h3 className="h6 mb-1">
                {review.itemName} · {review.rating} of 5 stars by {review.displayName}
                <span className="text-secondary"> ({review.authorUserName})</span>
              </h3>
              <blockquote className="operator-review__comment">{review.comment}</blockquote>
              <p className="small mb-1">
                {review.reports.length} {review.reports.length === 1 ? 'report' : 'reports'}, first{' '}
                {when(review.firstReportedAt)}:
              </p>
              <ul className="small">
                {review.reports.map((report, index) => (
                  <li key={index}>{report.reason}</li>
                ))}
              </ul>
              <div className="operator-review__actions">
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => setPending({ review, decision: 'hide' })}
                  aria-label={`Hide the review by ${review.displayName} of ${review.itemName}`}
                >
                  Hide
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => setPending({ review, decision: 'keep' })}
                  aria-label={`Keep the review by ${review.displayName} of ${review.itemName}`}
                >
                  Keep
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Reported reviews pages"
        page={page}
        pageSize={queue.data.pageSize}
        total={queue.data.total}
        onPage={setPage}
      />
      <ReasonDialog
        show={pending !== null}
        title={pending?.decision === 'hide' ? 'Hide this review' : 'Keep this review'}
        description={
          pending?.decision === 'hide'
            ? "It leaves the product's reviews, its average and its fit advice. The author is told why."
            : 'It stays up and leaves the queue. The author is told why.'
        }
        confirmLabel={pending?.decision === 'hide' ? 'Hide' : 'Keep'}
        confirmVariant={pending?.decision === 'hide' ? 'danger' : 'primary'}
        pending={decide.isPending}
        error={decide.error ? messageOf(decide.error) : undefined}
        onClose={close}
        onConfirm={(reason) => {
          if (!pending) return;
          decide.mutate(
            { reviewId: pending.review.reviewId, decision: pending.decision, reason },
            { onSuccess: close },
          );
        }}
      />
    </div>
  );
}
