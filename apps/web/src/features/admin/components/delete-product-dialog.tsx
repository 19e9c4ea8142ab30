import type { ItemDetail } from '@marketplace/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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

  const close = () => {
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
    <ConfirmDialog
      show={show}
      title="Delete product"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      confirmVariant="danger"
      pending={remove.isPending}
      error={error}
      onConfirm={confirm}
      onClose={close}
      onExited={() => {
        setError(null);
        onExited();
      }}
    >
      <p className="mb-0">
        Delete <strong>&ldquo;{item?.name}&rdquo;</strong>? Shoppers will no longer see it, and this
        cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
