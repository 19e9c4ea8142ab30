import { AdvanceTrackerButton } from './advance-tracker-button';
import {
  SALES_TAX_MESSAGES,
  STORE_ORDER_MESSAGES,
  ORDER_PROGRESS_LABELS,
  awaitingDecision,
  canMove,
  canRefundStoreOrder,
  canShipStoreOrder,
  msg,
  orderProgress,
  unitsToAccept,
  type ShippingAddress,
  type StoreOrderView,
} from '@marketplace/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useI18n } from '../../../i18n/i18n-context';
import { OrderItemsTable } from './order-items-table';

export interface StoreOrderActions {
  onShip: (order: StoreOrderView) => void;
  onRefund: (order: StoreOrderView) => void;
  onShippingLabel: (order: StoreOrderView) => void;
  /** The order whose label is on its way, if any. */
  labelPendingId: string | undefined;
}

const SHIPPING_METHOD_LABELS: Record<StoreOrderView['shippingMethod'], string> = {
  STANDARD: msg('Standard'),
  EXPRESS: msg('Express'),
};

/** The whole address, as the parcel needs it (issue 13: the row showed only name and city). */
function ShippingAddressLines({ address }: { address: ShippingAddress }) {
  const { t } = useI18n();
  return (
    <address className="mb-0">
      {address.fullName}
      <br />
      {address.streetAddress}
      {address.apartment ? (
        <>
          <br />
          {address.apartment}
        </>
      ) : null}
      <br />
      {`${address.city} ${address.province}  ${address.postalCode}`}
      <br />
      {t(COUNTRY_NAMES[address.country])}
    </address>
  );
}

const COUNTRY_NAMES: Record<ShippingAddress['country'], string> = {
  CA: msg('Canada'),
  US: msg('United States'),
};

function ShippingDetails({ order }: { order: StoreOrderView }) {
  const { t, formatMoney } = useI18n();
  const address = order.shippingAddress;
  // Ship waits for the decisions (spec 4) only while the parcel itself can still ship.
  const waiting = canMove('storeOrder', order.status, 'SHIPPED') && awaitingDecision(order);
  return (
    <div className="store-order__shipping">
      <dl className="store-order__facts">
        <div>
          <dt>{t('Ship to')}</dt>
          <dd>{address ? <ShippingAddressLines address={address} /> : t('No address given')}</dd>
        </div>
        <div>
          <dt>{t('Shipping')}</dt>
          <dd>
            {t(SHIPPING_METHOD_LABELS[order.shippingMethod])} ·{' '}
            <span className="price">
              {order.shipping === 0 ? t('Free') : formatMoney(order.shipping, order.currency)}
            </span>
          </dd>
        </div>
        {/* Issue 15: what the buyer paid in tax on this parcel; the marketplace remits it. */}
        <div>
          <dt>{t(SALES_TAX_MESSAGES.storeOrderTax)}</dt>
          <dd className="price">{formatMoney(order.tax, order.currency)}</dd>
        </div>
        <div>
          <dt>{t('Tracking number')}</dt>
          <dd>
            {order.trackingNumber ?? (order.shippedAt ? t('None given') : t('Not shipped yet'))}
          </dd>
        </div>
        {order.carrier ? (
          <div>
            <dt>{t('Carrier')}</dt>
            <dd>{order.carrier}</dd>
          </div>
        ) : null}
        {order.refunded > 0 ? (
          <div>
            <dt>{t('Refunded')}</dt>
            <dd className="price">{formatMoney(order.refunded, order.currency)}</dd>
          </div>
        ) : null}
      </dl>
      {waiting ? <p className="store-order__hint">{t(STORE_ORDER_MESSAGES.shipBlocked)}</p> : null}
    </div>
  );
}

function StoreOrderRows({ order, actions }: { order: StoreOrderView; actions: StoreOrderActions }) {
  const { t, formatMoney, formatDate } = useI18n();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const reference = order.reference;
  const labelPending = actions.labelPendingId === order.id;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const toAccept = unitsToAccept(order);

  return (
    <tbody className="store-order">
      <tr>
        <th scope="row">
          <button
            type="button"
            className="store-order__toggle"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="store-order__chevron" aria-hidden="true" />
            <span className="visually-hidden">{t('Order')}</span>{' '}
            <span className="store-order__reference">#{order.reference}</span>
          </button>
          <time className="store-order__date" dateTime={order.placedAt}>
            {formatDate(order.placedAt)}
          </time>
          {/* Issue 39 item 17: who bought it and how much is in it, without opening it. */}
          <span className="store-order__summary">
            {order.shippingAddress ? `${order.shippingAddress.fullName} · ` : ''}
            {t('{count, plural, one {# item} other {# items}}', { count: units })}
          </span>
        </th>
        <td>
          {/* Issue 39 item 7: the parcel's status follows its items (accepted: Preparing). */}
          {t(ORDER_PROGRESS_LABELS[orderProgress(order.items)])}
          {toAccept > 0 ? (
            <span className="badge store-order__to-accept">
              {t('{count, plural, one {# to accept} other {# to accept}}', { count: toAccept })}
            </span>
          ) : null}
        </td>
        <td className="text-end price">{formatMoney(order.subtotal, order.currency)}</td>
        <td>
          <div className="admin-table__actions admin-table__actions--stack">
            <Button
              variant="primary"
              size="sm"
              disabled={!(order.canShip && canShipStoreOrder(order))}
              onClick={() => actions.onShip(order)}
              aria-label={t('Ship order {reference}', { reference })}
            >
              {t('Ship')}
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              disabled={!(order.canRefund && canRefundStoreOrder(order))}
              onClick={() => actions.onRefund(order)}
              aria-label={t('Refund order {reference}', { reference })}
            >
              {t('Refund')}
            </Button>
            {/* No label for a parcel that will never ship (refunded in full). */}
            {order.canPrintLabel ? (
              <Button
                variant="outline-primary"
                size="sm"
                disabled={labelPending}
                onClick={() => actions.onShippingLabel(order)}
                aria-label={t('Shipping Label for order {reference}', { reference })}
              >
                {t('Shipping Label')}
              </Button>
            ) : null}
            <AdvanceTrackerButton order={order} />
          </div>
        </td>
      </tr>
      <tr id={detailId} className="store-order__detail" hidden={!open}>
        <td colSpan={4}>
          <OrderItemsTable order={order} />
          <ShippingDetails order={order} />
        </td>
      </tr>
    </tbody>
  );
}

/** Spec 2's Orders tab: one row per store order, opening onto its items. */
export function OrdersTable({
  orders,
  busy,
  ...actions
}: StoreOrderActions & { orders: StoreOrderView[]; busy: boolean }) {
  const { t } = useI18n();
  return (
    <div
      className="admin-table-scroll"
      role="region"
      aria-label={t('Orders')}
      aria-busy={busy}
      tabIndex={0}
    >
      <table className="table admin-table admin-table--orders align-middle">
        <thead>
          <tr>
            <th scope="col">{t('Order ID')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col" className="text-end">
              {t('Subtotal')}
            </th>
            <th scope="col">{t('Actions')}</th>
          </tr>
        </thead>
        {orders.map((order) => (
          <StoreOrderRows key={order.id} order={order} actions={actions} />
        ))}
      </table>
    </div>
  );
}
