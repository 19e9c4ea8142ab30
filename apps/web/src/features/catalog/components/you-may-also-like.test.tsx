import type { ItemSummary } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { YouMayAlsoLike } from './you-may-also-like';

const summary = (id: number): ItemSummary => ({
  id,
  name: `Suggestion ${id}`,
  price: 60,
  sale: 0,
  salePrice: 60,
  currency: 'CAD',
  thumbnail: null,
  store: 'Mile End Studio',
  category: 'women',
  soldOut: false,
});

const product = {
  ...summary(7),
  name: 'Linen Wrap Dress',
  description: '',
  materials: '',
  care: '',
  tags: [],
  isAvailable: true,
  images: [],
  storeCity: 'MONTREAL',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  dimensions: { width: 10, length: 10, height: 2, weight: 2, unit: 'IMPERIAL' },
  itemOptions: [],
};

describe("product page: 'YOU MAY ALSO LIKE...' (issue 13 item 7)", () => {
  it('shows the four products the API relates to this one, for the remembered city', async () => {
    localStorage.setItem('city', 'MONTREAL');
    const fetchMock = mockFetch((_method, path) => {
      if (path.startsWith('/item/public/related?'))
        return jsonResponse(200, [21, 22, 23, 24].map(summary));
      if (path === '/item/public/7') return jsonResponse(200, product);
      if (path.startsWith('/item-review/')) return jsonResponse(200, []);
      return jsonResponse(404, { message: 'Not found.' });
    });
    renderRoute('/product/7');
    const block = await screen.findByRole('region', { name: 'YOU MAY ALSO LIKE...' });
    await waitFor(() => expect(within(block).getAllByRole('link')).toHaveLength(4));
    expect(within(block).getAllByRole('link')[0]).toHaveAttribute('href', '/product/21');
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/item/public/related')!;
    expect(asked.searchParams.getAll('item')).toEqual(['7']);
    expect(asked.searchParams.get('city')).toBe('MONTREAL');
  });

  it('shows no heading over nothing when there is nothing to suggest', async () => {
    mockFetch((_method, path) => {
      if (path.startsWith('/item/public/related?')) return jsonResponse(200, []);
      if (path === '/item/public/7') return jsonResponse(200, product);
      return jsonResponse(404, { message: 'Not found.' });
    });
    renderRoute('/product/7');
    await screen.findByRole('heading', { level: 1, name: 'Linen Wrap Dress' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'YOU MAY ALSO LIKE...' })).toBeNull(),
    );
  });

  it('is headed in French on French pages (issue 19)', async () => {
    mockFetch((_method, path) =>
      path.startsWith('/item/public/related?')
        ? jsonResponse(200, [21, 22, 23, 24].map(summary))
        : jsonResponse(404, { message: 'Not found.' }),
    );
    await renderInFrench(<YouMayAlsoLike itemIds={[7]} />);
    expect(await screen.findByRole('region', { name: 'VOUS AIMEREZ AUSSI...' })).toBeVisible();
    expect(screen.queryByText('YOU MAY ALSO LIKE...')).toBeNull();
  });
});
