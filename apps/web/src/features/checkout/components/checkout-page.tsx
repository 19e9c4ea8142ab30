import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { CHECKOUT_MESSAGES, msg } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSession } from '../../../hooks/use-session';
import { ApiError } from '../../../lib/api-client';
import { useCheckoutSession } from '../../../lib/api/start-checkout';
import { useUserProfile } from '../../../lib/api/get-user-profile';
import { checkoutSuccessPath } from '../utils/checkout-form';
import { lastPlacedOrder } from '../utils/last-placed-order';
import { CheckoutForm } from './checkout-form';
import '../checkout.css';

export const PREPARING_CHECKOUT = msg('Preparing your checkout…');

const emptyBagError = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === CHECKOUT_MESSAGES.emptyBag;

/** Spec 2 and 4 "Checkout": loading, then the form, or 'Unable to proceed with checkout.' */
export function CheckoutPage() {
  const { t } = useI18n();
  const { userName } = useSession();
  const session = useCheckoutSession();
  const profile = useUserProfile(userName);
  // Back after a successful order: the bag is empty because this tab just bought it.
  const placed = session.isError && emptyBagError(session.error) ? lastPlacedOrder() : null;

  useEffect(() => {
    if (session.isError && !placed)
      toast.error(t(CHECKOUT_MESSAGES.initiateFailed), { toastId: 'checkout-initiate-failed' });
  }, [session.isError, placed, t]);

  if (placed) return <Navigate to={checkoutSuccessPath(placed)} replace />;

  let body;
  // The profile only prefills the address: its failure does not stop the checkout.
  if (session.isPending || profile.isLoading) {
    body = <PageLoader label={t(PREPARING_CHECKOUT)} />;
  } else if (session.isError) {
    const error = session.error;
    const reason =
      error instanceof ApiError && error.status < 500 && error.status !== 401
        ? error.serverMessage
        : undefined;
    const emptyBag = reason === CHECKOUT_MESSAGES.emptyBag;
    body = (
      <div className="checkout-state" role="alert">
        <p className="checkout-state__title">{t(CHECKOUT_MESSAGES.unable)}</p>
        {reason ? <p>{t(reason)}</p> : null}
        {emptyBag ? (
          <Link to="/products" className="btn btn-primary">
            {t('Keep shopping')}
          </Link>
        ) : (
          <Link to="/shopping-bag" className="btn btn-outline-primary">
            {t('Back to your bag')}
          </Link>
        )}
      </div>
    );
  } else {
    body = (
      <CheckoutForm
        // A new order (after the hold expired) starts the form again from its own data.
        key={session.data.orderId}
        session={session.data}
        profile={profile.data}
        onRestart={() => void session.refetch()}
      />
    );
  }

  return (
    <div className="checkout">
      <h1 className="page-title">{t('Checkout')}</h1>
      {body}
    </div>
  );
}
