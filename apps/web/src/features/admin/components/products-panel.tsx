import type { ItemDetail } from '@marketplace/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { useStoreProducts } from '../api/get-store-products';
import { LOAD_PRODUCTS_FAILED } from '../utils/messages';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { ProductsTable } from './products-table';

interface DialogState {
  show: boolean;
  item: ItemDetail | null;
}

const CLOSED: DialogState = { show: false, item: null };

/** The Products tab: the store's products, and the dialogs that add, edit and delete them. */
export function ProductsPanel({ storeName }: { storeName: string }) {
  const products = useStoreProducts(storeName);
  const { t } = useI18n();
  const [editor, setEditor] = useState<DialogState & { key: number }>({ ...CLOSED, key: 0 });
  const [remover, setRemover] = useState<DialogState>(CLOSED);

  const openEditor = (item: ItemDetail | null) =>
    setEditor((current) => ({ show: true, item, key: current.key + 1 }));

  let content;
  if (products.isPending) {
    content = <PageLoader label={t('Loading products…')} />;
  } else if (products.isError) {
    content = (
      <Alert variant="danger" className="admin-panel__alert">
        <span>{t(LOAD_PRODUCTS_FAILED)}</span>
        <Button variant="outline-primary" size="sm" onClick={() => void products.refetch()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  } else if (products.data.length === 0) {
    content = (
      <div className="empty-state">
        <p className="mb-1">{t('No products yet.')}</p>
        <p className="text-secondary mb-0">{t('Add your first product to start selling.')}</p>
      </div>
    );
  } else {
    content = (
      <ProductsTable
        items={products.data}
        onEdit={(item) => openEditor(item)}
        onDelete={(item) => setRemover({ show: true, item })}
      />
    );
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2 className="section-title mb-0">{t('Products')}</h2>
        <Button variant="primary" onClick={() => openEditor(null)}>
          {t('Add Product')}
        </Button>
      </div>
      {content}

      <ProductFormDialog
        show={editor.show}
        item={editor.item}
        storeName={storeName}
        formKey={editor.key}
        onClose={() => setEditor((current) => ({ ...current, show: false }))}
        onExited={() => setEditor((current) => ({ ...current, item: null }))}
      />
      <DeleteProductDialog
        show={remover.show}
        item={remover.item}
        storeName={storeName}
        onClose={() => setRemover((current) => ({ ...current, show: false }))}
        onExited={() => setRemover(CLOSED)}
      />
    </div>
  );
}
