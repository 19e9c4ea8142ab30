import type { ItemSummary } from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CITY_STORAGE_KEY } from '../../../hooks/use-selected-city';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';

// Issue 39.6: search and the city agree. Suggestions follow the chosen city, an empty list in
// the city says what the other cities have and shows them, and "All cities" is a choice.

const card = (id: number, store: string): ItemSummary => ({
  id,
  name: `Denim ${id}`,
  price: 80,
  sale: 0,
  salePrice: 80,
  currency: 'CAD',
  thumbnail: null,
  store,
  category: 'women',
  soldOut: false,
});

const NO_FACETS = { category: [], store: [], color: [], size: [], price: [] };

/** Denim exists in Montreal (3) and Vancouver (1), none in New York. */
function catalogApi() {
  return mockFetch((_method, path) => {
    const url = new URL(path, 'http://localhost');
    const city = url.searchParams.get('city');
    if (url.pathname === '/item/public/facets') return jsonResponse(200, NO_FACETS);
    if (url.pathname === '/item/public/suggest')
      return jsonResponse(
        200,
        city === 'NEW YORK' ? [] : [{ kind: 'product', value: 1, label: 'Denim 1' }],
      );
    if (url.pathname === '/item/public/city-counts')
      return jsonResponse(200, [
        { city: 'MONTREAL', count: 3 },
        { city: 'VANCOUVER', count: 1 },
      ]);
    if (url.pathname === '/item/public/search') {
      const items =
        city === 'NEW YORK'
          ? []
          : [
              card(1, 'Mile End Studio'),
              card(2, 'Mile End Studio'),
              card(3, 'Atelier'),
              card(4, 'Maple'),
            ];
      return jsonResponse(200, items, { 'X-Total-Count': String(items.length) });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const requests = (fetchMock: ReturnType<typeof mockFetch>, pathname: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${pathname}`)
    .map((url) => url.searchParams);

describe('search and the chosen city (issue 39.6)', () => {
  it('asks for suggestions in the chosen city', async () => {
    localStorage.setItem(CITY_STORAGE_KEY, 'NEW YORK');
    const fetchMock = catalogApi();
    const { user } = renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'den');
    await waitFor(() => expect(requests(fetchMock, '/item/public/suggest')).toHaveLength(1));
    expect(requests(fetchMock, '/item/public/suggest')[0]!.get('city')).toBe('NEW YORK');
    expect(screen.queryByRole('option', { name: /Denim 1/ })).not.toBeInTheDocument();
  });

  it("an empty list in the city offers the other cities' counts, and shows them", async () => {
    localStorage.setItem(CITY_STORAGE_KEY, 'NEW YORK');
    const fetchMock = catalogApi();
    const { user } = renderRoute('/products?keyword=denim');
    const showThem = await screen.findByRole('button', {
      name: '0 in New York · 3 in Montreal · 1 in Vancouver: show them',
    });
    expect(screen.queryByText(/Try fewer filters/)).not.toBeInTheDocument();
    expect(requests(fetchMock, '/item/public/city-counts')[0]!.get('keyword')).toBe('denim');

    await user.click(showThem);
    expect(await screen.findByText('4 Products')).toBeInTheDocument();
    expect(requests(fetchMock, '/item/public/search').at(-1)!.has('city')).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'ALL CITIES' })).toBeInTheDocument();
    // A choice of its own, kept like a city.
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('ALL');
    expect(localStorage.getItem(CITY_STORAGE_KEY)).toBe('ALL');
  });

  it('"All cities" in the city select lists every city, and back to one city', async () => {
    localStorage.setItem(CITY_STORAGE_KEY, 'NEW YORK');
    const fetchMock = catalogApi();
    const { user } = renderRoute('/products');
    await screen.findByRole('heading', { level: 1, name: 'NEW YORK' });
    const select = screen.getByRole('combobox', { name: 'City' });
    await user.selectOptions(select, screen.getByRole('option', { name: 'ALL CITIES' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ALL CITIES' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requests(fetchMock, '/item/public/search').at(-1)!.has('city')).toBe(false),
    );
    await user.selectOptions(select, 'MONTREAL');
    await waitFor(() =>
      expect(requests(fetchMock, '/item/public/search').at(-1)!.get('city')).toBe('MONTREAL'),
    );
  });
});
