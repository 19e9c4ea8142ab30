import { startTransition, useEffect, useMemo, useState } from 'react';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { useUserProfile } from '../../lib/api/get-user-profile';
import { useProduct } from '../../features/product/api/get-product';
import { ProductDetail } from '../../features/product/components/product-detail';
import { parseProductId } from '../../features/product/utils/item-options';
import { useReviewSummary } from '../../features/reviews/api/get-review-summary';
import { CustomerReviews } from '../../features/reviews/components/customer-reviews';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';
import { useSession } from '../../hooks/use-session';
import { lazySection } from '../../lib/lazy-section';
import { isTokenValid } from '../../lib/session';
// The cards' style sheet with the page's own, so the server links it and inlines its rules.
import '../../features/catalog/also-like.css';

// Below the fold, drawn by the server: its cards hydrate when their code lands, in a task of
// their own after the product's (decision 031), not in the one long task of the whole page.
const YouMayAlsoLike = lazySection(() =>
  import('../../features/catalog/components/you-may-also-like').then((m) => m.YouMayAlsoLike),
);

export default function ProductDetailRoute() {
  const { id } = useParams();
  const itemId = parseProductId(id);
  // The same cached query as the page's: the tab names the product once it is known.
  const { data } = useProduct(itemId);
  // Asked beside the product, not after it: the sizing advice sits next to the size selector.
  const summary = useReviewSummary(itemId);
  // The viewer's store (if any), to keep a brand from reviewing its own products.
  const { token, userName } = useSession();
  const profile = useUserProfile(token && isTokenValid(token) ? userName : null);
  const isOwnProduct = !!data && !!profile.data?.storeName && profile.data.storeName === data.store;
  const { t } = useI18n();
  useDocumentTitle(data?.name ?? t('Product'));
  // The reviews sit below the product: they render after it, in slices (a transition), so the
  // product and its picture are not held up by them.
  const productId = data?.id;
  const [reviewsOf, setReviewsOf] = useState<number | undefined>(undefined);
  // The same array while the product is: a lazy section given new props before it hydrates is
  // drawn anew.
  const relatedTo = useMemo(() => (productId === undefined ? null : [productId]), [productId]);
  useEffect(() => {
    if (productId !== undefined) startTransition(() => setReviewsOf(productId));
  }, [productId]);
  return (
    <Container fluid="xl" className="page">
      <ProductDetail key={id} productId={id} fitAdvice={summary.data?.fitAdvice} />
      {data && reviewsOf === data.id && (
        <CustomerReviews key={`reviews-${data.id}`} itemId={data.id} isOwnProduct={isOwnProduct} />
      )}
      {data && <YouMayAlsoLike itemIds={relatedTo} />}
    </Container>
  );
}
