import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  CHECKOUT_MESSAGES,
  SALES_TAX_MESSAGES,
  SHIPPING_METHODS,
  msg,
  shippingAddressSchema,
  type CheckoutSession,
  type ShippingAddress,
  type ShippingMethod,
  type UserProfile,
} from '@marketplace/shared';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../i18n/i18n-context';
import { confirmLocalPayment } from '../api/confirm-local-payment';
import { useSaveDefaultAddress } from '../api/save-default-address';
import { useUpdateShipping } from '../api/update-shipping';
import {
  PaymentProviderError,
  TotalChangedError,
  checkoutErrorMessage,
} from '../utils/checkout-errors';
import {
  SHIPPING_METHOD_LABELS,
  checkoutFormSchema,
  checkoutReturnUrl,
  checkoutSuccessPath,
  initialCheckoutValues,
  shippingKey,
  type CheckoutFormInput,
  type CheckoutFormValues,
} from '../utils/checkout-form';
import { CardFields } from './card-fields';
import { CheckoutSummary } from './checkout-summary';
import { ShippingAddressFields } from './shipping-address-fields';
import { StripePayment, type StripePaymentHandle } from './stripe-payment';

export const PLACE_ORDER = msg('PLACE ORDER');
export const PAYING = msg('Paying…');
export const METHOD_UPDATE_FAILED = msg('Could not update the shipping method.');
export const SAVE_THIS_ADDRESS = msg('Save this address');
export const ADDRESS_NOT_SAVED = msg(
  'Your address could not be saved to your account; your order goes ahead.',
);
export const SHIPPING_UPDATE_FAILED = msg(
  'Could not update the tax and shipping for this address.',
);

/**
 * How long typing must pause before a complete address is priced: one request per address, not
 * per keystroke. The summary shows it is recalculating from the first keystroke.
 */
export const ADDRESS_PAUSE_MS = 400;

const CARD_FIELDS = new Set(['cardNumber', 'expMonth', 'expYear', 'cvc']);

/** Where a server field error belongs in this form ('address.postalCode', 'card.cvc'), if anywhere. */
function formField(key: string): Path<CheckoutFormInput> | null {
  if (/^address\.(fullName|streetAddress|apartment|city|province|country|postalCode)$/.test(key))
    return key as Path<CheckoutFormInput>;
  if (CARD_FIELDS.has(key)) return `card.${key}` as Path<CheckoutFormInput>;
  return null;
}

const isExpired = (error: unknown) =>
  error instanceof ApiError && error.serverMessage === CHECKOUT_MESSAGES.expired;

/** The complete address and method the form holds now, ready to save; null while incomplete. */
function shippingToSave(
  address: CheckoutFormInput['address'] | undefined,
  method: CheckoutFormInput['method'],
): { address: ShippingAddress; method: ShippingMethod; key: string } | null {
  const typed = shippingAddressSchema.safeParse(address);
  if (!typed.success) return null;
  const chosen: ShippingMethod = method === 'EXPRESS' ? 'EXPRESS' : 'STANDARD';
  return { address: typed.data, method: chosen, key: shippingKey(typed.data, chosen) };
}

interface CheckoutFormProps {
  session: CheckoutSession;
  profile: UserProfile | undefined;
  /** Opens a new checkout (after this one's hold expired). */
  onRestart: () => void;
}

/**
 * Spec 2 "Checkout" with DESIGN 4 and issue 15: a complete address and the method are saved on
 * the order as soon as they are known (the server then prices the shipping and the sales tax, so
 * the summary shows the tax of that address), then the card is confirmed with the order's
 * provider (the built-in card form or Stripe's Payment Element) and the success page places the
 * order.
 */
