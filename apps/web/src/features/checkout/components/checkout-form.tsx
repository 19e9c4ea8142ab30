import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  CHECKOUT_MESSAGES,
  SHIPPING_METHODS,
  formatMoney,
  shippingAddressSchema,
  type CheckoutSession,
  type ShippingAddress,
  type ShippingMethod,
  type UserProfile,
} from '@marketplace/shared';
import { ApiError } from '../../../lib/api-client';
import { confirmLocalPayment } from '../api/confirm-local-payment';
import { useUpdateShipping } from '../api/update-shipping';
import { PaymentProviderError, checkoutErrorMessage } from '../utils/checkout-errors';
import {
  SHIPPING_METHOD_LABELS,
  checkoutFormSchema,
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

export const PLACE_ORDER = 'PLACE ORDER';
export const PAYING = 'Paying…';
export const METHOD_UPDATE_FAILED = 'Could not update the shipping method.';

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

interface CheckoutFormProps {
  session: CheckoutSession;
  profile: UserProfile | undefined;
  /** Opens a new checkout (after this one's hold expired). */
  onRestart: () => void;
}

/**
 * Spec 2 "Checkout" with DESIGN 4: the address and method are saved on the order (which
 * recomputes the shipping), then the card is confirmed with the order's provider (the built-in
 * card form or Stripe's Payment Element) and the success page places the order.
 */
export function CheckoutForm({ session, profile, onRestart }: CheckoutFormProps) {
  const navigate = useNavigate();
  const shipping = useUpdateShipping();
  const [savedKey, setSavedKey] = useState<string | null>(() =>
    session.shippingAddress ? shippingKey(session.shippingAddress, session.shippingMethod) : null,
  );
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

  /** Saves the address and method unless the order has them already; returns the secret to pay with. */
  const saveShipping = async (address: ShippingAddress, method: ShippingMethod) => {
    const key = shippingKey(address, method);
    if (key === savedKey) return session.clientSecret;
    const updated = await shipping.mutateAsync({ orderId: session.orderId, address, method });
    setSavedKey(key);
    return updated.clientSecret;
  };

  const pay = useMutation({
    mutationFn: async ({ address, method, card }: CheckoutFormValues) => {
      const clientSecret = await saveShipping(address, method);
      // Only the built-in provider's card is in this form; Stripe's stays in its Payment Element.
      if (card) return confirmLocalPayment({ clientSecret, ...card });
      if (!stripePayment) throw new PaymentProviderError(undefined);
      return stripePayment.confirm(`${window.location.origin}${successPath}`);
    },
  });

  const onValid = (values: CheckoutFormValues) => {
    setPaymentError(null);
    pay.mutate(values, {
      onSuccess: () => void navigate(successPath),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          for (const [key, message] of Object.entries(error.fieldErrors)) {
            const field = formField(key);
            if (field) setError(field, { type: 'server', message });
          }
        }
        const message = checkoutErrorMessage(error, CHECKOUT_MESSAGES.paymentFailed);
        setPaymentError({ message, expired: isExpired(error) });
        toast.error(message);
      },
    });
  };

  /** A new method changes the shipping fee: save it at once when there is an address to save. */
  const changeMethod = (method: ShippingMethod, previous: ShippingMethod) => {
    const typed = shippingAddressSchema.safeParse(getValues('address'));
    const address: ShippingAddress | null = typed.success ? typed.data : session.shippingAddress;
    if (!address) return;
    shipping.mutate(
      { orderId: session.orderId, address, method },
      {
        onSuccess: () => setSavedKey(shippingKey(address, method)),
        onError: (error) => {
          setValue('method', previous);
          toast.error(checkoutErrorMessage(error, METHOD_UPDATE_FAILED));
        },
      },
    );
  };

  const paying = pay.isPending;
  const busy = paying || shipping.isPending;
  const paymentReady = session.provider === 'local' || stripePayment !== null;

  return (
    <div className="checkout-layout">
      <Form
        noValidate
        aria-label="Checkout"
        className="checkout-form"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <ShippingAddressFields
          control={control}
          register={register}
          setValue={setValue}
          errors={errors}
          disabled={paying}
        />

        <fieldset className="checkout-section" disabled={busy}>
          <legend className="section-title checkout-section__title">Shipping method</legend>
          {SHIPPING_METHODS.map((method) => (
            <Form.Check
              key={method}
              type="radio"
              id={`checkout-method-${method.toLowerCase()}`}
              value={method}
              label={SHIPPING_METHOD_LABELS[method]}
              className="checkout-method"
              {...register('method', {
                onChange: (event: { target: { value: string } }) => {
                  const next = event.target.value as ShippingMethod;
                  changeMethod(next, next === 'EXPRESS' ? 'STANDARD' : 'EXPRESS');
                },
              })}
            />
          ))}
          <p className="checkout-note">
            One parcel per brand. Express adds a fee per brand; the summary shows the exact amount
            once your address is complete.
          </p>
        </fieldset>

        <fieldset className="checkout-section" disabled={paying}>
          <legend className="section-title checkout-section__title">Payment</legend>
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
                Check out again
              </Button>
            ) : null}
          </Alert>
        ) : null}

        <div className="checkout-pay">
          <p className="checkout-pay__total">
            <span>Total to pay</span>
            <span className="price">{formatMoney(session.totalAmount, session.currency)}</span>
          </p>
          <Button
            type="submit"
            variant="primary"
            size="lg"
            className="w-100"
            disabled={busy || !paymentReady}
          >
            {paying ? (
              <>
                <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
                {PAYING}
              </>
            ) : (
              PLACE_ORDER
            )}
          </Button>
        </div>
      </Form>

      <CheckoutSummary session={session} updating={shipping.isPending} />
    </div>
  );
}
