import type { ItemDetail } from '@marketplace/shared';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { toast } from '../../../lib/toast';
import { useSaveProduct, type SaveProductInput } from '../api/save-product';
import {
  SAVE_PRODUCT_FAILED,
  productCreatedMessage,
  productSavedMessage,
  requestErrorMessage,
} from '../utils/messages';
import { PRODUCT_FORM_TOAST, ProductForm } from './product-form';

interface ProductFormDialogProps {
  show: boolean;
  /** The product to edit; null adds a new one. */
  item: ItemDetail | null;
  storeName: string;
  /** Changes each time the dialog opens, so the form starts fresh. */
  formKey: number;
  onClose: () => void;
  onExited: () => void;
}

/** The Add Product / Edit Product dialog: it cannot be dismissed while the product saves. */
export function ProductFormDialog({
  show,
  item,
  storeName,
  formKey,
  onClose,
  onExited,
}: ProductFormDialogProps) {
  const save = useSaveProduct(storeName);
  const [saveError, setSaveError] = useState<string | null>(null);
  const saving = save.isPending;

  const close = () => {
    if (saving) return;
    setSaveError(null);
    save.reset();
    onClose();
  };

  const submit = (input: SaveProductInput) => {
    setSaveError(null);
    const isNew = item === null;
    save.mutate(input, {
      onSuccess: (saved) => {
        const name = saved?.name ?? input.itemDto.name;
        toast.success(isNew ? productCreatedMessage(name) : productSavedMessage(name));
        setSaveError(null);
        onClose();
      },
      onError: (error) => {
        const message = requestErrorMessage(error, SAVE_PRODUCT_FAILED);
        setSaveError(message);
        toast.error(message, { replacing: PRODUCT_FORM_TOAST });
      },
    });
  };

  return (
    <Modal
      show={show}
      onHide={close}
      onExited={onExited}
      backdrop={saving ? 'static' : true}
      keyboard={!saving}
      size="lg"
      fullscreen="sm-down"
      aria-labelledby="product-dialog-title"
      className="product-dialog"
    >
      <ProductForm
        key={formKey}
        item={item}
        saving={saving}
        saveError={saveError}
        onSubmit={submit}
        onCancel={close}
      />
    </Modal>
  );
}
