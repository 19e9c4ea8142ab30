import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { CART_MESSAGES, msg } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { PageLoader } from '../../../components/ui/page-loader';
import { useCart } from '../../../lib/api/get-cart';
import { CartLine } from './cart-line';
import { OrderSummary } from './order-summary';
import '../bag.css';

export const LOADING_CART = msg('Loading your bag…');

/** Spec 2 and 4 "Cart": loading, empty, failed or the list beside its order summary. */
export function ShoppingBag() {
  const { t } = useI18n();
  const cart = useCart();

  useEffect(() => {
    if (cart.isError) toast.error(t(CART_MESSAGES.loadFailed), { toastId: 'cart-load-failed' });
  }, [cart.isError, t]);

  let body;
  if (cart.isPending) {
    body = <PageLoader label={t(LOADING_CART)} />;
  } else if (cart.isError) {
    body = (
      <div className="bag-state" role="alert">
        <p>{t(CART_MESSAGES.loadFailed)}</p>
        <Button
          variant="outline-primary"
          onClick={() => void cart.refetch()}
          disabled={cart.isFetching}
        >
          {t('Try again')}
        </Button>
      </div>
    );
  } else if (cart.data.items.length === 0) {
    body = (
      <div className="bag-state">
        <p>{t(CART_MESSAGES.empty)}</p>
        <Link to="/products" className="btn btn-primary">
          {t('Keep shopping')}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="bag-layout">
        <ul className="bag-lines" aria-label={t('Items in your bag')}>
          {cart.data.items.map((line) => (
            <CartLine key={`${line.itemId}-${line.itemOptionId}`} line={line} />
          ))}
        </ul>
        <OrderSummary cart={cart.data} />
      </div>
    );
  }

  return (
    <div className="bag">
      <h1 className="page-title bag__title">{t(CART_MESSAGES.title)}</h1>
      {body}
    </div>
  );
}
