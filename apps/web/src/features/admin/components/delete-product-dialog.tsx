import type { ItemDetail } from '@marketplace/shared';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useI18n } from '../../../i18n/i18n-context';
import { useDeleteProduct } from '../api/delete-product';
import { DELETE_PRODUCT_FAILED, PRODUCT_DELETED, requestErrorMessage } from '../utils/messages';

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
  const { t } = useI18n();
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
        toast.success(t(PRODUCT_DELETED, { name: item.name }));
        onClose();
      },
      onError: (failure) => {
        const message = t(requestErrorMessage(failure, DELETE_PRODUCT_FAILED));
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <ConfirmDialog
      show={show}
      title={t('Delete product')}
      confirmLabel={t('Delete')}
      pendingLabel={t('Deleting...')}
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
        {t('Delete')} <strong>{t('“{keyword}”', { keyword: item?.name ?? '' })}</strong>?{' '}
        {t('Shoppers will no longer see it, and this cannot be undone.')}
      </p>
    </ConfirmDialog>
  );
}
