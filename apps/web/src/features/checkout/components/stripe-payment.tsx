import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { CHECKOUT_MESSAGES, msg } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { PageLoader } from '../../../components/ui/page-loader';
import { PaymentProviderError } from '../utils/checkout-errors';

export const LOADING_PAYMENT_FORM = msg('Loading the payment form…');

/** What the checkout form may do once Stripe and its Payment Element are ready. */
export interface StripePaymentHandle {
  /** Confirms the Elements' PaymentIntent; throws a PaymentProviderError when Stripe refuses. */
  confirm: (returnUrl: string) => Promise<void>;
}

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * Importing @stripe/stripe-js adds Stripe's script to the page, so it is imported only when a
 * Stripe checkout opens. A failed load is forgotten so that the next checkout tries again.
 */
function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    stripeByKey.set(publishableKey, stripe);
    const forget = () => stripeByKey.delete(publishableKey);
    stripe.then((loaded) => {
      if (!loaded) forget();
    }, forget);
  }
  return stripe;
}

function useStripeScript(publishableKey: string | undefined): Stripe | 'loading' | 'failed' {
  const [result, setResult] = useState<{ key: string; stripe: Stripe | null } | null>(null);
  useEffect(() => {
    if (!publishableKey) return;
    let current = true;
    loadStripeOnce(publishableKey).then(
      (stripe) => current && setResult({ key: publishableKey, stripe }),
      () => current && setResult({ key: publishableKey, stripe: null }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  if (!publishableKey) return 'failed';
  if (result?.key !== publishableKey) return 'loading';
  return result.stripe ?? 'failed';
}

async function confirmWithElements(
  stripe: Stripe,
  elements: StripeElements,
  returnUrl: string,
): Promise<void> {
  const submitted = await elements.submit();
  if (submitted.error) throw new PaymentProviderError(submitted.error.message);
  // Saving the shipping may have changed the PaymentIntent's amount.
  const updated = await elements.fetchUpdates();
  if (updated.error) throw new PaymentProviderError(updated.error.message);
  const { error } = await stripe.confirmPayment({
    elements,
    confirmParams: { return_url: returnUrl },
    // Cards are confirmed here; only payment methods that need the bank's page leave the site.
    redirect: 'if_required',
  });
  if (error) throw new PaymentProviderError(error.message);
}

interface StripePaymentProps {
  /** Sent with every `stripe` checkout; without it there is no form to load. */
  publishableKey: string | undefined;
  clientSecret: string;
  /** Gets the handle once the shopper can pay, and null whenever they cannot. */
  onReadyChange: (payment: StripePaymentHandle | null) => void;
}

/** DESIGN 4: the `stripe` provider's card form, Stripe's Payment Element. */
export function StripePayment({ publishableKey, clientSecret, onReadyChange }: StripePaymentProps) {
  const { t } = useI18n();
  const stripe = useStripeScript(publishableKey);
  const [elementFailed, setElementFailed] = useState(false);

  if (stripe === 'failed' || elementFailed) {
    return (
      <Alert variant="danger" className="mb-0">
        {t(CHECKOUT_MESSAGES.paymentScriptFailed)}
      </Alert>
    );
  }
  if (stripe === 'loading') return <PageLoader label={t(LOADING_PAYMENT_FORM)} />;
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <StripePaymentElement
        onReadyChange={onReadyChange}
        onLoadError={() => setElementFailed(true)}
      />
    </Elements>
  );
}

interface StripePaymentElementProps {
  onReadyChange: (payment: StripePaymentHandle | null) => void;
  onLoadError: () => void;
}

function StripePaymentElement({ onReadyChange, onLoadError }: StripePaymentElementProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !elementReady) return;
    onReadyChange({
      confirm: (returnUrl) => confirmWithElements(stripe, elements, returnUrl),
    });
    return () => onReadyChange(null);
  }, [stripe, elements, elementReady, onReadyChange]);

  return <PaymentElement onReady={() => setElementReady(true)} onLoadError={onLoadError} />;
}
