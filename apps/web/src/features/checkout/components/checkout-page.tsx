import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { CHECKOUT_MESSAGES } from '@marketplace/shared';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSession } from '../../../hooks/use-session';
import { ApiError } from '../../../lib/api-client';
import { useCheckoutSession } from '../api/start-checkout';
import { useUserProfile } from '../api/get-user-profile';
import { checkoutSuccessPath } from '../utils/checkout-form';
import { lastPlacedOrder } from '../utils/last-placed-order';
import { CheckoutForm } from './checkout-form';
import '../checkout.css';

export const PREPARING_CHECKOUT = 'Preparing your checkout…';

const emptyBagError = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === CHECKOUT_MESSAGES.emptyBag;

/** Spec 2 and 4 "Checkout": loading, then the form, or 'Unable to proceed with checkout.' */
export function CheckoutPage() {
  const { userName } = useSession();
  const session = useCheckoutSession();
  const profile = useUserProfile(userName);
  // Back after a successful order: the bag is empty because this tab just bought it.
  const placed = session.isError && emptyBagError(session.error) ? lastPlacedOrder() : null;

  useEffect(() => {
    if (session.isError && !placed)
      toast.error(CHECKOUT_MESSAGES.initiateFailed, { toastId: 'checkout-initiate-failed' });
  }, [session.isError, placed]);

  if (placed) return <Navigate to={checkoutSuccessPath(placed)} replace />;

  let body;
  // The profile only prefills the address: its failure does not stop the checkout.
  if (session.isPending || profile.isLoading) {
    body = <PageLoader label={PREPARING_CHECKOUT} />;
  } else if (session.isError) {
    const error = session.error;
    const reason =
      error instanceof ApiError && error.status < 500 && error.status !== 401
        ? error.serverMessage
        : undefined;
    const emptyBag = reason === CHECKOUT_MESSAGES.emptyBag;
    body = (
      <div className="checkout-state" role="alert">
        <p className="checkout-state__title">{CHECKOUT_MESSAGES.unable}</p>
        {reason ? <p>{reason}</p> : null}
        {emptyBag ? (
          <Link to="/products" className="btn btn-primary">
            Keep shopping
          </Link>
        ) : (
          <Link to="/shopping-bag" className="btn btn-outline-primary">
            Back to your bag
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
      <h1 className="page-title">Checkout</h1>
      {body}
    </div>
  );
}
