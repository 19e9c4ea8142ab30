import {
  CHECKOUT_MESSAGES,
  LOCAL_TEST_CARDS,
  SALES_TAX_MESSAGES,
  type CheckoutSession,
} from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, renderRoute, validToken } from '../../../test/render';
import { PROFILE, checkoutApi, sessionAfterShipping } from '../testing/checkout-api';

type Handler = Parameters<typeof checkoutApi>[0];
type User = ReturnType<typeof renderRoute>['user'];

/** A shopper without a saved address: the checkout starts with nothing to tax by. */
function openCheckout(handler: Handler = () => undefined) {
  setSession(validToken('alice'), 'alice');
  const fetchMock = mockFetch(
    checkoutApi((method, path, init) => {
      if (method === 'GET' && path === '/user/alice')
        return jsonResponse(200, { ...PROFILE, addresses: [] });
      return handler(method, path, init);
    }),
  );
  return { ...renderRoute('/checkout'), fetchMock };
}

const form = () => screen.findByRole('form', { name: 'Checkout' });
const field = (label: string) =>
  within(screen.getByRole('form', { name: 'Checkout' })).getByLabelText(label);
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
/** The amount a summary row shows for its term ('HST 13%', 'Total'). */
const amountOf = (term: string) => {
  const dt = within(summary()).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
};
const announcement = () => within(summary()).getByRole('status');
const totalToPay = () => screen.getByText('Total to pay').nextElementSibling as HTMLElement;
const shippingPuts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'PUT' && String(input).endsWith('/shipping'))
    .map(([, init]) => JSON.parse(String(init?.body)) as { address: Record<string, string> });

async function typeAddress(
  user: User,
  address: { street: string; city: string; province: string; postalCode: string; country?: 'US' },
) {
  const us = address.country === 'US';
  if (us) await user.selectOptions(field('Country'), 'US');
  await user.clear(field('Street address'));
  await user.type(field('Street address'), address.street);
  await user.clear(field('City'));
  await user.type(field('City'), address.city);
  await user.selectOptions(field(us ? 'State' : 'Province'), address.province);
  const postal = field(us ? 'ZIP code' : 'Postal code');
  await user.clear(postal);
  await user.type(postal, address.postalCode);
}

