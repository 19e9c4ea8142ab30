import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../i18n/i18n-context';
import { useProduct } from '../api/get-product';
import { PRODUCT_MESSAGES } from '../messages';
import { parseProductId } from '../utils/item-options';
import { ProductView } from './product-view';

function ProductMessage({ message }: { message: string }) {
  const { t } = useI18n();
  return (
    <div className="empty-state" role="alert">
      <p className="mb-3">{t(message)}</p>
      <Link to="/products" className="btn btn-outline-primary">
        {t('Browse products')}
      </Link>
    </div>
  );
}

/**
 * Spec 2 "Product detail": loading, then the product, 'Product not found.' (a 404, or an id
 * that cannot be a product's, which is not even requested) or 'Could not load product.'.
 */
export function ProductDetail({
  productId,
  fitAdvice,
}: {
  productId: string | undefined;
  /** The reviews' sizing advice, composed in by the page. */
  fitAdvice?: string | null;
}) {
  const { t } = useI18n();
  const id = parseProductId(productId);
  const product = useProduct(id);
  const notFound =
    id === null || (product.error instanceof ApiError && product.error.status === 404);
  const failed = product.isError && !notFound;

  useEffect(() => {
    if (failed) toast.error(t(PRODUCT_MESSAGES.loadFailed), { toastId: 'product-load-failed' });
  }, [failed, t]);

  if (notFound) return <ProductMessage message={PRODUCT_MESSAGES.notFound} />;
  if (product.isError) return <ProductMessage message={PRODUCT_MESSAGES.loadFailed} />;
  if (product.isPending) {
    // The page's frame while it loads, so nothing below it moves when the product comes.
    return (
      <div className="product-detail">
        <div className="product-gallery">
          <div className="product-gallery__frame" />
        </div>
        <PageLoader label={t(PRODUCT_MESSAGES.loading)} />
      </div>
    );
  }
  return <ProductView item={product.data} fitAdvice={fitAdvice} />;
}
