import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  SALES_TAX_MESSAGES,
  SHIPPING_POLICY,
  localizePath,
  msg,
  quoteShipping,
  type Cart,
  type CheckoutBody,
  type Locale,
} from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { useStartCheckout } from '../../../lib/api/start-checkout';
import { cartErrorMessage } from '../utils/cart-errors';

/** Where the payment provider sends the shopper back (pages of this site, spec 2). */
export const CHECKOUT_RETURN = { successUrl: '/checkout/success', cancelUrl: '/checkout/cancel' };

/**
 * The return pages in the shopper's language: a French shopper comes back to /fr/... (the
 * router's basename does not reach URLs that leave the site, decision 029).
 */
export const checkoutReturnIn = (locale: Locale): CheckoutBody => ({
  successUrl: localizePath(CHECKOUT_RETURN.successUrl, locale),
  cancelUrl: localizePath(CHECKOUT_RETURN.cancelUrl, locale),
});
export const UNAVAILABLE_NOTE = msg(
  'Items no longer available stay in your bag and are not checked out.',
);

/** Each brand's item subtotal: one brand ships one parcel (spec 9). */
function brandSubtotals(cart: Cart): number[] {
  const byStore = new Map<string, number>();
  for (const line of cart.items.filter((l) => !l.unavailable)) {
    byStore.set(
      line.store,
      (byStore.get(line.store) ?? 0) + Math.round(line.itemPrice * 100) * line.quantity,
    );
  }
  return [...byStore.values()].map((cents) => cents / 100);
}

/**
 * Spec 2 and 9 with DESIGN 5: real totals. Shipping is quoted for standard delivery by the
 * shared policy (express is chosen at checkout); sales tax follows the shipping address, so the
 * bag keeps spec 9's 'Calculated at checkout' and its total is before tax.
 */
export function OrderSummary({ cart }: { cart: Cart }) {
  const { t, formatMoney, locale } = useI18n();
  const titleId = useId();
  const navigate = useNavigate();
  const start = useStartCheckout();
  const currency = cart.currency ?? undefined;
  // Issue 13: lines that can no longer be bought are not counted, paid for or checked out.
  const buyable = cart.items.filter((line) => !line.unavailable);
  const units = buyable.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = formatMoney(cart.subtotal, currency);
  const brands = brandSubtotals(cart);
  const quote = cart.currency
    ? quoteShipping({ currency: cart.currency, brandSubtotals: brands })
    : null;

  /** Spec 7: the checkout is opened here and the browser goes where the answer says. */
  const checkout = () =>
    start.mutate(checkoutReturnIn(locale), {
      onSuccess: ({ checkoutUrl }) => {
        // A hosted payment page lives on another site; the built-in one is a page of this app.
        if (/^https?:\/\//i.test(checkoutUrl)) window.location.assign(checkoutUrl);
        else void navigate(checkoutUrl);
      },
      onError: (error) => toast.error(t(cartErrorMessage(error, CHECKOUT_MESSAGES.startFailed))),
    });

  return (
    <aside className="bag-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title bag-summary__title">
        {t(CART_MESSAGES.summary)}
      </h2>
      <dl className="bag-summary__rows">
        <div>
          <dt>{t('Subtotal ({count, plural, one {# item} other {# items}})', { count: units })}</dt>
          <dd className="price">{subtotal}</dd>
        </div>
        <div>
          <dt>{t('Shipping')}</dt>
          <dd>
            {quote?.freeShipping ? t('Free') : formatMoney(quote?.shipping ?? 0, currency)}
            <small className="bag-summary__note">
              {quote?.freeShipping
                ? t('Standard shipping is free on this order.')
                : t('Standard: {rate} per brand ({brands}). Free from {usd} USD / {cad} CAD.', {
                    rate: formatMoney(SHIPPING_POLICY.flatRatePerBrand),
                    brands: brands.length,
                    usd: formatMoney(SHIPPING_POLICY.freeShippingThreshold.USD),
                    cad: formatMoney(SHIPPING_POLICY.freeShippingThreshold.CAD),
                  })}{' '}
              {t('Express is chosen at checkout.')}
            </small>
          </dd>
        </div>
        <div>
          <dt>{t('Taxes')}</dt>
          <dd>
            {t(CART_MESSAGES.calculatedAtCheckout)}
            <small className="bag-summary__note">{t(SALES_TAX_MESSAGES.bagNote)}</small>
          </dd>
        </div>
        <div className="bag-summary__total">
          <dt>{t('Total')}</dt>
          <dd className="price">{formatMoney(quote?.total ?? cart.subtotal, currency)}</dd>
        </div>
      </dl>
      <Button
        variant="primary"
        size="lg"
        className="w-100"
        onClick={checkout}
        disabled={start.isPending || buyable.length === 0}
      >
        {start.isPending ? (
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
        ) : null}
        {t('Checkout')}
      </Button>
      {buyable.length < cart.items.length && buyable.length > 0 && (
        <p className="bag-summary__note">{t(UNAVAILABLE_NOTE)}</p>
      )}
    </aside>
  );
}
