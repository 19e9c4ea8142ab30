import type { ItemDetail } from '@marketplace/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { toast } from 'react-toastify';
import { useDeleteProduct } from '../api/delete-product';
import {
  DELETE_PRODUCT_FAILED,
  productDeletedMessage,
  requestErrorMessage,
} from '../utils/messages';

interface DeleteProductDialogProps {
  show: boolean;
  item: Pick<ItemDetail, 'id' | 'name'> | null;
  storeName: string;
  onClose: () => void;
  onExited: () => void;
}

/** Spec 4: the confirm dialog cannot be closed while the delete is on its way. */
export function DeleteProductDialog({
  show,
  item,
  storeName,
  onClose,
  onExited,
}: DeleteProductDialogProps) {
  const remove = useDeleteProduct(storeName);
  const [error, setError] = useState<string | null>(null);
  const deleting = remove.isPending;

  const close = () => {
    if (deleting) return;
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!item) return;
    setError(null);
    remove.mutate(item, {
      onSuccess: () => {
        toast.success(productDeletedMessage(item.name));
        onClose();
      },
      onError: (failure) => {
        const message = requestErrorMessage(failure, DELETE_PRODUCT_FAILED);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <Modal
      show={show}
      onHide={close}
      onExited={() => {
        setError(null);
        onExited();
      }}
      backdrop={deleting ? 'static' : true}
      keyboard={!deleting}
      centered
      aria-labelledby="delete-product-title"
    >
      <Modal.Header closeButton={!deleting} closeLabel="Close">
        <Modal.Title id="delete-product-title">Delete product</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          Delete <strong>&ldquo;{item?.name}&rdquo;</strong>? Shoppers will no longer see it, and
          this cannot be undone.
        </p>
        {error ? (
          <Alert variant="danger" role="alert" className="mt-3 mb-0 py-2">
            {error}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={close} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
