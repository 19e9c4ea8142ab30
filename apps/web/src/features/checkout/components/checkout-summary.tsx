import { useId } from 'react';
import { SALES_TAX_MESSAGES, type CheckoutSession } from '@marketplace/shared';
import { TaxRows } from '../../../components/ui/tax-rows';
import { useCart } from '../../../lib/api/get-cart';
import { OrderLine } from '../../../components/ui/order-line';
import { useI18n } from '../../../i18n/i18n-context';
import { SHIPPING_METHOD_LABELS } from '../utils/checkout-form';

interface CheckoutSummaryProps {
  session: CheckoutSession;
  /**
   * The form holds an address or method the order has not priced yet, or it is being priced:
   * the shipping, tax and total shown are about to change.
   */
  recalculating: boolean;
}

/**
 * The bag's lines with the checkout's own amounts: the server's shipping, each tax on its own
 * line (issue 15) and the total the payment charges. A status region tells screen readers when
 * the total is being recomputed and what it became.
 */
export function CheckoutSummary({ session, recalculating }: CheckoutSummaryProps) {
  const { t, formatMoney, formatDate } = useI18n();
  const titleId = useId();
  const cart = useCart();
  const { currency } = session;
  const lines = cart.data?.items ?? [];
  const pending = (
    <span className="checkout-totals__pending">{t(SALES_TAX_MESSAGES.calculating)}</span>
  );

  let taxRows;
  if (recalculating) {
    taxRows = (
      <div>
        <dt>{t(SALES_TAX_MESSAGES.noTaxLabel)}</dt>
        <dd>{pending}</dd>
      </div>
    );
  } else if (!session.taxCalculated) {
    taxRows = (
      <div>
        <dt>{t(SALES_TAX_MESSAGES.noTaxLabel)}</dt>
        <dd className="checkout-totals__note">{t(SALES_TAX_MESSAGES.awaitingAddress)}</dd>
      </div>
    );
  } else {
    taxRows = <TaxRows lines={session.taxLines} currency={currency} />;
  }

  let announcement = '';
  if (recalculating) announcement = t(SALES_TAX_MESSAGES.recalculating);
  else if (session.taxCalculated)
    announcement = t(SALES_TAX_MESSAGES.totalUpdated, {
      total: formatMoney(session.totalAmount, currency),
      tax: formatMoney(session.tax, currency),
    });

  return (
    <aside className="checkout-summary" aria-labelledby={titleId} aria-busy={recalculating}>
      <h2 id={titleId} className="section-title">
        {t('Order summary')}
      </h2>
      {lines.length > 0 ? (
        <ul className="checkout-lines" aria-label={t('Items in this order')}>
          {lines.map((line) => (
            <OrderLine
              key={`${line.itemId}-${line.itemOptionId}`}
              block="checkout-line"
              line={line}
              quantity="badge"
              amount={
                <span className="price">
                  {formatMoney(Math.round(line.itemPrice * line.quantity * 100) / 100, currency)}
                </span>
              }
            />
          ))}
        </ul>
      ) : null}
      <dl className="checkout-totals">
        <div>
          <dt>{t('Subtotal')}</dt>
          <dd className="price">{formatMoney(session.subtotal, currency)}</dd>
        </div>
        <div>
          <dt>
            {t('Shipping ({method})', {
              method: t(SHIPPING_METHOD_LABELS[session.shippingMethod]),
            })}
          </dt>
          <dd className="price">
            {recalculating
              ? pending
              : session.shipping === 0
                ? t('Free')
                : formatMoney(session.shipping, currency)}
          </dd>
        </div>
        {taxRows}
        <div className="checkout-totals__total">
          <dt>{t('Total')}</dt>
          <dd className="price">
            {recalculating ? pending : formatMoney(session.totalAmount, currency)}
          </dd>
        </div>
      </dl>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <p className="checkout-note">
        {t('Your items are held until {time}.', {
          time: formatDate(session.reservedUntil, { hour: 'numeric', minute: '2-digit' }),
        })}
      </p>
    </aside>
  );
}
