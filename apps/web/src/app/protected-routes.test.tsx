import { MESSAGES } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { RootLayout } from './routes/root-layout';
import { getToken, getUserName, setSession } from '../lib/session';
import { expiredToken, jsonResponse, mockFetch, renderRoute, validToken } from '../test/render';

const profile = {
  userName: 'alice',
  firstName: 'Alice',
  lastName: 'Ng',
  email: 'alice@example.com',
  storeName: null,
  addresses: [],
};

const product = {
  id: 1,
  name: 'Selvedge Jacket',
  description: 'A jacket.',
  materials: '',
  care: '',
  price: 120,
  sale: 0,
  salePrice: 120,
  currency: 'CAD',
  thumbnail: null,
  store: 'Some Brand',
  category: 'men',
  tags: [],
  isAvailable: true,
  images: [],
  storeCity: 'VANCOUVER',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  dimensions: { width: 10, length: 10, height: 2, weight: 2, unit: 'IMPERIAL' },
  itemOptions: [{ id: 7, color: 'RED', size: 'M', price: 0, sale: 0, count: 3, isAvailable: true }],
};
const store = {
  id: 'Some Brand',
  name: 'Some Brand',
  description: '',
  thumbnail: null,
  city: 'VANCOUVER',
  productCount: 0,
};
const emptyFacets = { category: [], store: [], color: [], size: [], price: [] };

describe('protected routes (spec 5)', () => {
  it.each(['/shopping-bag', '/admin'])('%s without a session goes to /login', async (path) => {
    mockFetch(() => jsonResponse(200, profile));
    const { location } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Login Now' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('/shopping-bag with a token but no user name clears the token and goes to /login', async () => {
    localStorage.setItem('token', validToken());
    mockFetch(() => jsonResponse(200, profile));
    const { location } = renderRoute('/shopping-bag');
    await screen.findByRole('heading', { name: 'Login Now' });
    expect(location().pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it.each(['/shopping-bag', '/admin', '/user'])(
    '%s with an expired token clears the session and goes to /login',
    async (path) => {
      setSession(expiredToken(), 'alice');
      const fetchMock = mockFetch(() => jsonResponse(200, profile));
      const { location } = renderRoute(path);
      await screen.findByRole('heading', { name: 'Login Now' });
      expect(location().pathname).toBe('/login');
      expect(getToken()).toBeNull();
      expect(getUserName()).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('/shopping-bag with a valid session shows the page', async () => {
    setSession(validToken(), 'alice');
    mockFetch((_method, path) =>
      path.startsWith('/orders/cart')
        ? jsonResponse(200, { items: [], subtotal: 0, currency: null })
        : jsonResponse(200, profile),
    );
    const { location } = renderRoute('/shopping-bag');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'SHOPPING BAG ITEMS' }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/shopping-bag');
  });

  it('/user without a session shows the non-dismissable Login Required modal whose button goes to /login', async () => {
    mockFetch(() => jsonResponse(200, profile));
    const { location, user } = renderRoute('/user');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Login Required')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go to login' }));
    await screen.findByRole('heading', { name: 'Login Now' });
    expect(location().pathname).toBe('/login');
  });

  it("the modal's close button also goes to /login", async () => {
    mockFetch(() => jsonResponse(200, profile));
    const { location, user } = renderRoute('/user');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('/user with a valid session shows My Orders first', async () => {
    setSession(validToken(), 'alice');
    const fetchMock = mockFetch((_method, path) =>
      path === '/orders/history' ? jsonResponse(200, []) : jsonResponse(200, profile),
    );
    renderRoute('/user');
    expect(await screen.findByText('You have no orders yet.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/orders/history'))).toBe(
      true,
    );
  });
});

describe('router', () => {
  it('shows a 404 page for unknown paths', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Discover Local Brands'],
    ['/home', 'Discover Local Brands'],
    ['/products?keyword=men', 'VANCOUVER'],
    ['/product/1', 'Selvedge Jacket'],
    ['/checkout', 'Checkout'],
    ['/checkout/success', 'Thank You'],
    ['/checkout/cancel', 'Checkout Cancelled'],
    ['/seller-home', 'Sell With Us'],
    ['/storePage', 'Brands'],
    ['/store/Some%20Brand', 'Some Brand'],
    ['/signup', 'Create Account'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password?token=abc', 'Reset Password'],
    ['/about', 'About Us'],
  ])('%s renders its page', async (path, title) => {
    mockFetch((_method, apiPath) => {
      if (apiPath.startsWith('/item/public/1')) return jsonResponse(200, product);
      if (apiPath.startsWith('/store/public/items/'))
        return jsonResponse(200, [], { 'X-Total-Count': '0' });
      if (apiPath.startsWith('/store/public/Some')) return jsonResponse(200, store);
      if (apiPath.startsWith('/item/public/facets')) return jsonResponse(200, emptyFacets);
      if (apiPath.startsWith('/item/public') || apiPath.startsWith('/store/public')) {
        return jsonResponse(200, [], { 'X-Total-Count': '0' });
      }
      return jsonResponse(404, { message: 'Not found.' });
    });
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it("a page whose chunk fails shows the error page with spec 8's message, inside the layout", async () => {
    // React reports the thrown error on the console; here it is expected.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Failing = lazyPage('42', () => Promise.reject(new Error('Failed to fetch')));
    const routes = [{ element: <RootLayout />, children: [{ index: true, element: <Failing /> }] }];
    renderRoute('/', { routes });
    expect(
      await screen.findByRole('heading', { name: MESSAGES.unexpectedError }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading chunk 42 failed. (Failed to fetch)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'LOCAL BRANDS' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('a page that throws while rendering shows the error page with its message', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('Something broke.');
    };
    const routes = [{ element: <RootLayout />, children: [{ index: true, element: <Broken /> }] }];
    renderRoute('/', { routes });
    expect(await screen.findByText('Something broke.')).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
