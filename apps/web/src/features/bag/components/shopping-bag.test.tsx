import {
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  SALES_TAX_MESSAGES,
  type Cart,
  type CartItem,
} from '@marketplace/shared';
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

const line = (overrides: Partial<CartItem> = {}): CartItem => ({
  itemId: 7,
  itemOptionId: 71,
  itemName: 'Railtown Raw Selvedge Jeans',
  thumbnail: '/uploads/railtown.webp',
  currency: 'CAD',
  itemPrice: 150,
  originalPrice: 150,
  size: 'M',
  color: 'BLUE',
  quantity: 2,
  store: 'Maple Denim Co',
  available: 3,
  limit: 10,
  unavailable: false,
  ...overrides,
});

const cartOf = (items: CartItem[]): Cart => ({
  items,
  subtotal: Math.round(items.reduce((sum, i) => sum + i.itemPrice * i.quantity, 0) * 100) / 100,
  currency: items[0]?.currency ?? null,
});

const JEANS = line();
const KNIT = line({
  itemId: 12,
  itemOptionId: 121,
  itemName: 'Merino Crewneck Sweater',
  thumbnail: null,
  itemPrice: 72,
  originalPrice: 90,
  size: 'L',
  color: 'RED',
  quantity: 1,
  store: 'Plateau Knits',
  available: 5,
});

type Handler = Parameters<typeof mockFetch>[0];

/** Signs alice in and answers GET /orders/cart with `cart`; `handler` answers the changes. */
async function openBag(cart: Cart, handler: Handler = () => jsonResponse(500)) {
  setSession(validToken('alice'), 'alice');
  const fetchMock = mockFetch((method, path, init) => {
    if (method === 'GET' && path === '/orders/cart') return jsonResponse(200, cart);
    if (method === 'GET' && path === '/user/alice')
      return jsonResponse(200, { userName: 'alice', storeName: null, addresses: [] });
    return handler(method, path, init);
  });
  const utils = renderRoute('/shopping-bag');
  await screen.findByRole('heading', { level: 1, name: CART_MESSAGES.title });
  return { ...utils, fetchMock };
}

const lineOf = (name: string) => {
  const link = screen.getByRole('link', { name });
  const item = link.closest('li');
  if (!item) throw new Error(`No line for ${name}`);
  return within(item);
};

const toasts = () => document.querySelector('.Toastify');