export function CheckoutForm({ session, profile, onRestart }: CheckoutFormProps) {
  const { t, formatMoney, locale } = useI18n();
  const navigate = useNavigate();
  const shipping = useUpdateShipping();
  const saveAddress = useSaveDefaultAddress();
  /** Issue 39.10: the shopper asked for this address to fill the next checkout in. */
  const [keepAddress, setKeepAddress] = useState(false);
  const [saved, setSaved] = useState<{ key: string; method: ShippingMethod } | null>(() =>
    session.shippingAddress
      ? {
          key: shippingKey(session.shippingAddress, session.shippingMethod),
          method: session.shippingMethod,
        }
      : null,
  );
  /** An address the server refused: not sent again on its own (PLACE ORDER still tries). */
  const [refusedKey, setRefusedKey] = useState<string | null>(null);
  const [paymentError, setPaymentError] = useState<{ message: string; expired: boolean } | null>(
    null,
  );
  const [stripePayment, setStripePayment] = useState<StripePaymentHandle | null>(null);
  const successPath = checkoutSuccessPath(session.orderId);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema(session.provider)),
    defaultValues: initialCheckoutValues(session, profile),
  });
  const wanted = shippingToSave(
    useWatch({ control, name: 'address' }),
    useWatch({ control, name: 'method' }),
  );

  const showServerFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [key, message] of Object.entries(error.fieldErrors)) {
      const field = formField(key);
      if (field) setError(field, { type: 'server', message });
    }
  };

  /** Saves the address and method unless the order has them already; returns the secret to pay with. */
  const saveShipping = async (address: ShippingAddress, method: ShippingMethod) => {
    const key = shippingKey(address, method);
    if (key === saved?.key) return session.clientSecret;
    const updated = await shipping.mutateAsync({ orderId: session.orderId, address, method });
    setSaved({ key, method });
    // The new address changed the tax or shipping: the shopper sees the new total before paying it.
    if (updated.totalAmount !== session.totalAmount) throw new TotalChangedError();
    return updated.clientSecret;
  };

  const pay = useMutation({
    mutationFn: async ({ address, method, card }: CheckoutFormValues) => {
      const clientSecret = await saveShipping(address, method);
      if (keepAddress && profile) {
        // Before the card: Stripe may leave the page to confirm it. A refusal never stops the order.
        await saveAddress
          .mutateAsync({ userName: profile.userName, address })
          .catch((error: unknown) =>
            toast.error(t(checkoutErrorMessage(error, ADDRESS_NOT_SAVED))),
          );
      }
      // Only the built-in provider's card is in this form; Stripe's stays in its Payment Element.
      if (card) return confirmLocalPayment({ clientSecret, ...card });
      if (!stripePayment) throw new PaymentProviderError(undefined);
      return stripePayment.confirm(
        checkoutReturnUrl(window.location.origin, session.orderId, locale),
      );
    },
  });

  const onValid = (values: CheckoutFormValues) => {
    setPaymentError(null);
    pay.mutate(values, {
      onSuccess: () => void navigate(successPath),
      onError: (error) => {
        showServerFieldErrors(error);
        const message = t(checkoutErrorMessage(error, CHECKOUT_MESSAGES.paymentFailed));
        setPaymentError({ message, expired: isExpired(error) });
        toast.error(message);
      },
    });
  };

  /**
   * The form's complete address and method, saved on the order so that the summary shows their
   * shipping and tax. Read from the form when the pause ends, so the newest typing is sent.
   */
  const saveWhatIsTyped = useEffectEvent(() => {
    const next = shippingToSave(getValues('address'), getValues('method'));
    if (!next || next.key === saved?.key || pay.isPending || shipping.isPending) return;
    shipping.mutate(
      { orderId: session.orderId, address: next.address, method: next.method },
      {
        onSuccess: () => {
          setSaved({ key: next.key, method: next.method });
          setRefusedKey(null);
        },
        onError: (error) => {
          setRefusedKey(next.key);
          showServerFieldErrors(error);
          const methodOnly =
            saved !== null &&
            next.method !== saved.method &&
            shippingKey(next.address, saved.method) === saved.key;
          // A new method that could not be saved: the radios go back to the one the order has.
          if (methodOnly) setValue('method', saved.method);
          if (isExpired(error))
            setPaymentError({ message: t(CHECKOUT_MESSAGES.expired), expired: true });
          toast.error(
            t(
              checkoutErrorMessage(
                error,
                methodOnly ? METHOD_UPDATE_FAILED : SHIPPING_UPDATE_FAILED,
              ),
            ),
            { toastId: `shipping-update-${next.key}` },
          );
        },
      },
    );
  });

  const paying = pay.isPending;
  /** The form holds a complete address or a method the order does not have yet. */
  const unsaved = wanted !== null && wanted.key !== saved?.key && wanted.key !== refusedKey;
  useEffect(() => {
    if (!unsaved || paying || shipping.isPending) return;
    const timer = window.setTimeout(saveWhatIsTyped, ADDRESS_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [wanted?.key, unsaved, paying, shipping.isPending]);

  const busy = paying || shipping.isPending;
  const recalculating = shipping.isPending || unsaved;
  const paymentReady = session.provider === 'local' || stripePayment !== null;

  return (
    <div className="checkout-layout">
      <Form
        noValidate
        aria-label={t('Checkout')}
        className="checkout-form"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <ShippingAddressFields
          control={control}
          register={register}
          setValue={setValue}
          errors={errors}
          disabled={paying}
        >
          {profile ? (
            <Form.Check
              type="checkbox"
              id="checkout-save-address"
              className="checkout-save-address"
              label={t(SAVE_THIS_ADDRESS)}
              checked={keepAddress}
              disabled={paying}
              onChange={(event) => setKeepAddress(event.target.checked)}
            />
          ) : null}
        </ShippingAddressFields>

        {/* A method chosen while an address is being saved is saved right after it. */}
        <fieldset className="checkout-section" disabled={paying}>
          <legend className="section-title checkout-section__title">{t('Shipping method')}</legend>
          {SHIPPING_METHODS.map((method) => (
            <Form.Check
              key={method}
              type="radio"
              id={`checkout-method-${method.toLowerCase()}`}
              value={method}
              label={t(SHIPPING_METHOD_LABELS[method])}
              className="checkout-method"
              {...register('method')}
            />
          ))}
          <p className="checkout-note">
            {t(
              'One parcel per brand. Express adds a fee per brand; the summary shows the exact amount once your address is complete.',
            )}
          </p>
        </fieldset>

        <fieldset className="checkout-section" disabled={paying}>
          <legend className="section-title checkout-section__title">{t('Payment')}</legend>
          {session.provider === 'local' ? (
            <CardFields register={register} errors={errors} />
          ) : (
            <StripePayment
              publishableKey={session.publishableKey}
              clientSecret={session.clientSecret}
              onReadyChange={setStripePayment}
            />
          )}
        </fieldset>

        {paymentError ? (
          <Alert variant="danger" className="checkout-error">
            <p className="mb-0">{paymentError.message}</p>
            {paymentError.expired ? (
              <Button variant="outline-primary" size="sm" className="mt-2" onClick={onRestart}>
                {t('Check out again')}
              </Button>
            ) : null}
          </Alert>
        ) : null}

        <div className="checkout-pay">
          <p className="checkout-pay__total">
            <span>{t('Total to pay')}</span>
            <span className="price">
              {recalculating
                ? t(SALES_TAX_MESSAGES.calculating)
                : formatMoney(session.totalAmount, session.currency)}
            </span>
          </p>
          <Button
            type="submit"
            variant="primary"
            size="lg"
            className="w-100"
            disabled={busy || unsaved || !paymentReady}
          >
            {paying ? (
              <>
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
                {t(PAYING)}
              </>
            ) : (
              t(PLACE_ORDER)
            )}
          </Button>
        </div>
      </Form>

      <CheckoutSummary session={session} recalculating={recalculating} />
    </div>
  );
}
