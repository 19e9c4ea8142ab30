import { REVIEW_MESSAGES, type Review } from '@marketplace/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { toast } from '../../../lib/toast';
import { useDeleteReview } from '../api/delete-review';

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
        toast.success(REVIEW_MESSAGES.deleted);
        onDeleted();
      },
      onError: () => {
        setFailed(true);
        toast.error(REVIEW_MESSAGES.deleteFailed);
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
      <Modal.Header closeButton={!deleting} closeLabel="Close">
        <Modal.Title id="delete-review-title">Delete review</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">Delete your review of this product? This cannot be undone.</p>
        {failed && (
          <Alert variant="danger" role="alert" className="mt-3 mb-0 py-2">
            {REVIEW_MESSAGES.deleteFailed}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={close} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
