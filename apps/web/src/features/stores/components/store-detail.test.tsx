import type { ItemSummary, StorePublic } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';

const STORE: StorePublic = {
  id: 'Maple Denim Co',
  name: 'Maple Denim Co',
  description: 'Raw selvedge denim, cut and sewn in Vancouver.',
  thumbnail: '/uploads/maple.webp',
  city: 'VANCOUVER',
  productCount: 14,
  banner: null,
  shippingNotes: '',
  returnNotes: '',
};

const item = (id: number): ItemSummary => ({
  id,
  name: `Piece ${id}`,
  price: 50 + id,
  sale: 0,
  salePrice: 50 + id,
  currency: 'CAD',
  thumbnail: `/uploads/${id}.webp`,
  store: 'Maple Denim Co',
  category: 'men',
  soldOut: false,
});

const ITEMS_PATH = '/store/public/items/Maple%20Denim%20Co';

function storeApi({
  store = () => jsonResponse(200, STORE),
  items = (query: URLSearchParams) => {
    const page = Number(query.get('page'));
    const ids = page === 2 ? [13, 14] : Array.from({ length: 12 }, (_, i) => i + 1);
    return jsonResponse(200, ids.map(item), { 'X-Total-Count': '14' });
  },
}: {
  store?: () => Response;
  items?: (query: URLSearchParams) => Response;
} = {}) {
  return mockFetch((method, path) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/store/public/Maple%20Denim%20Co') return store();
    if (url.pathname === ITEMS_PATH) return items(url.searchParams);
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const itemRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${ITEMS_PATH}`)
    .map((url) => Object.fromEntries(url.searchParams));

describe('store detail (/store/:storeId)', () => {
  it("shows 'Loading store…', then the store, its product count and the first 12 products", async () => {
    const fetchMock = storeApi();
    renderRoute('/store/Maple%20Denim%20Co');
    expect(await screen.findByText('Loading store…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maple Denim Co' })).toBeVisible();
    expect(screen.getByText('Raw selvedge denim, cut and sewn in Vancouver.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Maple Denim Co' })).toHaveAttribute(
      'src',
      '/uploads/maple.webp',
    );
    const grid = await screen.findByRole('list', { name: 'Maple Denim Co products' });
    expect(within(grid).getAllByRole('link')).toHaveLength(12);
    expect(screen.getByText('14 Products')).toBeInTheDocument();
    expect(itemRequests(fetchMock)).toEqual([{ sort: 'featured', page: '1', pageSize: '12' }]);
  });

  it('keeps the heading outline whole: an h2 comes between the store (h1) and its cards (h3)', async () => {
    storeApi();
    renderRoute('/store/Maple%20Denim%20Co');
    await screen.findByRole('list', { name: 'Maple Denim Co products' });
    const main = document.querySelector('main')!;
    const levels = within(main)
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.slice(0, 3)).toEqual([1, 2, 3]);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('shows the brand’s banner and its shipping and return notes (issue 39.3)', async () => {
    storeApi({
      store: () =>
        jsonResponse(200, {
          ...STORE,
          banner: '/uploads/maple-banner.webp',
          shippingNotes: 'Ships in 2 days.',
          returnNotes: 'Returns within 30 days.',
        }),
    });
    renderRoute('/store/Maple%20Denim%20Co');
    await screen.findByRole('heading', { level: 1, name: 'Maple Denim Co' });
    expect(document.querySelector('img.store-detail__banner')).toHaveAttribute(
      'src',
      '/uploads/maple-banner.webp',
    );
    expect(screen.getByText('Shipping').nextElementSibling).toHaveTextContent('Ships in 2 days.');
    expect(screen.getByText('Returns').nextElementSibling).toHaveTextContent(
      'Returns within 30 days.',
    );
  });

  it('shows a default description when the store has none', async () => {
    storeApi({ store: () => jsonResponse(200, { ...STORE, description: '  ' }) });
    renderRoute('/store/Maple%20Denim%20Co');
    expect(await screen.findByText(/An independent local label/)).toBeInTheDocument();
  });

  it('changing the sort asks the server for that order, from page 1, and keeps it in the URL', async () => {
    const fetchMock = storeApi();
    const { user, location } = renderRoute('/store/Maple%20Denim%20Co?page=2');
    await screen.findByRole('link', { name: /Piece 14/ });
    const select = screen.getByLabelText('Sort by');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Featured',
      'Price: Low to High',
      'Price: High to Low',
      'Name: A to Z',
      'Name: Z to A',
    ]);
    await user.selectOptions(select, 'Price: High to Low');
    await waitFor(() =>
      expect(itemRequests(fetchMock)).toContainEqual({
        sort: 'price-desc',
        page: '1',
        pageSize: '12',
      }),
    );
    expect(location().search).toBe('?sort=price-desc');
    await user.selectOptions(select, 'Name: Z to A');
    await waitFor(() =>
      expect(itemRequests(fetchMock)).toContainEqual({
        sort: 'name-desc',
        page: '1',
        pageSize: '12',
      }),
    );
  });

  it('the pager loads the next page', async () => {
    const fetchMock = storeApi();
    const { user, location } = renderRoute('/store/Maple%20Denim%20Co?sort=name-asc');
    await screen.findByRole('link', { name: /Piece 12/ });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: /Piece 14/ })).toBeInTheDocument();
    expect(location().search).toBe('?sort=name-asc&page=2');
    expect(itemRequests(fetchMock)).toContainEqual({ sort: 'name-asc', page: '2', pageSize: '12' });
  });

  it('a name with & and / round-trips through the URL to the API', async () => {
    const name = 'Fox & Hare / Atelier';
    const fetchMock = mockFetch((_method, path) =>
      path.startsWith('/store/public/items/')
        ? jsonResponse(200, [], { 'X-Total-Count': '0' })
        : jsonResponse(200, { ...STORE, id: name, name }),
    );
    renderRoute(`/store/${encodeURIComponent(name)}`);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    const paths = fetchMock.mock.calls.map(([input]) => String(input).split('?')[0]);
    expect(paths).toContain('/api/store/public/Fox%20%26%20Hare%20%2F%20Atelier');
    expect(paths).toContain('/api/store/public/items/Fox%20%26%20Hare%20%2F%20Atelier');
    expect(await screen.findByText('0 Products')).toBeInTheDocument();
  });

  it("a blank store id is 'Invalid store identifier.' without a request", async () => {
    const fetchMock = storeApi();
    renderRoute('/store/%20%20');
    expect(await screen.findByText('Invalid store identifier.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a store that does not exist is the 404 page, titled so, with no error toast', async () => {
    storeApi(); // Only Maple Denim Co exists: the API answers 404 for any other store.
    renderRoute('/store/No%20Such%20Store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found · LOCAL BRANDS'));
    expect(screen.queryByText('Could not load store details.')).not.toBeInTheDocument();
  });

  it("a store that fails to load shows 'Could not load store details.' (page and toast)", async () => {
    storeApi({ store: () => jsonResponse(500, { message: 'boom' }) });
    renderRoute('/store/Maple%20Denim%20Co');
    await waitFor(() =>
      expect(screen.getAllByText('Could not load store details.')).toHaveLength(2),
    );
    expect(screen.queryByText('Could not load products.')).not.toBeInTheDocument();
  });

  it("products that fail to load show 'Could not load products.' (page and toast)", async () => {
    storeApi({ items: () => jsonResponse(500, { message: 'boom' }) });
    renderRoute('/store/Maple%20Denim%20Co');
    expect(await screen.findByRole('heading', { name: 'Maple Denim Co' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Could not load products.')).toHaveLength(2));
  });
});
