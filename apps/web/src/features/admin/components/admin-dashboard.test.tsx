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
    renderAdmin();
    expect(
      await screen.findByRole('heading', { level: 1, name: `${STORE_NAME} Admin Dashboard` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');

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

  it('says plainly when there are no products yet', async () => {
    adminApi({ items: [] });
    renderAdmin();
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
    const { user } = renderAdmin();
    expect(await screen.findByText('Loading products…')).toBeInTheDocument();
    expect(await screen.findByText(LOAD_PRODUCTS_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Edit Harbour Jacket' })).toBeInTheDocument();
  });

  it('the Orders tab says where orders will appear, without calling any orders API', async () => {
    const api = adminApi();
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText(/Orders from shoppers will appear here/)).toBeInTheDocument();
    expect(api.paths().some((p) => p.includes('/orders'))).toBe(false);
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
    expect(api.listRequests()).toHaveLength(0);
  });

  it('a failed profile load is only logged: default title, no toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(500, { message: 'Profile store is down' }));
    renderAdmin();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(
      screen.getByRole('heading', { level: 1, name: 'Store Admin Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Profile store is down')).not.toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });
});
