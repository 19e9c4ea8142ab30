import { useId, useState } from 'react';
import {
  ORDER_PROGRESS_LABELS,
  orderItemStatusText,
  orderProgress,
  orderReference,
  type OrderView,
} from '@marketplace/shared';
import { OrderTotals } from '../../../components/ui/tax-rows';
import { OrderLine } from '../../../components/ui/order-line';
import { useI18n } from '../../../i18n/i18n-context';
import { ORDER_DATE } from '../utils/order-format';
import { OrderReturns } from './order-returns';
import { ParcelTracking } from './parcel-tracking';

/** One order: a summary line that expands and collapses onto its items (spec 2). */
export function OrderRow({ order }: { order: OrderView }) {
  const { t, formatMoney, formatDate } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { currency } = order;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <li className="order">
      <button
        type="button"
        className="order__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="order__cell">
          <span className="order__label">{t('Order')}</span>
          <span className="order__id">#{orderReference(order.id)}</span>
        </span>
        <span className="order__cell">
          <span className="order__label">{t('Date')}</span>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt, ORDER_DATE)}</time>
        </span>
        <span className="order__cell">
          <span className="order__label">{t('Status')}</span>
          {/* Issue 39 item 7: where the order stands, from its items (the order itself is paid). */}
          <span>{t(ORDER_PROGRESS_LABELS[orderProgress(order.items)])}</span>
        </span>
        <span className="order__cell">
          <span className="order__label">{t('Total')}</span>
          <span className="price">{formatMoney(order.totalAmount, currency)}</span>
        </span>
        <span className="order__chevron" aria-hidden="true" />
        <span className="visually-hidden">
          {open
            ? t('Hide {count, plural, one {# item} other {# items}}', { count: units })
            : t('Show {count, plural, one {# item} other {# items}}', { count: units })}
        </span>
      </button>
      <div id={panelId} className="order__panel" hidden={!open}>
        <ul
          className="order__items"
          aria-label={t('Items in order {reference}', { reference: orderReference(order.id) })}
        >
          {order.items.map((item) => (
            <OrderLine
              key={item.id}
              block="order-item"
              line={item}
              quantity="meta"
              details={<span className="order-item__status">{orderItemStatusText(item, t)}</span>}
              amount={
                <span className="order-item__amounts">
                  <span className="price">{formatMoney(item.itemPrice, currency)}</span>
                  {/* Issue 15: the tax charged on this line, as charged (an exempt one says $0.00). */}
                  <span className="order-item__tax">
                    {t('Tax {amount}', { amount: formatMoney(item.tax, currency) })}
                  </span>
                </span>
              }
            />
          ))}
        </ul>
        {order.parcels.some((parcel) => parcel.trackingNumber || parcel.deliveredAt) ? (
          <div className="order__parcels">
            {order.parcels.map((parcel) => (
              <ParcelTracking key={parcel.id} parcel={parcel} />
            ))}
          </div>
        ) : null}
        <OrderTotals className="order__totals" order={order} totalLabel={t('Total')}>
          {/* Issue 13: what went back (rejected items, refunds) and what the order costs now. */}
          {order.refunded > 0 ? (
            <>
              <div>
                <dt>{t('Refunded')}</dt>
                <dd className="price">−{formatMoney(order.refunded, currency)}</dd>
              </div>
              <div>
                <dt>{t('Balance')}</dt>
                <dd className="price">{formatMoney(order.balance, currency)}</dd>
              </div>
            </>
          ) : null}
        </OrderTotals>
        {order.shippingAddress ? (
          <p className="order__address">
            {t('Ships to {address}', {
              address: [
                order.shippingAddress.fullName,
                order.shippingAddress.apartment
                  ? `${order.shippingAddress.streetAddress} ${order.shippingAddress.apartment}`
                  : order.shippingAddress.streetAddress,
                order.shippingAddress.city,
                `${order.shippingAddress.province} ${order.shippingAddress.postalCode}`,
              ].join(', '),
            })}
          </p>
        ) : null}
        <OrderReturns order={order} open={open} />
      </div>
    </li>
  );
}
