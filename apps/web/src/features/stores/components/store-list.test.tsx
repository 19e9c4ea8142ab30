import type { StorePublic } from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSelectedCity } from '../../../hooks/use-selected-city';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';

const store = (overrides: Partial<StorePublic>): StorePublic => ({
  id: 'Maple Denim Co',
  name: 'Maple Denim Co',
  description: 'Raw selvedge denim, cut and sewn in Vancouver.',
  thumbnail: '/uploads/maple.webp',
  city: 'VANCOUVER',
  productCount: 6,
  banner: null,
  shippingNotes: '',
  returnNotes: '',
  ...overrides,
});

describe('stores list (/storePage)', () => {
  it("shows 'Loading stores…' then the selected city's stores, linking by URL-encoded name", async () => {
    setSelectedCity('MONTREAL');
    const fetchMock = mockFetch(() =>
      jsonResponse(200, [
        store({
          id: 'Fox & Hare / Atelier',
          name: 'Fox & Hare / Atelier',
          thumbnail: null,
          city: 'MONTREAL',
        }),
        store({ id: 'Plateau Knits', name: 'Plateau Knits', city: 'MONTREAL', description: '' }),
      ]),
    );
    renderRoute('/storePage');
    expect(await screen.findByText('Loading stores…')).toBeInTheDocument();

    const fox = await screen.findByRole('link', { name: /Fox & Hare \/ Atelier/ });
    expect(fox).toHaveAttribute('href', '/store/Fox%20%26%20Hare%20%2F%20Atelier');
    // No thumbnail: a placeholder picture that still names the brand.
    expect(screen.getByRole('img', { name: 'Fox & Hare / Atelier' })).toBeInTheDocument();
    const knits = screen.getByRole('link', { name: /Plateau Knits/ });
    expect(knits).toHaveAttribute('href', '/store/Plateau%20Knits');
    expect(screen.getByRole('img', { name: 'Plateau Knits' })).toHaveAttribute(
      'src',
      '/uploads/maple.webp',
    );
    expect(screen.getByText('Raw selvedge denim, cut and sewn in Vancouver.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/store/public?city=MONTREAL');
  });

  it('the All cities control asks for every city', async () => {
    const fetchMock = mockFetch((_method, path) =>
      jsonResponse(
        200,
        path === '/store/public'
          ? [
              store({}),
              store({ id: 'Venice Threads', name: 'Venice Threads', city: 'LOS ANGELES' }),
            ]
          : [store({})],
      ),
    );
    const { user } = renderRoute('/storePage');
    await screen.findByRole('link', { name: /Maple Denim Co/ });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/store/public?city=VANCOUVER');
    await user.click(screen.getByRole('button', { name: 'All cities' }));
    expect(await screen.findByRole('link', { name: /Venice Threads/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All cities' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/store/public');
  });

  it("shows 'No stores available right now.' when the city has none", async () => {
    mockFetch(() => jsonResponse(200, []));
    renderRoute('/storePage');
    expect(await screen.findByText('No stores available right now.')).toBeInTheDocument();
  });

  it("a failure shows 'Failed to load stores.' as a toast (and on the page)", async () => {
    mockFetch(() => jsonResponse(500, { message: 'boom' }));
    renderRoute('/storePage');
    await waitFor(() => expect(screen.getAllByText('Failed to load stores.')).toHaveLength(2));
    expect(document.querySelector('.Toastify')).toHaveTextContent('Failed to load stores.');
  });
});
