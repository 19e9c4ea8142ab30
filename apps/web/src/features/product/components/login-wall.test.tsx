import { MESSAGES } from '@marketplace/shared';
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
import { option, productFixture } from '../testing/product-fixtures';

const product = productFixture;

type User = ReturnType<typeof renderRoute>['user'];

/**
 * The product, the login and signup calls, and the bag: `addStatus` answers the adds in turn
 * (200 once they run out).
 */
function api(item = product(), addStatus: number[] = []) {
  return mockFetch((method, path) => {
    if (method === 'GET' && path === `/item/public/${item.id}`) return jsonResponse(200, item);
    if (method === 'POST' && path === '/auth/login')
      return jsonResponse(200, { accessToken: validToken('alice') });
    if (method === 'POST' && path === '/auth/registerUser')
      return jsonResponse(201, { userName: 'alice' });
    if (method === 'POST' && path === '/orders/cart/add') {
      const status = addStatus.shift() ?? 200;
      return status === 200
        ? jsonResponse(200, { items: [], subtotal: 0, currency: 'CAD' })
        : jsonResponse(status, { message: MESSAGES.sessionEnded });
    }
    if (method === 'GET' && path === '/orders/cart')
      return jsonResponse(200, { items: [], subtotal: 0, currency: 'CAD' });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

async function openProduct(item = product()) {
  const utils = renderRoute(`/product/${item.id}`);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return utils;
}

const choose = async (user: User, colour: string, size: string) => {
  await user.click(
    within(screen.getByRole('group', { name: /^Colour/ })).getByRole('button', {
      name: new RegExp(`^${colour}`),
    }),
  );
  await user.click(
    within(screen.getByRole('group', { name: /^Size/ })).getByRole('button', {
      name: new RegExp(`^${size}\\b`),
    }),
  );
};

async function logIn(user: User) {
  await screen.findByRole('heading', { name: 'Login Now' });
  await user.type(screen.getByLabelText('User name or email'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const adds = (fetchMock: ReturnType<typeof api>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/orders/cart/add')).length;

describe('issue 13: nothing is lost at the login wall', () => {
  it(
    'a guest logs in and comes back to the product with the choice added once',
    { timeout: 20_000 },
    async () => {
      const fetchMock = api();
      const { user, location } = await openProduct();
      await choose(user, 'Red', 'L');
      const quantity = screen.getByLabelText('Quantity');
      await user.clear(quantity);
      await user.type(quantity, '2');
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

      await waitFor(() => expect(location().pathname).toBe('/login'));
      expect(new URLSearchParams(location().search).get('next')).toBe('/product/7');
      expect(adds(fetchMock)).toBe(0);

      await logIn(user);
      await waitFor(() => expect(location().pathname).toBe('/product/7'));
      expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
      expect(requestBody(fetchMock, 'POST', '/orders/cart/add')).toEqual({
        itemId: 7,
        itemOptionId: 72,
        quantity: 2,
      });
      expect(screen.getByLabelText('Quantity')).toHaveValue(2);
      expect(
        await screen.findByRole('button', { name: 'Added to Cart - Go to Checkout' }),
      ).toBeInTheDocument();
      expect(adds(fetchMock)).toBe(1);
    },
  );

  it(
    'a guest who signs up first, then logs in, still gets the item added',
    { timeout: 20_000 },
    async () => {
      const fetchMock = api();
      const { user, location } = await openProduct();
      await choose(user, 'Blue', 'M');
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
      await screen.findByRole('heading', { name: 'Login Now' });
      await user.click(screen.getByRole('link', { name: 'Create an account' }));

      await screen.findByRole('heading', { name: 'Create Account' });
      for (const [label, value] of Object.entries({
        'First name': 'Alice',
        'Last name': 'Martin',
        'User name': 'alice',
        Email: 'alice@example.com',
        Password: 'correct-horse',
        'Confirm password': 'correct-horse',
      }))
        await user.type(screen.getByLabelText(label, { exact: true }), value);
      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      await waitFor(() => expect(location().pathname).toBe('/login'));
      expect(new URLSearchParams(location().search).get('next')).toBe('/product/7');
      await logIn(user);
      await waitFor(() => expect(location().pathname).toBe('/product/7'));
      expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
      expect(requestBody(fetchMock, 'POST', '/orders/cart/add')).toMatchObject({
        itemOptionId: 73,
      });
    },
  );

  it(
    'a session that ends while adding says so on the login page, then adds after logging in',
    { timeout: 20_000 },
    async () => {
      setSession(validToken('alice'), 'alice');
      const fetchMock = api(product(), [401]);
      const { user, location } = await openProduct();
      await choose(user, 'Red', 'M');
      await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

      await waitFor(() => expect(location().pathname).toBe('/login'));
      expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
      await logIn(user);
      await waitFor(() => expect(location().pathname).toBe('/product/7'));
      expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
      expect(adds(fetchMock)).toBe(2);
    },
  );

  it('never follows a next that leaves the site', async () => {
    api();
    const { user, location } = renderRoute(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    await logIn(user);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });
});

describe('issue 13: sold out, quantity and choices on the product page', () => {
  it("shows 'Sold out' and a disabled 'Out of Stock' before any option is chosen", async () => {
    api(
      product({
        soldOut: true,
        itemOptions: [option(71, 'RED', 'M', { count: 0 }), option(72, 'RED', 'L', { count: 0 })],
      }),
    );
    await openProduct();
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it("clamps the quantity to the stock with 'Only 8 left', and refuses 0 and negatives", async () => {
    api();
    const { user } = await openProduct();
    await choose(user, 'Red', 'L');
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(quantity).toHaveValue(8);
    expect(screen.getByText('Only 8 left')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(quantity).toHaveValue(1);
    await user.clear(quantity);
    await user.type(quantity, '-3');
    expect(quantity).toHaveValue(3);
  });

  it("names what is missing: 'Please select a size.'", async () => {
    setSession(validToken('alice'), 'alice');
    api();
    const { user } = await openProduct();
    await user.click(
      within(screen.getByRole('group', { name: /^Colour/ })).getByRole('button', {
        name: /^Red/,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Please select a size.')).toBeInTheDocument();
  });

  it('pre-selects the only size and the only colour', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = api(product({ itemOptions: [option(81, 'BLUE', 'S')] }));
    const { user } = await openProduct();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/orders/cart/add')).toMatchObject({ itemOptionId: 81 });
  });
});
