import Container from 'react-bootstrap/Container';
import { useCart } from '../../lib/api/get-cart';
import { ShoppingBag } from '../../features/bag/components/shopping-bag';
import { YouMayAlsoLike } from '../../features/catalog/components/you-may-also-like';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function ShoppingBagRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Shopping bag'));
  // The same cached query as the bag's: the suggestions are like what is in it.
  const cart = useCart();
  const itemIds = cart.isSuccess ? cart.data.items.map((line) => line.itemId) : null;
  return (
    <Container fluid="xl" className="page">
      <ShoppingBag />
      <YouMayAlsoLike itemIds={cart.isError ? [] : itemIds} />
    </Container>
  );
}