describe('shopping bag (/shopping-bag)', () => {
  it("shows 'Your cart is empty.' with a link to keep shopping", async () => {
    await openBag(cartOf([]));
    expect(await screen.findByText(CART_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('lists each line with its name, options, prices and the real subtotal', async () => {
    await openBag(cartOf([JEANS, KNIT]));
    await screen.findByRole('link', { name: 'Railtown Raw Selvedge Jeans' });

    const jeans = lineOf('Railtown Raw Selvedge Jeans');
    expect(screen.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' })).toHaveAttribute(
      'href',
      '/product/7',
    );
    expect(jeans.getByRole('img', { name: 'Railtown Raw Selvedge Jeans' })).toHaveAttribute(
      'src',
      '/uploads/railtown.webp',
    );
    expect(jeans.getByText('Maple Denim Co')).toBeInTheDocument();
    expect(jeans.getByText('Colour: Blue')).toBeInTheDocument();
    expect(jeans.getByText('Size: M')).toBeInTheDocument();
    expect(jeans.getByText('$150.00 CAD')).toBeInTheDocument();
    expect(jeans.getByText('$300.00 CAD')).toBeInTheDocument(); // the line total
    expect(jeans.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');

    // On sale: the price paid, with the original struck through.
    const knit = lineOf('Merino Crewneck Sweater');
    expect(knit.getByRole('img', { name: 'Merino Crewneck Sweater' })).toBeInTheDocument();
    expect(knit.getAllByText('$72.00 CAD')).toHaveLength(2); // unit price and line total
    expect(knit.getByText('$90.00 CAD').tagName).toBe('DEL');
    expect(knit.getByText('Colour: Red')).toBeInTheDocument();

    const summary = screen.getByRole('complementary', { name: CART_MESSAGES.summary });
    expect(within(summary).getByText('Subtotal (3 items)')).toBeInTheDocument();
    // $372 CAD from two brands is over the $300 CAD threshold: standard shipping is free.
    expect(within(summary).getAllByText('$372.00 CAD')).toHaveLength(2);
    expect(within(summary).getByText('Free')).toBeInTheDocument();
    // Issue 15 leaves the bag as spec 9 has it: taxes 'Calculated at checkout', a total before tax.
    const taxes = within(summary).getByText('Taxes', { selector: 'dt' }).nextElementSibling;
    expect(taxes).toHaveTextContent(CART_MESSAGES.calculatedAtCheckout);
    expect(taxes).toHaveTextContent(SALES_TAX_MESSAGES.bagNote);
  });

  it('quotes standard shipping per brand under the free threshold (spec 9)', async () => {
    await openBag(cartOf([{ ...JEANS, quantity: 1 }, KNIT]));
    const summary = await screen.findByRole('complementary', { name: CART_MESSAGES.summary });
    // $150 + $72 = $222 CAD from two brands: 2 × $10.
    expect(within(summary).getByText('$20.00 CAD')).toBeInTheDocument();
    expect(within(summary).getByText('$242.00 CAD')).toBeInTheDocument();
  });

  it("'+' adds one with POST /orders/cart/add and shows the quantity the server returns", async () => {
    const { user, fetchMock } = await openBag(cartOf([JEANS]), (method, path) =>
      method === 'POST' && path === '/orders/cart/add'
        ? jsonResponse(200, cartOf([{ ...JEANS, quantity: 3, available: 2 }]))
        : jsonResponse(500),
    );
    await user.click(
      await screen.findByRole('button', {
        name: 'Increase quantity of Railtown Raw Selvedge Jeans',
      }),
    );
    await waitFor(() =>
      expect(
        lineOf('Railtown Raw Selvedge Jeans').getByRole('status', { name: 'Quantity' }),
      ).toHaveTextContent('3'),
    );
    expect(requestBody(fetchMock, 'POST', '/orders/cart/add')).toEqual({
      itemId: 7,
      itemOptionId: 71,
      quantity: 1,
    });
    expect(screen.getAllByText(/\$450\.00 CAD/).length).toBeGreaterThan(0);
  });

  it("says 'Limit 10 per customer' on each line, and '+' stops at the limit (issue 14)", async () => {
    await openBag(cartOf([{ ...JEANS, quantity: 10, available: 0 }, KNIT]));
    await screen.findByRole('link', { name: 'Railtown Raw Selvedge Jeans' });
    for (const name of ['Railtown Raw Selvedge Jeans', 'Merino Crewneck Sweater'])
      expect(lineOf(name).getByText('Limit 10 per customer')).toBeInTheDocument();
    const more = screen.getByRole('button', {
      name: 'Increase quantity of Railtown Raw Selvedge Jeans',
    });
    expect(more).toBeDisabled();
    expect(more).toHaveAttribute('title', 'Limit 10 per customer');
  });

  it("shows the limit the server sets for the line's option", async () => {
    await openBag(cartOf([{ ...JEANS, limit: 4 }]));
    expect(await screen.findByText(CART_MESSAGES.limitPerCustomer(4))).toBeInTheDocument();
  });

  it("disables '+' when no more can be added", async () => {
    await openBag(cartOf([{ ...JEANS, available: 0 }]));
    expect(
      await screen.findByRole('button', {
        name: 'Increase quantity of Railtown Raw Selvedge Jeans',
      }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Decrease quantity of Railtown Raw Selvedge Jeans' }),
    ).toBeEnabled();
  });

  it("'-' takes one off with DELETE /orders/cart/remove", async () => {
    const { user, fetchMock } = await openBag(cartOf([JEANS]), (method, path) =>
      method === 'DELETE' && path === '/orders/cart/remove'
        ? jsonResponse(200, cartOf([{ ...JEANS, quantity: 1 }]))
        : jsonResponse(500),
    );
    await user.click(
      await screen.findByRole('button', {
        name: 'Decrease quantity of Railtown Raw Selvedge Jeans',
      }),
    );
    await waitFor(() =>
      expect(
        lineOf('Railtown Raw Selvedge Jeans').getByRole('status', { name: 'Quantity' }),
      ).toHaveTextContent('1'),
    );
    expect(requestBody(fetchMock, 'DELETE', '/orders/cart/remove')).toEqual({
      itemId: 7,
      itemOptionId: 71,
      quantity: 1,
    });
  });

  it("'-' at quantity 1 drops the line", async () => {
    const { user, fetchMock } = await openBag(cartOf([JEANS, KNIT]), (method, path) =>
      method === 'DELETE' && path === '/orders/cart/remove'
        ? jsonResponse(200, cartOf([JEANS]))
        : jsonResponse(500),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Decrease quantity of Merino Crewneck Sweater' }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: 'Merino Crewneck Sweater' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' })).toBeInTheDocument();
    expect(requestBody(fetchMock, 'DELETE', '/orders/cart/remove')).toEqual({
      itemId: 12,
      itemOptionId: 121,
      quantity: 1,
    });
  });

  it("'Remove' takes the line's full quantity, and the empty bag says so", async () => {
    const { user, fetchMock } = await openBag(cartOf([JEANS]), (method, path) =>
      method === 'DELETE' && path === '/orders/cart/remove'
        ? jsonResponse(200, cartOf([]))
        : jsonResponse(500),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Remove Railtown Raw Selvedge Jeans' }),
    );
    expect(await screen.findByText(CART_MESSAGES.empty)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'DELETE', '/orders/cart/remove')).toEqual({
      itemId: 7,
      itemOptionId: 71,
      quantity: 2,
    });
  });

  it("disables the line's buttons while it updates", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = await openBag(
      cartOf([JEANS]),
      // Answered by hand below, so the pending state can be seen.
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await user.click(
      await screen.findByRole('button', {
        name: 'Increase quantity of Railtown Raw Selvedge Jeans',
      }),
    );
    const jeans = lineOf('Railtown Raw Selvedge Jeans');
    for (const name of [/^Increase/, /^Decrease/, /^Remove/])
      expect(jeans.getByRole('button', { name })).toBeDisabled();
    answer(jsonResponse(200, cartOf([{ ...JEANS, quantity: 3 }])));
    await waitFor(() => expect(jeans.getByRole('button', { name: /^Remove/ })).toBeEnabled());
  });

  it("a 409 on '+' shows the server's message", async () => {
    const { user } = await openBag(cartOf([JEANS]), () =>
      jsonResponse(409, { message: CART_MESSAGES.onlyLeft(2) }),
    );
    await user.click(
      await screen.findByRole('button', {
        name: 'Increase quantity of Railtown Raw Selvedge Jeans',
      }),
    );
    await waitFor(() => expect(toasts()).toHaveTextContent('Only 2 left in stock.'));
    expect(toasts()).not.toHaveTextContent(CART_MESSAGES.quantityFailed);
    expect(
      lineOf('Railtown Raw Selvedge Jeans').getByRole('status', { name: 'Quantity' }),
    ).toHaveTextContent('2');
  });

  it("a failing '+' without a message shows 'Failed to update quantity'", async () => {
    const { user } = await openBag(cartOf([JEANS]), () => jsonResponse(500));
    await user.click(
      await screen.findByRole('button', {
        name: 'Increase quantity of Railtown Raw Selvedge Jeans',
      }),
    );
    await waitFor(() => expect(toasts()).toHaveTextContent(CART_MESSAGES.quantityFailed));
  });

  it("a failing '-' without a message shows 'Failed to update quantity'", async () => {
    const { user } = await openBag(cartOf([JEANS]), () => jsonResponse(500));
    await user.click(
      await screen.findByRole('button', {
        name: 'Decrease quantity of Railtown Raw Selvedge Jeans',
      }),
    );
    await waitFor(() => expect(toasts()).toHaveTextContent(CART_MESSAGES.quantityFailed));
  });

  it("a failing Remove shows 'Failed to update cart' and keeps the line", async () => {
    const { user } = await openBag(cartOf([JEANS]), () => jsonResponse(500));
    await user.click(
      await screen.findByRole('button', { name: 'Remove Railtown Raw Selvedge Jeans' }),
    );
    await waitFor(() => expect(toasts()).toHaveTextContent(CART_MESSAGES.updateFailed));
    expect(screen.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' })).toBeInTheDocument();
  });

  it("a failing load shows 'Failed to load cart' as a toast and on the page, and can retry", async () => {
    let failing = true;
    setSession(validToken('alice'), 'alice');
    mockFetch((method, path) => {
      if (path === '/orders/cart')
        return failing ? jsonResponse(500, {}) : jsonResponse(200, cartOf([JEANS]));
      if (path.startsWith('/item/public/related')) return jsonResponse(200, []);
      return jsonResponse(200, { userName: 'alice', storeName: null, addresses: [] });
    });
    const { user } = renderRoute('/shopping-bag');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const alert = retry.closest<HTMLElement>('[role="alert"]');
    expect(alert).toHaveTextContent(CART_MESSAGES.loadFailed);
    await waitFor(() => expect(toasts()).toHaveTextContent(CART_MESSAGES.loadFailed));

    failing = false;
    await user.click(retry);
    expect(
      await screen.findByRole('link', { name: 'Railtown Raw Selvedge Jeans' }),
    ).toBeInTheDocument();
  });

  it('Checkout starts the checkout with its return pages and goes to the checkoutUrl', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, location, fetchMock } = await openBag(cartOf([JEANS]), (method, path) =>
      method === 'POST' && path === '/orders/checkout'
        ? // Answered by hand below, so the pending state can be seen.
          new Promise<Response>((resolve) => (answer = resolve))
        : jsonResponse(500),
    );
    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    await user.click(checkout);
    await waitFor(() => expect(checkout).toBeDisabled());
    expect(requestBody(fetchMock, 'POST', '/orders/checkout')).toEqual({
      successUrl: '/checkout/success',
      cancelUrl: '/checkout/cancel',
    });
    answer(
      jsonResponse(201, {
        orderId: '3f1c2a9e-7b44-4d1e-9a55-0c2b8e6f1d20',
        clientSecret: 'local_secret_123',
        totalAmount: 310,
        subtotal: 300,
        shipping: 10,
        currency: 'CAD',
        shippingMethod: 'STANDARD',
        checkoutUrl: '/checkout?from=bag',
        provider: 'local',
        reservedUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
        shippingAddress: null,
      }),
    );
    await waitFor(() => expect(location().pathname).toBe('/checkout'));
    expect(location().search).toBe('?from=bag');
  });

  it("a failing Checkout shows the server's message", async () => {
    const { user, location } = await openBag(cartOf([JEANS]), (method, path) =>
      method === 'POST' && path === '/orders/checkout'
        ? jsonResponse(409, { message: CART_MESSAGES.onlyLeft(1) })
        : jsonResponse(500),
    );
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Only 1 left in stock.'));
    expect(toasts()).not.toHaveTextContent(CHECKOUT_MESSAGES.startFailed);
    expect(location().pathname).toBe('/shopping-bag');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it("a failing Checkout without a message shows 'Failed to start checkout'", async () => {
    const { user, location } = await openBag(cartOf([JEANS]), () => jsonResponse(500));
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(toasts()).toHaveTextContent(CHECKOUT_MESSAGES.startFailed));
    expect(location().pathname).toBe('/shopping-bag');
  });

  it("'YOU MAY ALSO LIKE...' shows four real products like the bag's, for the shopper's city", async () => {
    localStorage.setItem('city', 'TORONTO');
    const suggestions = [31, 32, 33, 34].map((id) => ({
      id,
      name: `Suggestion ${id}`,
      price: 40 + id,
      sale: 0,
      salePrice: 40 + id,
      currency: 'CAD',
      thumbnail: null,
      store: 'Queen West Wear',
      category: 'men',
    }));
    const { fetchMock } = await openBag(cartOf([JEANS, KNIT]), (method, path) =>
      method === 'GET' && path.startsWith('/item/public/related?')
        ? jsonResponse(200, suggestions)
        : jsonResponse(500),
    );
    const block = await screen.findByRole('region', { name: 'YOU MAY ALSO LIKE...' });
    await waitFor(() => expect(within(block).getAllByRole('link')).toHaveLength(4));
    expect(
      within(block)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/product/31', '/product/32', '/product/33', '/product/34']);
    expect(within(block).getByText('Suggestion 33')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/item/public/related')!;
    expect(asked.searchParams.getAll('item')).toEqual([String(JEANS.itemId), '12']);
    expect(asked.searchParams.get('city')).toBe('TORONTO');
  });
});

describe('issue 13: lines that can no longer be bought', () => {
  const GONE = line({
    itemId: 30,
    itemOptionId: 301,
    itemName: 'Deleted Wool Coat',
    itemPrice: 200,
    originalPrice: 200,
    quantity: 1,
    store: 'Maple Denim Co',
    available: 0,
    unavailable: true,
  });

  it('shows the line named and greyed with Remove only, and totals the rest', async () => {
    // The API leaves unavailable lines out of the subtotal: 2 × 150.
    await openBag({ items: [JEANS, GONE], subtotal: 300, currency: 'CAD' });
    await screen.findByRole('link', { name: 'Deleted Wool Coat' });
    const gone = lineOf('Deleted Wool Coat');
    expect(gone.getByText(CART_MESSAGES.lineUnavailable)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deleted Wool Coat' }).closest('li')).toHaveClass(
      'bag-line--unavailable',
    );
    expect(gone.getByRole('button', { name: 'Remove Deleted Wool Coat' })).toBeEnabled();
    expect(
      gone.queryByRole('button', { name: 'Increase quantity of Deleted Wool Coat' }),
    ).not.toBeInTheDocument();
    expect(gone.queryByText('Line total:')).not.toBeInTheDocument();
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByText('Subtotal (2 items)')).toBeInTheDocument();
    expect(summary).toHaveTextContent('300.00');
    expect(summary).not.toHaveTextContent('500.00');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it('offers no checkout when nothing in the bag can be bought', async () => {
    await openBag({ items: [GONE], subtotal: 0, currency: 'CAD' });
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeDisabled();
  });
});
