import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { useOrderHistory } from '../api/get-order-history';
import { newestFirst } from '../utils/order-format';
import { OrderRow } from './order-row';
import '../orders.css';

export const NO_ORDERS = 'You have no orders yet.';
export const ORDERS_LOAD_FAILED = 'Could not load your orders.';

/** Spec 2 "User page": the shopper's orders, newest first, each opening onto its items. */
export function OrderHistory() {
  const orders = useOrderHistory();

  if (orders.isPending) return <PageLoader label="Loading your orders…" />;
  if (orders.isError)
    return (
      <p className="orders-state" role="alert">
        {ORDERS_LOAD_FAILED}
      </p>
    );
  if (orders.data.length === 0)
    return (
      <div className="orders-state">
        <p>{NO_ORDERS}</p>
        <Link to="/products" className="btn btn-outline-primary btn-sm">
          Start shopping
        </Link>
      </div>
    );
  return (
    <ul className="orders" aria-label="Your orders">
      {newestFirst(orders.data).map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </ul>
  );
}
