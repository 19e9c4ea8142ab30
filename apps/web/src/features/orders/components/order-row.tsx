import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ORDER_STATUS_LABELS,
  formatMoney,
  orderItemStatusText,
  orderReference,
  type OrderView,
} from '@marketplace/shared';
import { TaxRows } from '../../../components/ui/tax-rows';
import { formatOrderDate } from '../utils/order-format';
import { OrderReturns } from './order-returns';
import { ParcelTracking } from './parcel-tracking';

/** One order: a summary line that expands and collapses onto its items (spec 2). */
export function OrderRow({ order }: { order: OrderView }) {
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
          <span className="order__label">Order</span>
          <span className="order__id">#{orderReference(order.id)}</span>
        </span>
        <span className="order__cell">
          <span className="order__label">Date</span>
          <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </span>
        <span className="order__cell">
          <span className="order__label">Status</span>
          <span>{ORDER_STATUS_LABELS[order.status]}</span>
        </span>
        <span className="order__cell">
          <span className="order__label">Total</span>
          <span className="price">{formatMoney(order.totalAmount, currency)}</span>
        </span>
        <span className="order__chevron" aria-hidden="true" />
        <span className="visually-hidden">
          {open ? 'Hide' : 'Show'} {units} {units === 1 ? 'item' : 'items'}
        </span>
      </button>
      <div id={panelId} className="order__panel" hidden={!open}>
        <ul className="order__items" aria-label={`Items in order ${orderReference(order.id)}`}>
          {order.items.map((item) => (
            <li key={item.id} className="order-item">
              <div className="order-item__frame">
                {item.thumbnail ? (
                  <img
                    src={item.thumbnail}
                    alt={item.itemName}
                    width={60}
                    height={80}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <div className="order-item__placeholder" role="img" aria-label={item.itemName}>
                    {item.itemName.charAt(0)}
                  </div>
                )}
              </div>
              <div className="order-item__body">
                <Link to={`/product/${item.itemId}`} className="order-item__name">
                  {item.itemName}
                </Link>
                <span className="order-item__meta">
                  {item.store} · Size {item.size} · Colour {item.color} · Qty {item.quantity}
                </span>
                <span className="order-item__status">{orderItemStatusText(item)}</span>
              </div>
              <span className="order-item__amounts">
                <span className="price">{formatMoney(item.itemPrice, currency)}</span>
                {/* Issue 15: the tax charged on this line, as charged (an exempt one says $0.00). */}
                <span className="order-item__tax">Tax {formatMoney(item.tax, currency)}</span>
              </span>
            </li>
          ))}
        </ul>
        {order.parcels.some((parcel) => parcel.trackingNumber || parcel.deliveredAt) ? (
          <div className="order__parcels">
            {order.parcels.map((parcel) => (
              <ParcelTracking key={parcel.id} parcel={parcel} />
            ))}
          </div>
        ) : null}
        <dl className="order__totals">
          <div>
            <dt>Subtotal</dt>
            <dd className="price">{formatMoney(order.subtotal, currency)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd className="price">
              {order.shipping === 0 ? 'Free' : formatMoney(order.shipping, currency)}
            </dd>
          </div>
          <TaxRows lines={order.taxLines} currency={currency} />
          <div>
            <dt>Total</dt>
            <dd className="price">{formatMoney(order.totalAmount, currency)}</dd>
          </div>
          {/* Issue 13: what went back (rejected items, refunds) and what the order costs now. */}
          {order.refunded > 0 ? (
            <>
              <div>
                <dt>Refunded</dt>
                <dd className="price">−{formatMoney(order.refunded, currency)}</dd>
              </div>
              <div>
                <dt>Balance</dt>
                <dd className="price">{formatMoney(order.balance, currency)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {order.shippingAddress ? (
          <p className="order__address">
            Ships to {order.shippingAddress.fullName}, {order.shippingAddress.streetAddress}
            {order.shippingAddress.apartment ? ` ${order.shippingAddress.apartment}` : ''},{' '}
            {order.shippingAddress.city}, {order.shippingAddress.province}{' '}
            {order.shippingAddress.postalCode}
          </p>
        ) : null}
        <OrderReturns order={order} open={open} />
      </div>
    </li>
  );
}
