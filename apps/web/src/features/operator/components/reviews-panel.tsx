import { msg, type ReportedReview } from '@marketplace/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { useDecideReview, useReportedReviews, type ReviewDecision } from '../api/operator-api';
import { MOMENT, messageOf } from './operator-text';
import { Pager } from './pager';
import { ReasonDialog } from './reason-dialog';

const DECISIONS: Record<
  ReviewDecision,
  { label: string; named: string; title: string; description: string; variant: string }
> = {
  hide: {
    label: msg('Hide'),
    named: msg('Hide the review by {name} of {item}'),
    title: msg('Hide this review'),
    description: msg(
      "It leaves the product's reviews, its average and its fit advice. The author is told why.",
    ),
    variant: 'danger',
  },
  keep: {
    label: msg('Keep'),
    named: msg('Keep the review by {name} of {item}'),
    title: msg('Keep this review'),
    description: msg('It stays up and leaves the queue. The author is told why.'),
    variant: 'primary',
  },
};

/** Reported reviews, the longest waiting first: hide or keep, the author is told. */
export function ReviewsPanel() {
  const { t, formatDate } = useI18n();
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

  if (queue.isPending) return <PageLoader label={t('Loading reported reviews…')} />;
  if (queue.isError)
    return (
      <p className="text-danger" role="alert">
        {t('The reported reviews could not be loaded. Reload the page to try again.')}
      </p>
    );
  return (
    <div className="operator-panel">
      {queue.data.reviews.length === 0 ? (
        <p className="empty-state">{t('No reported reviews are waiting.')}</p>
      ) : (
        <ul className="operator-reviews list-unstyled">
          {queue.data.reviews.map((review) => (
            <li key={review.reviewId} className="operator-review">
              <h3 className="h6 mb-1">
                {t('{item} · {rating} of 5 stars by {name}', {
                  item: review.itemName,
                  rating: review.rating,
                  name: review.displayName,
                })}
                <span className="text-secondary"> ({review.authorUserName})</span>
              </h3>
              <blockquote className="operator-review__comment">{review.comment}</blockquote>
              <p className="small mb-1">
                {t('{count, plural, one {# report} other {# reports}}, first {date}:', {
                  count: review.reports.length,
                  date: formatDate(review.firstReportedAt, MOMENT),
                })}
              </p>
              <ul className="small">
                {review.reports.map((report, index) => (
                  <li key={index}>{report.reason}</li>
                ))}
              </ul>
              <div className="operator-review__actions">
                {(['hide', 'keep'] as const).map((decision) => (
                  <Button
                    key={decision}
                    size="sm"
                    variant={decision === 'hide' ? 'outline-danger' : 'outline-secondary'}
                    onClick={() => setPending({ review, decision })}
                    aria-label={t(DECISIONS[decision].named, {
                      name: review.displayName,
                      item: review.itemName,
                    })}
                  >
                    {t(DECISIONS[decision].label)}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager
        label={t('Reported reviews pages')}
        page={page}
        pageSize={queue.data.pageSize}
        total={queue.data.total}
        onPage={setPage}
      />
      <ReasonDialog
        show={pending !== null}
        title={pending ? t(DECISIONS[pending.decision].title) : ''}
        description={pending ? t(DECISIONS[pending.decision].description) : ''}
        confirmLabel={pending ? t(DECISIONS[pending.decision].label) : ''}
        confirmVariant={pending ? DECISIONS[pending.decision].variant : 'primary'}
        pending={decide.isPending}
        error={decide.error ? messageOf(decide.error, t) : undefined}
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
