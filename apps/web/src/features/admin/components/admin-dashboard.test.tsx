import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/render';
import { LOAD_PRODUCTS_FAILED } from '../utils/messages';
import {
  STORE_NAME,
  STORE_PATH,
  adminApi,
  product,
  profile,
  renderAdmin,
} from '../testing/admin-api';

describe('admin dashboard', () => {
  it("is titled with the store's name and lists its products, unavailable ones included", async () => {
    const api = adminApi({
      items: [
        product(),
        product({
          id: 8,
          name: 'Kits Tee',
          price: 45.5,
          sale: 0,
          currency: 'USD',
          isAvailable: false,
          tags: ['cotton'],
          thumbnail: null,
        }),
      ],
    });
    const { user, location } = renderAdmin();
    expect(
      await screen.findByRole('heading', { level: 1, name: `${STORE_NAME} Admin Dashboard` }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Products' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(location().search).toBe('?tab=products');

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Thumbnail', 'Name', 'Price', 'Sale', 'Currency', 'Available', 'Tags', 'Actions']);
    const [, jacket, tee] = within(table).getAllByRole('row');
    expect(within(jacket!).getByRole('img', { name: 'Harbour Jacket' })).toHaveAttribute(
      'src',
      '/uploads/jacket-thumb.webp',
    );
    expect(jacket).toHaveTextContent(/Harbour Jacket\$180\.0010%CADYesdenim, outerwear/);
    expect(tee).toHaveTextContent(/Kits Tee\$45\.500%USDNocotton/);
    expect(within(tee!).getByRole('button', { name: 'Edit Kits Tee' })).toBeInTheDocument();
    expect(within(tee!).getByRole('button', { name: 'Delete Kits Tee' })).toBeInTheDocument();

    // The owner's list, with a cache-busting timestamp.
    expect(api.listRequests()[0]).toMatch(new RegExp(`^GET /api${STORE_PATH}\\?_=\\d+$`));
  });

  it('says Pending, under review, for a store waiting for approval, and nothing for an open one (issue 39.4)', async () => {
    adminApi({ status: 'PENDING' });
    const { unmount } = renderAdmin();
    const badge = await screen.findByText('Pending');
    expect(badge).toBeVisible();
    expect(badge.closest('[role="status"]')).toHaveTextContent('Your store is under review.');
    unmount();

    const api = adminApi();
    renderAdmin();
    await waitFor(() => expect(api.paths()).toContain('GET /api/store'));
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it('says plainly when there are no products yet', async () => {
    adminApi({ items: [] });
    renderAdmin('products');
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeInTheDocument();
  });

  it('shows a loading state while the products load, then an error with a retry', async () => {
    let fail = true;
    mockFetch((method, path) => {
      if (path === '/user/maple') return jsonResponse(200, profile(STORE_NAME));
      if (path.startsWith(STORE_PATH)) {
        return fail ? jsonResponse(500, { message: 'boom' }) : jsonResponse(200, [product()]);
      }
      return jsonResponse(404, {});
    });
    const { user } = renderAdmin('products');
    expect(await screen.findByText('Loading products…')).toBeInTheDocument();
    expect(await screen.findByText(LOAD_PRODUCTS_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Edit Harbour Jacket' })).toBeInTheDocument();
  });

  it('opens on the Orders tab (spec 2 lists it first), then Returns, Products and Payouts', async () => {
    const api = adminApi();
    renderAdmin();
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Orders',
      'Returns',
      'Products',
      'Payouts',
      'Settings',
    ]);
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(api.orderRequests()).toEqual(['GET /api/store/orders?page=1&pageSize=20']);
    // The other tabs load when they are opened.
    expect(api.listRequests()).toHaveLength(0);
    expect(api.paths()).not.toContain('GET /api/store/payouts');
  });

  it('a ?tab= in the URL opens that tab', async () => {
    adminApi();
    renderAdmin('payouts');
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a signed-in user without a store is pointed to /seller-home', async () => {
    const api = adminApi({ storeName: null });
    renderAdmin();
    expect(await screen.findByRole('link', { name: 'Open your store' })).toHaveAttribute(
      'href',
      '/seller-home',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Store Admin Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Orders' })).not.toBeInTheDocument();
    expect(api.listRequests()).toHaveLength(0);
    // The seller routes would answer 403, which ends the session (spec 7): never called.
    expect(api.sellerRequests()).toEqual([]);
  });

  it('a failed profile load is only logged: default title, no toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = mockFetch(() => jsonResponse(500, { message: 'Profile store is down' }));
    renderAdmin();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(
      await screen.findByText(
        'Your store could not be loaded just now. Reload the page to try again.',
      ),
    ).toBeInTheDocument();
    // Besides the navbar's bag count (issue 13), only the profile, once.
    expect(
      fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u !== '/api/orders/cart'),
    ).toEqual(['/api/user/maple']);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Store Admin Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Profile store is down')).not.toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
