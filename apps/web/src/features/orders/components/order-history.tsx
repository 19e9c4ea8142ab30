import { msg } from '@marketplace/shared';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import { PageLoader } from '../../../components/ui/page-loader';
import { useOrderHistory } from '../api/get-order-history';
import { newestFirst } from '../utils/order-format';
import { OrderRow } from './order-row';
import '../orders.css';

export const NO_ORDERS = msg('You have no orders yet.');
export const ORDERS_LOAD_FAILED = msg('Could not load your orders.');

/** Spec 2 "User page": the shopper's orders, newest first, each opening onto its items. */
export function OrderHistory() {
  const { t } = useI18n();
  const orders = useOrderHistory();

  if (orders.isPending) return <PageLoader label={t('Loading your orders…')} />;
  if (orders.isError)
    return (
      <p className="orders-state" role="alert">
        {t(ORDERS_LOAD_FAILED)}
      </p>
    );
  if (orders.data.length === 0)
    return (
      <div className="orders-state">
        <p>{t(NO_ORDERS)}</p>
        <Link to="/products" className="btn btn-outline-primary btn-sm">
          {t('Start shopping')}
        </Link>
      </div>
    );
  return (
    <ul className="orders" aria-label={t('Your orders')}>
      {newestFirst(orders.data).map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </ul>
  );
}
