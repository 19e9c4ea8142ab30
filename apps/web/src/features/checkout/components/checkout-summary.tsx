import { useId } from 'react';
import { Link } from 'react-router';
import { formatMoney, type CheckoutSession } from '@marketplace/shared';
import { useCart } from '../api/get-cart';
import { SHIPPING_METHOD_LABELS, formatHoldTime } from '../utils/checkout-form';

interface CheckoutSummaryProps {
  session: CheckoutSession;
  /** The shipping is being recomputed: the amounts shown are about to change. */
  updating: boolean;
}

/** The bag's lines with the checkout's own amounts (the server's, shipping included). */
export function CheckoutSummary({ session, updating }: CheckoutSummaryProps) {
  const titleId = useId();
  const cart = useCart();
  const { currency } = session;
  const lines = cart.data?.items ?? [];

  return (
    <aside className="checkout-summary" aria-labelledby={titleId} aria-busy={updating}>
      <h2 id={titleId} className="section-title">
        Order summary
      </h2>
      {lines.length > 0 ? (
        <ul className="checkout-lines" aria-label="Items in this order">
          {lines.map((line) => (
            <li key={`${line.itemId}-${line.itemOptionId}`} className="checkout-line">
              <div className="checkout-line__frame">
                {line.thumbnail ? (
                  <img
                    src={line.thumbnail}
                    alt={line.itemName}
                    width={60}
                    height={80}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <div className="checkout-line__placeholder" role="img" aria-label={line.itemName}>
                    {line.itemName.charAt(0)}
                  </div>
                )}
                <span className="checkout-line__quantity" aria-label={`Quantity ${line.quantity}`}>
                  {line.quantity}
                </span>
              </div>
              <div className="checkout-line__body">
                <Link to={`/product/${line.itemId}`} className="checkout-line__name">
                  {line.itemName}
                </Link>
                <span className="checkout-line__meta">
                  {line.store} · Size {line.size} · Colour {line.color}
                </span>
              </div>
              <span className="price">
                {formatMoney(Math.round(line.itemPrice * line.quantity * 100) / 100, currency)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="checkout-totals">
        <div>
          <dt>Subtotal</dt>
          <dd className="price">{formatMoney(session.subtotal, currency)}</dd>
        </div>
        <div>
          <dt>Shipping ({SHIPPING_METHOD_LABELS[session.shippingMethod]})</dt>
          <dd className="price">
            {session.shipping === 0 ? 'Free' : formatMoney(session.shipping, currency)}
          </dd>
        </div>
        <div className="checkout-totals__total">
          <dt>Total</dt>
          <dd className="price" aria-live="polite">
            {formatMoney(session.totalAmount, currency)}
          </dd>
        </div>
      </dl>
      <p className="checkout-note">
        Your items are held until {formatHoldTime(session.reservedUntil)}. Taxes are not charged
        yet.
      </p>
    </aside>
  );
}
