import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  CHECKOUT_MESSAGES,
  COUNTRIES,
  msg,
  orderReference,
  type OrderView,
} from '@marketplace/shared';
import { PageLoader } from '../../../components/ui/page-loader';
import { OrderTotals } from '../../../components/ui/tax-rows';
import { ApiError } from '../../../lib/api-client';
import { OrderLine } from '../../../components/ui/order-line';
import { useI18n } from '../../../i18n/i18n-context';
import { usePlaceOrder } from '../api/place-order';
import { checkoutErrorMessage } from '../utils/checkout-errors';
import '../checkout.css';

export const PLACING_ORDER = msg('Placing your order…');
export const NO_ORDER = msg('There is no order to confirm here.');
/** Said only when the receipt was really queued for sending (issue 39.28). */
export const RECEIPT_EMAILED = msg('We emailed your receipt.');

/** Spec 4: back from the payment, the order is placed (once; the server is idempotent too). */
export function CheckoutSuccess({ orderId }: { orderId: string | null }) {
  const { t } = useI18n();
  if (!orderId) {
    return (
      <div className="checkout-state">
        <h1 className="page-title">{t('Thank You')}</h1>
        <p>{t(NO_ORDER)}</p>
        <Link to="/shopping-bag" className="btn btn-primary">
          {t('Go to your bag')}
        </Link>
      </div>
    );
  }
  return <PlaceOrder orderId={orderId} />;
}

function PlaceOrder({ orderId }: { orderId: string }) {
  const { t } = useI18n();
  const place = usePlaceOrder(orderId);
  const { mutate } = place;
  // StrictMode runs effects twice in development; one request per order is enough.
  const placedFor = useRef<string | null>(null);

  useEffect(() => {
    if (placedFor.current === orderId) return;
    placedFor.current = orderId;
    mutate(undefined, {
      onSuccess: () => toast.success(t(CHECKOUT_MESSAGES.placed), { toastId: `placed-${orderId}` }),
      onError: (error) => {
        // Nothing failed with someone else's (or no) order: the page says it is not found.
        if (!isNotFound(error))
          toast.error(t(CHECKOUT_MESSAGES.placeFailed), { toastId: `place-${orderId}` });
      },
    });
  }, [orderId, mutate, t]);

  if (place.isError && isNotFound(place.error)) {
    return (
      <div className="checkout-state" role="alert">
        <h1 className="page-title">{t(CHECKOUT_MESSAGES.orderNotFound)}</h1>
        <Link to="/user" className="btn btn-primary">
          {t('View my orders')}
        </Link>
      </div>
    );
  }
  if (place.isError) {
    const reason = checkoutErrorMessage(place.error, '');
    return (
      <div className="checkout-state" role="alert">
        <h1 className="page-title">{t(CHECKOUT_MESSAGES.placeFailed)}</h1>
        {reason ? <p>{t(reason)}</p> : null}
        <Link to="/checkout" className="btn btn-primary">
          {t('Back to checkout')}
        </Link>
      </div>
    );
  }
  if (!place.isSuccess) return <PageLoader label={t(PLACING_ORDER)} />;
  return <OrderPlaced order={place.data} />;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function OrderPlaced({ order }: { order: OrderView }) {
  const { t, formatMoney } = useI18n();
  const { currency } = order;
  return (
    <div className="checkout-success">
      <p className="eyebrow">{t(CHECKOUT_MESSAGES.placed)}</p>
      <h1 className="page-title">{t('Thank you for your order')}</h1>
      <p className="lead">
        {t('Order number')} <strong>{orderReference(order.id)}</strong>.{' '}
        {t('Each brand prepares its own parcel; you can follow them in My Orders.')}
      </p>
      {order.receiptEmailed ? (
        <p className="checkout-success__receipt">{t(RECEIPT_EMAILED)}</p>
      ) : null}
      {order.shippingAddress ? <ShipsTo address={order.shippingAddress} /> : null}
      <ul className="checkout-lines" aria-label={t('Items in this order')}>
        {order.items.map((item) => (
          <OrderLine
            key={item.id}
            block="checkout-line"
            line={item}
            quantity="meta"
            lazy={false}
            amount={
              <span className="price">
                {formatMoney(Math.round(item.itemPrice * item.quantity * 100) / 100, currency)}
              </span>
            }
          />
        ))}
      </ul>
      <OrderTotals
        className="checkout-totals"
        order={order}
        totalLabel={t('Total paid')}
        totalClassName="checkout-totals__total"
      />
      <div className="checkout-actions">
        <Link to="/user" className="btn btn-primary">
          {t('View my orders')}
        </Link>
        <Link to="/products" className="btn btn-outline-primary">
          {t('Keep shopping')}
        </Link>
      </div>
    </div>
  );
}

/** Where the parcels go, as the shopper wrote it (issue 39.28). */
function ShipsTo({ address }: { address: NonNullable<OrderView['shippingAddress']> }) {
  const { t } = useI18n();
  const country = COUNTRIES.find((one) => one.code === address.country);
  return (
    <section className="checkout-success__address" aria-labelledby="checkout-ships-to">
      <h2 id="checkout-ships-to" className="section-title">
        {t('Shipping address')}
      </h2>
      <address>
        {address.fullName}
        <br />
        {address.apartment
          ? `${address.streetAddress}, ${address.apartment}`
          : address.streetAddress}
        <br />
        {`${address.city} ${address.province} ${address.postalCode}`}
        <br />
        {country ? t(country.name) : address.country}
      </address>
    </section>
  );
}
