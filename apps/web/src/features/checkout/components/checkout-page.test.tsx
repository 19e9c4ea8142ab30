import { ADDRESS_MESSAGES, CHECKOUT_MESSAGES, LOCAL_TEST_CARDS } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import {
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';
import {
  CART,
  ORDER_ID,
  SESSION,
  checkoutApi,
  sessionAfterShipping,
} from '../testing/checkout-api';

type User = ReturnType<typeof renderRoute>['user'];

async function openCheckout(handler?: Parameters<typeof checkoutApi>[0]) {
  setSession(validToken('alice'), 'alice');
  const fetchMock = mockFetch(checkoutApi(handler));
  const utils = renderRoute('/checkout');
  return { ...utils, fetchMock };
}

const form = () => screen.findByRole('form', { name: 'Checkout' });
const toasts = () => document.querySelector('.Toastify');
const calls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
/** A control of the checkout form (the navigation bar has its own City selector). */
const field = (label: string) =>
  within(screen.getByRole('form', { name: 'Checkout' })).getByLabelText(label);
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
/** The bodies of every PUT /orders/{id}/shipping, in order. */
const shippingPuts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'PUT' && String(input).endsWith('/shipping'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
/** PLACE ORDER once the address in the form is priced: it waits while the total may change. */
async function readyToPay() {
  const button = await screen.findByRole('button', { name: 'PLACE ORDER' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

async function fillCard(user: User, cardNumber: string = LOCAL_TEST_CARDS.succeeds) {
  await user.type(field('Card number'), cardNumber);
  await user.type(field('Expiry month'), '12');
  await user.type(field('Expiry year'), '2030');
  await user.type(field('CVC'), '123');
}

/** PUT shipping answers the session it would compute; `confirm` answers the card. */
const payingApi =
  (confirm: () => Response | Promise<Response>) =>
  (method: string, path: string, init: RequestInit | undefined) => {
    if (method === 'PUT' && path === `/orders/${ORDER_ID}/shipping`)
      return jsonResponse(200, sessionAfterShipping(JSON.parse(String(init?.body))));
    if (method === 'POST' && path === '/payments/local/confirm') return confirm();
    return undefined;
  };

describe('checkout (/checkout)', () => {
  it("shows 'Unable to proceed with checkout.' and toasts 'Failed to initiate payment' when the checkout call fails", async () => {
    await openCheckout((method, path) =>
      method === 'POST' && path === '/orders/checkout' ? jsonResponse(500, {}) : undefined,
    );
    expect(await screen.findByText(CHECKOUT_MESSAGES.unable)).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveTextContent(CHECKOUT_MESSAGES.initiateFailed));
    expect(screen.queryByRole('form', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PLACE ORDER' })).not.toBeInTheDocument();
  });

  it("an empty bag says 'Your cart is empty.' and links to the products", async () => {
    await openCheckout((method, path) =>
      method === 'POST' && path === '/orders/checkout'
        ? jsonResponse(409, { message: CHECKOUT_MESSAGES.emptyBag })
        : undefined,
    );
    const unable = await screen.findByText(CHECKOUT_MESSAGES.unable);
    const alert = unable.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent(CHECKOUT_MESSAGES.emptyBag);
    expect(within(alert).getByRole('link', { name: 'Keep shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('opens the checkout with no body and prefills the address from the profile', async () => {
    const { fetchMock } = await openCheckout();
    await form();
    const start = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/orders/checkout'),
    );
    expect(start?.[1]?.method).toBe('POST');
    expect(start?.[1]?.body).toBeUndefined();

    expect(field('Full name')).toHaveValue('Alice Ng');
    // The default address, not the first one.
    expect(field('Street address')).toHaveValue('123 Main St');
    expect(field('Apartment, suite (optional)')).toHaveValue('Unit 4');
    expect(field('City')).toHaveValue('Vancouver');
    expect(field('Country')).toHaveValue('CA');
    expect(field('Province')).toHaveValue('BC');
    expect(field('Postal code')).toHaveValue('V6B 1A1');
    expect(screen.getByRole('radio', { name: 'Standard Shipping' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Express Shipping' })).not.toBeChecked();

    // The card form with its autocomplete hints and the test cards.
    expect(field('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(field('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByText(new RegExp(LOCAL_TEST_CARDS.succeeds))).toHaveTextContent(
      LOCAL_TEST_CARDS.declined,
    );
    // The profile's address is priced on its own (issue 15), then PLACE ORDER is offered.
    await readyToPay();

    // The summary: the bag's lines and the checkout's amounts, taxes included.
    await within(summary()).findByRole('link', { name: CART.items[0]!.itemName });
    expect(
      within(summary()).getByRole('link', { name: 'Merino Crewneck Sweater' }),
    ).toHaveAttribute('href', '/product/12');
    expect(within(summary()).getByText('$222.00 CAD')).toBeInTheDocument();
    expect(within(summary()).getByText('$20.00 CAD')).toBeInTheDocument();
    expect(within(summary()).getByText('GST 5%').nextElementSibling).toHaveTextContent(
      '$11.10 CAD',
    );
    expect(within(summary()).getByText('PST 7%').nextElementSibling).toHaveTextContent(
      '$15.54 CAD',
    );
    expect(within(summary()).getByText('$268.64 CAD')).toBeInTheDocument();
    expect(
      within(summary()).getByText(/Your items are held until \d{1,2}:\d{2}\s?(AM|PM)/),
    ).toBeInTheDocument();
  });

  it('an invalid postal code or card shows its message and sends neither', async () => {
    const { user, fetchMock } = await openCheckout(payingApi(() => jsonResponse(500)));
    await form();
    await readyToPay();
    const postal = field('Postal code');
    await user.clear(postal);
    await user.type(postal, '12345');
    await user.type(field('Card number'), '4242');
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));

    expect(await screen.findByText(ADDRESS_MESSAGES.postalCode)).toBeInTheDocument();
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(CHECKOUT_MESSAGES.cardNumber)).toBeInTheDocument();
    expect(screen.getAllByText(CHECKOUT_MESSAGES.expiry)).toHaveLength(2);
    expect(screen.getByText(CHECKOUT_MESSAGES.cvc)).toBeInTheDocument();
    expect(
      shippingPuts(fetchMock).some(
        (body) => (body.address as { postalCode: string }).postalCode === '12345',
      ),
    ).toBe(false);
    expect(calls(fetchMock).some((call) => call.includes('/payments/'))).toBe(false);
  });

  it('a US address asks for a state and a ZIP code', async () => {
    const { user } = await openCheckout(payingApi(() => jsonResponse(500)));
    await form();
    await readyToPay();
    await user.selectOptions(field('Country'), 'US');
    expect(field('State')).toHaveValue('');
    expect(within(field('State')).getByRole('option', { name: 'Washington' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    expect(await screen.findByText(ADDRESS_MESSAGES.state)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.zipCode)).toBeInTheDocument();
  });

  it('choosing Express saves the shipping and shows the new total', async () => {
    const { user, fetchMock } = await openCheckout(payingApi(() => jsonResponse(500)));
    await form();
    await readyToPay();
    await user.click(screen.getByRole('radio', { name: 'Express Shipping' }));

    // $222 + $50 express + $26.64 GST and PST.
    expect(await within(summary()).findByText('$298.64 CAD')).toBeInTheDocument();
    expect(within(summary()).getByText('$50.00 CAD')).toBeInTheDocument();
    expect(within(summary()).getByText('Shipping (Express Shipping)')).toBeInTheDocument();
    expect(shippingPuts(fetchMock).at(-1)).toEqual({
      address: {
        fullName: 'Alice Ng',
        streetAddress: '123 Main St',
        apartment: 'Unit 4',
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6B 1A1',
        defaultAddress: false,
      },
      method: 'EXPRESS',
    });
  });

  it('a method the server refuses goes back to the one the order has, and says why', async () => {
    const { user } = await openCheckout((method, _path, init) =>
      method === 'PUT' && String(init?.body).includes('"EXPRESS"')
        ? jsonResponse(409, { message: CHECKOUT_MESSAGES.busy })
        : undefined,
    );
    await form();
    await readyToPay();
    await user.click(screen.getByRole('radio', { name: 'Express Shipping' }));

    await waitFor(() => expect(toasts()).toHaveTextContent(CHECKOUT_MESSAGES.busy));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Standard Shipping' })).toBeChecked(),
    );
    expect(within(summary()).getByText('Shipping (Standard Shipping)')).toBeInTheDocument();
    expect(within(summary()).getByText('$268.64 CAD')).toBeInTheDocument();
  });

  it('PLACE ORDER saves the shipping, confirms the card, then goes to the success page', async () => {
    const { user, fetchMock, location } = await openCheckout(
      payingApi(() => jsonResponse(200, { status: 'succeeded' })),
    );
    await form();
    await fillCard(user);
    await user.click(await readyToPay());

    await waitFor(() => expect(location().pathname).toBe('/checkout/success'));
    expect(location().search).toBe(`?orderId=${ORDER_ID}`);

    const sequence = calls(fetchMock).filter((call) => !call.startsWith('GET'));
    const put = sequence.indexOf(`PUT /api/orders/${ORDER_ID}/shipping`);
    const confirm = sequence.indexOf('POST /api/payments/local/confirm');
    expect(put).toBeGreaterThan(-1);
    expect(confirm).toBeGreaterThan(put);
    expect(requestBody(fetchMock, 'PUT', `/orders/${ORDER_ID}/shipping`)).toMatchObject({
      method: 'STANDARD',
      address: { fullName: 'Alice Ng', postalCode: 'V6B 1A1' },
    });
    expect(requestBody(fetchMock, 'POST', '/payments/local/confirm')).toEqual({
      clientSecret: SESSION.clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    // The success page places the order.
    expect(
      await screen.findByText(CHECKOUT_MESSAGES.placed, { selector: '.eyebrow' }),
    ).toBeInTheDocument();
  });

  it('issue 39.10: "Save this address" saves it as the account\'s default before the card is confirmed', async () => {
    const { user, fetchMock, location } = await openCheckout((method, path, init) => {
      if (method === 'PUT' && path === '/user/alice/addresses/default')
        return jsonResponse(200, [{ ...JSON.parse(String(init?.body)), defaultAddress: true }]);
      return payingApi(() => jsonResponse(200, { status: 'succeeded' }))(method, path, init);
    });
    await form();
    const keep = field('Save this address');
    expect(keep).not.toBeChecked();
    await user.clear(field('Street address'));
    await user.type(field('Street address'), '88 Water St');
    await user.clear(field('Apartment, suite (optional)'));
    await user.click(keep);
    await fillCard(user);
    await user.click(await readyToPay());

    await waitFor(() => expect(location().pathname).toBe('/checkout/success'));
    expect(requestBody(fetchMock, 'PUT', '/user/alice/addresses/default')).toEqual({
      streetAddress: '88 Water St',
      apartment: null,
      city: 'Vancouver',
      province: 'BC',
      country: 'CA',
      postalCode: 'V6B 1A1',
    });
    const sequence = calls(fetchMock).filter((call) => !call.startsWith('GET'));
    expect(sequence.indexOf('PUT /api/user/alice/addresses/default')).toBeLessThan(
      sequence.indexOf('POST /api/payments/local/confirm'),
    );
  });

  it('issue 39.10: without the box ticked nothing is saved to the account', async () => {
    const { user, fetchMock, location } = await openCheckout(
      payingApi(() => jsonResponse(200, { status: 'succeeded' })),
    );
    await form();
    await fillCard(user);
    await user.click(await readyToPay());
    await waitFor(() => expect(location().pathname).toBe('/checkout/success'));
    expect(calls(fetchMock)).not.toContain('PUT /api/user/alice/addresses/default');
  });

  it('issue 39.10: an address the account cannot keep is said, and the order still goes ahead', async () => {
    const { user, location } = await openCheckout((method, path, init) => {
      if (method === 'PUT' && path === '/user/alice/addresses/default')
        return jsonResponse(409, { message: 'You can save up to 10 addresses.' });
      return payingApi(() => jsonResponse(200, { status: 'succeeded' }))(method, path, init);
    });
    await form();
    await user.click(field('Save this address'));
    await fillCard(user);
    await user.click(await readyToPay());
    await waitFor(() => expect(toasts()).toHaveTextContent('You can save up to 10 addresses.'));
    await waitFor(() => expect(location().pathname).toBe('/checkout/success'));
  });

  it('a saved address is not sent again: PLACE ORDER only confirms the card', async () => {
    const saved = sessionAfterShipping({
      address: {
        fullName: 'Alice Ng',
        streetAddress: '123 Main St',
        apartment: 'Unit 4',
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6B 1A1',
        defaultAddress: false,
      },
      method: 'STANDARD',
    });
    const { user, fetchMock, location } = await openCheckout((method, path) => {
      if (method === 'POST' && path === '/orders/checkout') return jsonResponse(201, saved);
      if (method === 'POST' && path === '/payments/local/confirm')
        return jsonResponse(200, { status: 'succeeded' });
      return undefined;
    });
    await form();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    await waitFor(() => expect(location().pathname).toBe('/checkout/success'));
    expect(calls(fetchMock).some((call) => call.startsWith('PUT'))).toBe(false);
  });

  it("reads 'Paying…' and is disabled while the payment is confirmed", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = await openCheckout(
      payingApi(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await form();
    await fillCard(user);
    await user.click(await readyToPay());

    const paying = await screen.findByRole('button', { name: 'Paying…' });
    expect(paying).toBeDisabled();
    expect(field('Card number')).toBeDisabled();
    answer(jsonResponse(402, { message: CHECKOUT_MESSAGES.declined }));
    expect(await screen.findByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  });

  it("a declined card shows 'Your card was declined.' and stays on the checkout", async () => {
    const { user, location } = await openCheckout(
      payingApi(() => jsonResponse(402, { message: CHECKOUT_MESSAGES.declined })),
    );
    await form();
    await fillCard(user, LOCAL_TEST_CARDS.declined);
    await user.click(await readyToPay());

    const inline = await screen.findByText(CHECKOUT_MESSAGES.declined, {
      selector: '.checkout-error p',
    });
    expect(inline).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveTextContent(CHECKOUT_MESSAGES.declined));
    expect(location().pathname).toBe('/checkout');
  });

  it("a payment error without a message shows 'Payment failed'", async () => {
    const { user } = await openCheckout(payingApi(() => jsonResponse(500, {})));
    await form();
    await fillCard(user);
    await user.click(await readyToPay());
    expect(
      await screen.findByText(CHECKOUT_MESSAGES.paymentFailed, { selector: '.checkout-error p' }),
    ).toBeInTheDocument();
  });

  it("the server's field errors show beside their fields", async () => {
    const { user, fetchMock } = await openCheckout((method) =>
      method === 'PUT'
        ? jsonResponse(400, {
            message: 'Check the address.',
            fieldErrors: { 'address.city': 'We do not ship to this city.' },
          })
        : undefined,
    );
    await form();
    await fillCard(user);
    await user.click(await readyToPay());
    expect(await screen.findByText('We do not ship to this city.')).toBeInTheDocument();
    expect(field('City')).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetchMock).some((call) => call.includes('/payments/'))).toBe(false);
  });

  it('an expired hold offers to check out again', async () => {
    let expired = true;
    const { user, fetchMock } = await openCheckout((method, path) => {
      if (method === 'PUT' && expired)
        return jsonResponse(409, { message: CHECKOUT_MESSAGES.expired });
      if (method === 'POST' && path === '/orders/checkout' && !expired)
        return jsonResponse(201, { ...SESSION, orderId: 'b7e0c1d2-0000-4000-8000-000000000001' });
      return undefined;
    });
    await form();
    await fillCard(user);
    await user.click(await readyToPay());
    expect(
      await screen.findByText(CHECKOUT_MESSAGES.expired, { selector: '.checkout-error p' }),
    ).toBeInTheDocument();

    expired = false;
    await user.click(screen.getByRole('button', { name: 'Check out again' }));
    await waitFor(() =>
      expect(calls(fetchMock).filter((call) => call.endsWith('/orders/checkout'))).toHaveLength(2),
    );
    await waitFor(() =>
      expect(
        screen.queryByText(CHECKOUT_MESSAGES.expired, { selector: '.checkout-error p' }),
      ).not.toBeInTheDocument(),
    );
  });
});
