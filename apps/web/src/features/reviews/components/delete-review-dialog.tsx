import { REVIEW_MESSAGES, type Review } from '@marketplace/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { toast } from '../../../lib/toast';
import { useDeleteReview } from '../api/delete-review';
import { useI18n } from '../../../i18n/i18n-context';

interface DeleteReviewDialogProps {
  itemId: number;
  review: Review | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Delete asks first; the dialog cannot be dismissed while the request is on its way. */
export function DeleteReviewDialog({
  itemId,
  review,
  onClose,
  onDeleted,
}: DeleteReviewDialogProps) {
  const { t } = useI18n();
  const remove = useDeleteReview(itemId);
  const [failed, setFailed] = useState(false);
  const deleting = remove.isPending;

  const close = () => {
    if (deleting) return;
    setFailed(false);
    onClose();
  };

  const confirm = () => {
    if (!review) return;
    setFailed(false);
    remove.mutate(review.reviewId, {
      onSuccess: () => {
        toast.success(t(REVIEW_MESSAGES.deleted));
        onDeleted();
      },
      onError: () => {
        setFailed(true);
        toast.error(t(REVIEW_MESSAGES.deleteFailed));
      },
    });
  };

  return (
    <Modal
      show={review !== null}
      onHide={close}
      backdrop={deleting ? 'static' : true}
      keyboard={!deleting}
      centered
      aria-labelledby="delete-review-title"
    >
      <Modal.Header closeButton={!deleting} closeLabel={t('Close')}>
        <Modal.Title id="delete-review-title">{t('Delete review')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('Delete your review of this product? This cannot be undone.')}</p>
        {failed && (
          <Alert variant="danger" role="alert" className="mt-3 mb-0 py-2">
            {t(REVIEW_MESSAGES.deleteFailed)}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={close} disabled={deleting}>
          {t('Cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={deleting}>
          {deleting ? t('Deleting…') : t('Delete')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