const TORONTO = {
  street: '290 Bremner Blvd',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5V 2T6',
};
const NEW_YORK = {
  street: '350 Fifth Ave',
  city: 'New York',
  province: 'NY',
  postalCode: '10001',
  country: 'US',
} as const;
const VANCOUVER = {
  street: '1055 West Georgia St',
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6E 3P3',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('sales tax at checkout (issue 15)', () => {
  it("before an address, the tax reads 'Calculated once you enter your address' and nothing is priced", async () => {
    const { fetchMock } = openCheckout();
    await form();
    await within(summary()).findByText('$222.00 CAD');

    expect(amountOf(SALES_TAX_MESSAGES.noTaxLabel)).toHaveTextContent(
      SALES_TAX_MESSAGES.awaitingAddress,
    );
    // Items and shipping only: no tax is charged before there is an address to tax by.
    expect(amountOf('Total')).toHaveTextContent('$242.00 CAD');
    expect(totalToPay()).toHaveTextContent('$242.00 CAD');
    expect(announcement()).toBeEmptyDOMElement();
    expect(shippingPuts(fetchMock)).toHaveLength(0);
  });

  it("a Toronto address shows 'HST 13%' on its own line, a total the payment charges, and announces it; a Vancouver one GST and PST", async () => {
    const { user, fetchMock } = openCheckout();
    await form();
    await typeAddress(user, TORONTO);

    await waitFor(() => expect(amountOf('HST 13%')).toHaveTextContent('$28.86 CAD'));
    // $222 items + $20 shipping + $28.86 HST.
    expect(amountOf('Total')).toHaveTextContent('$270.86 CAD');
    expect(totalToPay()).toHaveTextContent('$270.86 CAD');
    expect(announcement()).toHaveTextContent('Total $270.86 CAD, including $28.86 CAD tax.');
    // A description list: each tax is a term with its amount, in the order of the rows.
    const terms = [...summary().querySelectorAll('dl > div > dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['Subtotal', 'Shipping (Standard Shipping)', 'HST 13%', 'Total']);
    expect(shippingPuts(fetchMock).at(-1)?.address).toMatchObject({
      province: 'ON',
      postalCode: 'M5V 2T6',
    });

    await typeAddress(user, VANCOUVER);
    await waitFor(() => expect(amountOf('GST 5%')).toHaveTextContent('$11.10 CAD'));
    expect(amountOf('PST 7%')).toHaveTextContent('$15.54 CAD');
    expect(within(summary()).queryByText('HST 13%')).not.toBeInTheDocument();
    expect(amountOf('Total')).toHaveTextContent('$268.64 CAD');
    expect(announcement()).toHaveTextContent('Total $268.64 CAD, including $26.64 CAD tax.');
    // Complete addresses only, the newest last: never a half-typed postal code.
    const provinces = shippingPuts(fetchMock).map((body) => body.address.province);
    expect(provinces[0]).toBe('ON');
    expect(provinces.at(-1)).toBe('BC');
  }, 20_000);

  it("while an address is priced, tax and total read 'Calculating…', the summary is busy and PLACE ORDER waits", async () => {
    const pending = deferred<Response>();
    const { user } = openCheckout((method) => (method === 'PUT' ? pending.promise : undefined));
    await form();
    await typeAddress(user, TORONTO);

    await waitFor(() => expect(summary()).toHaveAttribute('aria-busy', 'true'));
    expect(amountOf(SALES_TAX_MESSAGES.noTaxLabel)).toHaveTextContent(
      SALES_TAX_MESSAGES.calculating,
    );
    expect(amountOf('Total')).toHaveTextContent(SALES_TAX_MESSAGES.calculating);
    expect(totalToPay()).toHaveTextContent(SALES_TAX_MESSAGES.calculating);
    expect(announcement()).toHaveTextContent(SALES_TAX_MESSAGES.recalculating);
    expect(screen.getByRole('button', { name: 'PLACE ORDER' })).toBeDisabled();

    const body = {
      address: { fullName: 'Alice Ng', ...TORONTO, streetAddress: TORONTO.street, country: 'CA' },
      method: 'STANDARD',
    };
    pending.resolve(jsonResponse(200, sessionAfterShipping(body)));
    await waitFor(() => expect(summary()).toHaveAttribute('aria-busy', 'false'));
    expect(amountOf('HST 13%')).toHaveTextContent('$28.86 CAD');
    expect(screen.getByRole('button', { name: 'PLACE ORDER' })).toBeEnabled();
  }, 15_000);

  it("an order that carries no tax (clothing under $110 in New York) shows 'Tax $0.00'", async () => {
    const { user } = openCheckout((method, _path, init) =>
      method === 'PUT'
        ? jsonResponse(200, {
            ...sessionAfterShipping(JSON.parse(String(init?.body))),
            tax: 0,
            taxLines: [],
            totalAmount: 242,
          } satisfies CheckoutSession)
        : undefined,
    );
    await form();
    await typeAddress(user, NEW_YORK);
    await waitFor(() =>
      expect(amountOf(SALES_TAX_MESSAGES.noTaxLabel)).toHaveTextContent('$0.00 CAD'),
    );
    expect(amountOf('Total')).toHaveTextContent('$242.00 CAD');
  }, 15_000);

  it('PLACE ORDER charges nothing when saving the address changes the total: the shopper sees it first', async () => {
    let refuse = true;
    const { user, fetchMock } = openCheckout((method) =>
      method === 'PUT' && refuse ? jsonResponse(503, {}) : undefined,
    );
    await form();
    await typeAddress(user, TORONTO);
    // The server could not price it: the summary still has no tax, and PLACE ORDER tries again.
    await waitFor(() =>
      expect(amountOf(SALES_TAX_MESSAGES.noTaxLabel)).toHaveTextContent(
        SALES_TAX_MESSAGES.awaitingAddress,
      ),
    );
    refuse = false;
    await user.type(field('Card number'), LOCAL_TEST_CARDS.succeeds);
    await user.type(field('Expiry month'), '12');
    await user.type(field('Expiry year'), '2030');
    await user.type(field('CVC'), '123');
    const placeOrder = screen.getByRole('button', { name: 'PLACE ORDER' });
    await waitFor(() => expect(placeOrder).toBeEnabled());
    await user.click(placeOrder);

    expect(
      await screen.findByText(CHECKOUT_MESSAGES.totalChanged, { selector: '.checkout-error p' }),
    ).toBeInTheDocument();
    expect(amountOf('Total')).toHaveTextContent('$270.86 CAD');
    const paid = fetchMock.mock.calls.some(([input]) => String(input).includes('/payments/'));
    expect(paid).toBe(false);

    // Seen: the second PLACE ORDER pays the total shown.
    await user.click(placeOrder);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).includes('/payments/local/confirm')),
      ).toBe(true),
    );
    expect(shippingPuts(fetchMock)).toHaveLength(2);
  }, 15_000);
});
