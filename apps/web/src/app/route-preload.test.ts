import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient, jsonResponse, mockFetch } from '../test/render';
import { preloadRouteData } from './route-preload';

const summary = (id: number) => ({
  id,
  name: `Piece ${id}`,
  price: 50,
  sale: 0,
  salePrice: 50,
  currency: 'CAD',
  thumbnail: `/uploads/${id}-400.webp`,
  store: 'Maple Denim Co',
  category: 'men',
});

const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'));

describe('preloadRouteData', () => {
  afterEach(() => preloads().forEach((link) => link.remove()));

  it('asks for the list of /products at once, under the key the page reads, then its first image', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, [summary(3), summary(4)], { 'X-Total-Count': '2' }),
    );
    const queryClient = createTestQueryClient();
    preloadRouteData(queryClient, {
      pathname: '/products',
      search: '?keyword=denim',
      locale: 'en',
    });
    const [url] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/item/public/search?keyword=denim');
    await expect
      .poll(() => preloads().map((link) => link.getAttribute('href')))
      .toEqual(['/uploads/3-400.webp']);
    expect(
      queryClient.getQueryData(['catalog', 'products', 'VANCOUVER', 'keyword=denim']),
    ).toMatchObject({ total: 2 });
  });

  it("asks for a product page's product, then its picture", async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { ...summary(7), images: [] }));
    const queryClient = createTestQueryClient();
    preloadRouteData(queryClient, { pathname: '/product/7', search: '', locale: 'en' });
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/item/public/7');
    await expect.poll(() => preloads().length).toBe(1);
    expect(preloads()[0]).toHaveAttribute('href', '/uploads/7-400.webp');
  });

  it('asks for nothing on other pages, nor for an id that cannot be a product', () => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    const queryClient = createTestQueryClient();
    preloadRouteData(queryClient, { pathname: '/about', search: '', locale: 'en' });
    preloadRouteData(queryClient, { pathname: '/product/abc', search: '', locale: 'en' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
