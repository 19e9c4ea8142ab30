import { CHECKOUT_MESSAGES, type CheckoutSession } from '@marketplace/shared';
import type { Stripe, StripeElements, StripeElementsOptions } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import {
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';
import { ORDER_ID, SESSION, checkoutApi, sessionAfterShipping } from '../testing/checkout-api';
import { LOADING_PAYMENT_FORM } from './stripe-payment';

/** Stand-ins for Stripe.js and React Stripe.js: no script, no iframe from Stripe. */
const fake = vi.hoisted(() => ({
  loadStripe: vi.fn<(publishableKey: string) => Promise<unknown>>(),
  confirmPayment: vi.fn<(options: unknown) => Promise<unknown>>(),
  submit: vi.fn<() => Promise<unknown>>(),
  fetchUpdates: vi.fn<() => Promise<unknown>>(),
  /** What each <Elements> was given. */
  elementsProps: [] as { stripe: unknown; options: unknown }[],
  /** When set, the Payment Element reports a load error instead of becoming ready. */
  elementLoadError: null as { message: string } | null,
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: fake.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const { createContext, useContext, useEffect } = await import('react');
  const elements = { submit: fake.submit, fetchUpdates: fake.fetchUpdates };
  const StripeContext = createContext<unknown>(null);
  return {
    Elements: ({
      stripe,
      options,
      children,
    }: {
      stripe: unknown;
      options: StripeElementsOptions;
      children: ReactNode;
    }) => {
      fake.elementsProps.push({ stripe, options });
      return <StripeContext.Provider value={stripe}>{children}</StripeContext.Provider>;
    },
    PaymentElement: ({
      onReady,
      onLoadError,
    }: {
      onReady?: () => void;
      onLoadError?: (event: { elementType: 'payment'; error: { message: string } }) => void;
    }) => {
      useEffect(() => {
        if (fake.elementLoadError)
          onLoadError?.({ elementType: 'payment', error: fake.elementLoadError });
        else onReady?.();
      }, [onReady, onLoadError]);
      return <iframe title="Secure payment input frame" />;
    },
    useStripe: () => useContext(StripeContext) as Stripe | null,
    useElements: () => (useContext(StripeContext) ? (elements as unknown as StripeElements) : null),
  };
});

const fakeStripe = { confirmPayment: fake.confirmPayment };

let keys = 0;
/** A `stripe` checkout with its own publishable key: Stripe.js is loaded once per key. */
function stripeSession(): CheckoutSession {
  keys += 1;
  return {
    ...SESSION,
    provider: 'stripe',
    clientSecret: 'pi_3Qx_secret_abc',
    publishableKey: `pk_test_${keys}`,
  };
}

/** Opens /checkout on a stripe session; PUT shipping answers the session it would compute. */
function openStripeCheckout(session = stripeSession()) {
  setSession(validToken('alice'), 'alice');
  const fetchMock = mockFetch(
    checkoutApi((method, path, init) => {
      if (method === 'POST' && path === '/orders/checkout') return jsonResponse(201, session);
      if (method === 'PUT' && path === `/orders/${ORDER_ID}/shipping`)
        return jsonResponse(200, sessionAfterShipping(JSON.parse(String(init?.body)), session));
      return undefined;
    }),
  );
  return { ...renderRoute('/checkout'), fetchMock, session };
}

const placeOrder = () => screen.findByRole('button', { name: 'PLACE ORDER' });
/** PLACE ORDER once the profile's address is priced (issue 15: it is saved on its own first). */
async function readyToPay() {
  const button = await placeOrder();
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
const paymentElement = () => screen.findByTitle('Secure payment input frame');
const inlineError = (message: string) =>
  screen.findByText(message, { selector: '.checkout-error p' });
const successUrl = `${window.location.origin}/checkout/success?orderId=${ORDER_ID}`;

beforeEach(() => {
  fake.loadStripe.mockReset().mockResolvedValue(fakeStripe);
  fake.submit.mockReset().mockResolvedValue({ selectedPaymentMethod: 'card' });
  fake.fetchUpdates.mockReset().mockResolvedValue({});
  fake.confirmPayment
    .mockReset()
    .mockResolvedValue({ paymentIntent: { id: 'pi_3Qx', status: 'succeeded' } });
  fake.elementsProps = [];
  fake.elementLoadError = null;
});

describe('checkout with the stripe provider', () => {
  it("shows Stripe's Payment Element for the order's PaymentIntent instead of the card fields", async () => {
    const { session } = openStripeCheckout();
    expect(await paymentElement()).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Checkout' });
    expect(within(form).queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('CVC')).not.toBeInTheDocument();
    expect(fake.loadStripe).toHaveBeenCalledWith(session.publishableKey);
    expect(fake.elementsProps.at(-1)).toEqual({
      stripe: fakeStripe,
      options: { clientSecret: session.clientSecret },
    });
    await waitFor(async () => expect(await placeOrder()).toBeEnabled());
  });

  it('PLACE ORDER saves the shipping, confirms with Stripe, then goes to the success page', async () => {
    const { user, fetchMock, location } = openStripeCheckout();
    await paymentElement();
    await user.click(await readyToPay());

    await waitFor(() => expect(location().pathname).toBe('/checkout/success'));
    expect(location().search).toBe(`?orderId=${ORDER_ID}`);
    expect(requestBody(fetchMock, 'PUT', `/orders/${ORDER_ID}/shipping`)).toMatchObject({
      method: 'STANDARD',
      address: { fullName: 'Alice Ng', postalCode: 'V6B 1A1' },
    });
    expect(fake.submit).toHaveBeenCalledTimes(1);
    expect(fake.fetchUpdates).toHaveBeenCalledTimes(1);
    expect(fake.confirmPayment).toHaveBeenCalledTimes(1);
    expect(fake.confirmPayment).toHaveBeenCalledWith({
      elements: expect.objectContaining({ submit: fake.submit }),
      confirmParams: { return_url: successUrl },
      redirect: 'if_required',
    });

    // The shipping is saved first, then the element is checked and refreshed, then it pays.
    const putIndex = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PUT');
    const order = [
      fetchMock.mock.invocationCallOrder[putIndex]!,
      fake.submit.mock.invocationCallOrder[0]!,
      fake.fetchUpdates.mock.invocationCallOrder[0]!,
      fake.confirmPayment.mock.invocationCallOrder[0]!,
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // The success page places the order.
    expect(
      await screen.findByText(CHECKOUT_MESSAGES.placed, { selector: '.eyebrow' }),
    ).toBeInTheDocument();
  });

  it("reads 'Paying…' and is disabled until Stripe answers, then is usable again", async () => {
    let answer: (result: unknown) => void = () => undefined;
    fake.confirmPayment.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = openStripeCheckout();
    await paymentElement();
    await user.click(await readyToPay());

    expect(await screen.findByRole('button', { name: 'Paying…' })).toBeDisabled();
    answer({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    expect(await placeOrder()).toBeEnabled();
  });

  it("a refused payment shows Stripe's message and stays on the checkout", async () => {
    fake.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const { user, location } = openStripeCheckout();
    await paymentElement();
    await user.click(await readyToPay());

    expect(await inlineError('Your card was declined.')).toBeInTheDocument();
    expect(location().pathname).toBe('/checkout');
    expect(await placeOrder()).toBeEnabled();
  });

  it("a payment error without a message shows 'Payment failed'", async () => {
    fake.confirmPayment.mockResolvedValue({ error: { type: 'api_error' } });
    const { user, location } = openStripeCheckout();
    await paymentElement();
    await user.click(await readyToPay());

    expect(await inlineError(CHECKOUT_MESSAGES.paymentFailed)).toBeInTheDocument();
    expect(location().pathname).toBe('/checkout');
  });

  it("an incomplete Payment Element shows Stripe's message and confirms nothing", async () => {
    fake.submit.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    const { user } = openStripeCheckout();
    await paymentElement();
    await user.click(await readyToPay());

    expect(await inlineError('Your card number is incomplete.')).toBeInTheDocument();
    expect(fake.confirmPayment).not.toHaveBeenCalled();
  });

  it('PLACE ORDER is disabled while Stripe.js loads', async () => {
    let loaded: (stripe: unknown) => void = () => undefined;
    fake.loadStripe.mockReturnValue(new Promise((resolve) => (loaded = resolve)));
    openStripeCheckout();

    expect(await screen.findByText(LOADING_PAYMENT_FORM)).toBeInTheDocument();
    expect(await placeOrder()).toBeDisabled();
    loaded(fakeStripe);
    expect(await paymentElement()).toBeInTheDocument();
    await waitFor(async () => expect(await placeOrder()).toBeEnabled());
  });

  it.each([
    ['cannot load (offline, blocked)', () => Promise.reject(new Error('Failed to load Stripe.js'))],
    ['loads without Stripe', () => Promise.resolve(null)],
  ])('when Stripe.js %s, says so and keeps PLACE ORDER disabled', async (_, load) => {
    fake.loadStripe.mockImplementation(load);
    openStripeCheckout();

    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentScriptFailed)).toBeInTheDocument();
    expect(screen.queryByTitle('Secure payment input frame')).not.toBeInTheDocument();
    expect(await placeOrder()).toBeDisabled();
  });

  it('when the Payment Element cannot load, says so and keeps PLACE ORDER disabled', async () => {
    fake.elementLoadError = { message: 'Invalid client secret.' };
    openStripeCheckout();

    expect(await screen.findByText(CHECKOUT_MESSAGES.paymentScriptFailed)).toBeInTheDocument();
    expect(await placeOrder()).toBeDisabled();
  });
});
