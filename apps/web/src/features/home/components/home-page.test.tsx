import type { ItemSummary } from '@marketplace/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CITY_STORAGE_KEY } from '../../../hooks/use-selected-city';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';

const item = (id: number): ItemSummary => ({
  id,
  name: `Piece ${id}`,
  price: 40 + id,
  sale: 0,
  salePrice: 40 + id,
  currency: 'CAD',
  thumbnail: `/uploads/items/${id}.webp`,
  store: id % 2 ? 'Maple Denim Co' : 'Harbour Knits',
  category: 'women',
  soldOut: false,
});

type Answer = 'ok' | 'empty' | 'pending' | 'fail';

function homeApi(answer: Answer = 'ok') {
  return (_method: string, path: string): Response | Promise<Response> => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname !== '/item/public') return jsonResponse(404, { message: 'Not found.' });
    if (answer === 'pending') return new Promise<Response>(() => {});
    if (answer === 'fail') return jsonResponse(500, { message: 'boom' });
    const items = answer === 'empty' ? [] : Array.from({ length: 8 }, (_, i) => item(i + 11));
    return jsonResponse(200, items, { 'X-Total-Count': String(items.length) });
  };
}

const featuredRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/item/public')
    .map((url) => url.searchParams);

const discoverSection = async (city = 'VANCOUVER') =>
  (await screen.findByRole('heading', { name: `DISCOVER ${city}'S LOCAL BRANDS` })).closest(
    'section',
  )!;

describe('Home page', () => {
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
  });

  it("titles the strip DISCOVER / VANCOUVER'S LOCAL BRANDS and shows the city's 8 newest products", async () => {
    const fetchMock = mockFetch(homeApi());
    renderRoute('/');
    const section = await discoverSection();
    const cards = await within(section).findAllByRole('link');
    expect(cards).toHaveLength(8);
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(
      Array.from({ length: 8 }, (_, i) => `/product/${i + 11}`),
    );
    // Brand, name and price on each card.
    expect(cards[0]).toHaveTextContent('Maple Denim Co');
    expect(cards[0]).toHaveTextContent('Piece 11');
    expect(cards[0]).toHaveTextContent('$51.00 CAD');
    expect(within(cards[0]!).getByRole('img', { name: 'Piece 11' })).toHaveAttribute(
      'src',
      '/uploads/items/11.webp',
    );

    const query = featuredRequests(fetchMock).at(-1)!;
    expect(query.get('sort')).toBe('newest');
    expect(query.get('pageSize')).toBe('8');
    expect(query.get('city')).toBe('VANCOUVER');
  });

  it('follows the selected city, and asks again when it changes', async () => {
    localStorage.setItem(CITY_STORAGE_KEY, 'MONTREAL');
    const fetchMock = mockFetch(homeApi());
    const { user } = renderRoute('/');
    await discoverSection('MONTREAL');
    expect(featuredRequests(fetchMock).at(-1)!.get('city')).toBe('MONTREAL');

    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'NEW YORK');
    await discoverSection('NEW YORK');
    await waitFor(() => expect(featuredRequests(fetchMock).at(-1)!.get('city')).toBe('NEW YORK'));
  });

  it('the arrow buttons scroll the strip left and right', async () => {
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    mockFetch(homeApi());
    const { user } = renderRoute('/');
    const section = await discoverSection();
    await within(section).findAllByRole('link');

    await user.click(
      within(section).getByRole('button', { name: 'Scroll featured products right' }),
    );
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 900 }));
    await user.click(
      within(section).getByRole('button', { name: 'Scroll featured products left' }),
    );
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -900 }));
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('says so when the city has no products, with a link to the products page', async () => {
    mockFetch(homeApi('empty'));
    renderRoute('/');
    const section = await discoverSection();
    expect(
      await within(section).findByText("Vancouver's brands have no products listed yet."),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Browse products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows a loading state, then a message if the products cannot load', async () => {
    mockFetch(homeApi('pending'));
    const { unmount } = renderRoute('/');
    expect(await screen.findByText('Loading featured products…')).toBeInTheDocument();
    unmount();

    mockFetch(homeApi('fail'));
    renderRoute('/');
    expect(await screen.findByText('Featured products could not be loaded.')).toBeInTheDocument();
  });

  it('has two hero slides whose Mens and Womens buttons open the filtered product list', async () => {
    mockFetch(homeApi());
    renderRoute('/');
    const hero = await screen.findByRole('region', { name: 'Featured collections' });
    const slides = within(hero).getAllByRole('group');
    expect(slides).toHaveLength(2);
    for (const slide of slides) {
      expect(within(slide).getByRole('heading', { level: 2 })).toBeInTheDocument();
      expect(within(slide).getByRole('link', { name: 'Mens' })).toHaveAttribute(
        'href',
        '/products?category=men',
      );
      expect(within(slide).getByRole('link', { name: 'Womens' })).toHaveAttribute(
        'href',
        '/products?category=women',
      );
    }
  });

  it('changes slide with the arrows, and with a swipe of at least 40 px but not less', async () => {
    mockFetch(homeApi());
    const { user } = renderRoute('/');
    const hero = await screen.findByRole('region', { name: 'Featured collections' });
    const current = () =>
      within(hero)
        .getAllByRole('button', { name: /^Show slide/ })
        .findIndex((dot) => dot.getAttribute('aria-current') === 'true');
    expect(current()).toBe(0);

    await user.click(within(hero).getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(1);
    await user.click(within(hero).getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe(0);

    const viewport = hero.querySelector('.hero__viewport')!;
    const swipe = (fromX: number, toX: number) => {
      fireEvent.touchStart(viewport, { touches: [{ clientX: fromX, clientY: 100 }] });
      fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: toX, clientY: 100 }] });
    };
    swipe(200, 161); // 39 px: too short
    expect(current()).toBe(0);
    swipe(200, 160); // 40 px to the left: next slide
    expect(current()).toBe(1);
    swipe(100, 140); // 40 px to the right: previous slide
    expect(current()).toBe(0);
  });

  it('EXPLORE has four tiles that open filtered product lists', async () => {
    mockFetch(homeApi());
    renderRoute('/');
    const explore = (await screen.findByRole('heading', { name: 'EXPLORE' })).closest('section')!;
    const tiles = within(explore).getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual([
      ['WOMENS DENIMShop →', '/products?category=women&keyword=denim'],
      ['WOMENS KNITWEARShop →', '/products?category=women&keyword=knitwear'],
      ['MENS KNITWEARShop →', '/products?category=men&keyword=knitwear'],
      ['MENS DENIMShop →', '/products?category=men&keyword=denim'],
    ]);
    expect(screen.getByRole('link', { name: 'Meet the brands' })).toHaveAttribute(
      'href',
      '/storePage',
    );
  });
});
