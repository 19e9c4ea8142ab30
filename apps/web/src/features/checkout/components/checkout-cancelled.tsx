import { msg } from '@marketplace/shared';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import '../checkout.css';

export const PAYMENT_CANCELLED = msg('Payment cancelled — your bag is saved.');

/** The payment provider's cancel return: nothing was charged and the bag is untouched. */
export function CheckoutCancelled() {
  const { t } = useI18n();
  return (
    <div className="checkout-state">
      <h1 className="page-title">{t('Checkout Cancelled')}</h1>
      <p>{t(PAYMENT_CANCELLED)}</p>
      <Link to="/shopping-bag" className="btn btn-primary">
        {t('Back to your bag')}
      </Link>
    </div>
  );
}
