import type { CatalogFacets, ItemSummary } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CITY_STORAGE_KEY } from '../../../hooks/use-selected-city';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';

const item = (id: number, overrides: Partial<ItemSummary> = {}): ItemSummary => ({
  id,
  name: `Product ${id}`,
  price: 50 + id,
  sale: 0,
  salePrice: 50 + id,
  currency: 'CAD',
  thumbnail: null,
  store: 'Maple Denim Co',
  category: 'men',
  soldOut: false,
  ...overrides,
});

const FACETS: CatalogFacets = {
  category: [
    { value: 'women', count: 4 },
    { value: 'men', count: 5 },
  ],
  store: [
    { value: 'Maple Denim Co', count: 6 },
    { value: 'Harbour Knits', count: 3 },
  ],
  color: [
    { value: 'red', count: 3 },
    { value: 'black', count: 6 },
  ],
  size: [
    { value: 'M', count: 7 },
    { value: 'S', count: 5 },
  ],
  price: [
    { value: '50-100', count: 6 },
    { value: '0-50', count: 2 },
  ],
};

type SearchAnswer = 'ok' | 'fail' | 'pending' | 'empty';

/** A stand-in for the catalog API: facets, and a search answering a page of 12 out of `total`. */
function catalogApi({ answer = 'ok', total = 30 }: { answer?: SearchAnswer; total?: number } = {}) {
  return (_method: string, path: string): Response | Promise<Response> => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/item/public/facets') return jsonResponse(200, FACETS);
    if (url.pathname === '/item/public/search') {
      if (answer === 'pending') return new Promise<Response>(() => {});
      if (answer === 'fail') return jsonResponse(500, { message: 'boom' });
      if (answer === 'empty') return jsonResponse(200, [], { 'X-Total-Count': '0' });
      const page = Number(url.searchParams.get('page') ?? 1);
      const count = Math.max(0, Math.min(12, total - (page - 1) * 12));
      const items = Array.from({ length: count }, (_, i) => item((page - 1) * 12 + i + 1));
      return jsonResponse(200, items, { 'X-Total-Count': String(total) });
    }
    return jsonResponse(404, { message: 'Not found.' });
  };
}

/** The query of every product search the page sent, oldest first. */
function searches(fetchMock: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/item/public/search')
    .map((url) => url.searchParams);
}

const lastSearch = (fetchMock: ReturnType<typeof mockFetch>) => searches(fetchMock).at(-1)!;

async function openCatalog(url = '/products', api = catalogApi()) {
  const fetchMock = mockFetch(api);
  const utils = renderRoute(url);
  return { ...utils, fetchMock };
}

const sectionButton = (name: string) => screen.queryByRole('button', { name });

function stubScreenWidth(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

describe('Products page: list', () => {
  it('shows the breadcrumb, the city, the count from X-Total-Count and a page of cards', async () => {
    const { fetchMock } = await openCatalog();
    expect(await screen.findByText('30 Products')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'VANCOUVER' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Discover curated fashion and lifestyle products from Vancouver's finest retailers",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

    const cards = screen.getAllByRole('link', { name: /Maple Denim Co Product \d+/ });
    expect(cards).toHaveLength(12);
    expect(cards[0]).toHaveAttribute('href', '/product/1');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    const query = lastSearch(fetchMock);
    expect(query.get('pageSize')).toBe('12');
    expect(query.get('page')).toBe('1');
    expect(query.get('city')).toBe('VANCOUVER');
    expect(query.get('sort')).toBe('featured');
  });

  it('asks for the next page from the server when the pager moves on', async () => {
    const { fetchMock, user, location } = await openCatalog();
    await user.click(await screen.findByLabelText('Next page'));
    await waitFor(() => expect(lastSearch(fetchMock).get('page')).toBe('2'));
    expect(location().search).toBe('?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Product 13/ })[0]).toHaveAttribute(
      'href',
      '/product/13',
    );
  });

  it('uses the selected city in the title, the sentence and the request, and refetches when it changes', async () => {
    localStorage.setItem(CITY_STORAGE_KEY, 'LOS ANGELES');
    const { fetchMock, user } = await openCatalog();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'LOS ANGELES' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Discover curated fashion and lifestyle products from Los Angeles's finest retailers",
      ),
    ).toBeInTheDocument();
    await screen.findByText('30 Products');
    expect(lastSearch(fetchMock).get('city')).toBe('LOS ANGELES');

    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'TORONTO');
    await waitFor(() => expect(lastSearch(fetchMock).get('city')).toBe('TORONTO'));
    expect(screen.getByRole('heading', { level: 1, name: 'TORONTO' })).toBeInTheDocument();
  });

  it('a new city starts again at page 1', async () => {
    const { fetchMock, user, location } = await openCatalog('/products?color=red&page=2');
    await screen.findByText('Page 2 of 3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'MONTREAL');
    await waitFor(() => expect(location().search).toBe('?color=red'));
    await waitFor(() => expect(lastSearch(fetchMock).get('city')).toBe('MONTREAL'));
    expect(lastSearch(fetchMock).get('page')).toBe('1');
    expect(lastSearch(fetchMock).getAll('color')).toEqual(['red']);
  });

  it('reads its state from the URL: keyword and filters go to the API', async () => {
    const { fetchMock } = await openCatalog('/products?keyword=men&color=red&size=m&price=50-100');
    await screen.findByText('30 Products');
    const query = lastSearch(fetchMock);
    expect(query.get('keyword')).toBe('men');
    expect(query.getAll('color')).toEqual(['red']);
    expect(query.getAll('size')).toEqual(['M']);
    expect(query.getAll('price')).toEqual(['50-100']);
    expect(screen.getByRole('checkbox', { name: 'Red (3)' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove search: men' })).toBeInTheDocument();
  });

  it('sorts on the server: Price: Low to High and High to Low send sort and return to page 1', async () => {
    const { fetchMock, user, location } = await openCatalog('/products?page=2');
    await screen.findByText('30 Products');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Featured', 'Price: High to Low', 'Price: Low to High']);

    await user.selectOptions(sort, 'Price: Low to High');
    await waitFor(() => expect(lastSearch(fetchMock).get('sort')).toBe('price-asc'));
    expect(lastSearch(fetchMock).get('page')).toBe('1');
    expect(location().search).toBe('?sort=price-asc');

    await user.selectOptions(sort, 'Price: High to Low');
    await waitFor(() => expect(lastSearch(fetchMock).get('sort')).toBe('price-desc'));
  });

  it("shows 'Loading products…' while the request is pending", async () => {
    await openCatalog('/products', catalogApi({ answer: 'pending' }));
    expect(await screen.findByText('Loading products…')).toBeInTheDocument();
    expect(screen.queryByText(/\d+ Products/)).not.toBeInTheDocument();
  });

  it("logs a failed load and shows 'Failed to load products.'", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await openCatalog('/products', catalogApi({ answer: 'fail' }));
    // Once in the page, once as the toast.
    await waitFor(() => expect(screen.getAllByText('Failed to load products.')).toHaveLength(2));
    expect(consoleError).toHaveBeenCalled();
  });

  it('says so when nothing matches and offers Reset Filter', async () => {
    const { user, location } = await openCatalog(
      '/products?color=red&size=M',
      catalogApi({ answer: 'empty' }),
    );
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('0 Products')).toBeInTheDocument();
    const emptyState = screen.getByText('No products found').closest('div')!;
    await user.click(within(emptyState).getByRole('button', { name: 'Reset Filter' }));
    await waitFor(() => expect(location().search).toBe(''));
  });
});

describe('Products page: filters', () => {
  it('opens only Color at first; a section header toggles its list', async () => {
    const { user } = await openCatalog();
    await screen.findByText('30 Products');
    expect(sectionButton('Color')).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Category', 'Store', 'Size', 'Price']) {
      expect(sectionButton(name)).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.getByRole('checkbox', { name: 'Black (6)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'M (7)' })).not.toBeInTheDocument();

    await user.click(sectionButton('Size')!);
    expect(sectionButton('Size')).toHaveAttribute('aria-expanded', 'true');
    // Sizes from small to large, with the counts from the facets.
    const sizes = screen.getAllByRole('checkbox', { name: /^(S|M) \(/ });
    expect(sizes.map((box) => box.closest('.form-check')?.textContent)).toEqual(['S (5)', 'M (7)']);

    await user.click(sectionButton('Color')!);
    expect(sectionButton('Color')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Black (6)' })).not.toBeInTheDocument();

    await user.click(sectionButton('Price')!);
    expect(screen.getByRole('checkbox', { name: '$0-$50 (2)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '$50-$100 (6)' })).toBeInTheDocument();
  });

  it('sends a chosen filter to the API and returns to page 1', async () => {
    const { fetchMock, user, location } = await openCatalog('/products?keyword=men&page=2');
    await screen.findByText('Page 2 of 3');
    expect(lastSearch(fetchMock).get('page')).toBe('2');

    await user.click(screen.getByRole('checkbox', { name: 'Red (3)' }));
    await waitFor(() => expect(lastSearch(fetchMock).getAll('color')).toEqual(['red']));
    expect(lastSearch(fetchMock).get('page')).toBe('1');
    expect(lastSearch(fetchMock).get('keyword')).toBe('men');
    expect(location().search).toBe('?keyword=men&color=red');
    expect(screen.getByRole('checkbox', { name: 'Red (3)' })).toBeChecked();

    await user.click(sectionButton('Store')!);
    await user.click(screen.getByRole('checkbox', { name: 'Harbour Knits (3)' }));
    await waitFor(() => expect(lastSearch(fetchMock).getAll('store')).toEqual(['Harbour Knits']));
    expect(lastSearch(fetchMock).getAll('color')).toEqual(['red']);
  });

  it('combines categories: Men and Women can both be ticked (issue 13)', async () => {
    const { fetchMock, user } = await openCatalog();
    await screen.findByText('30 Products');
    await user.click(sectionButton('Category')!);
    await user.click(screen.getByRole('checkbox', { name: 'Women (4)' }));
    await waitFor(() => expect(lastSearch(fetchMock).getAll('category')).toEqual(['women']));
    await user.click(screen.getByRole('checkbox', { name: 'Men (5)' }));
    await waitFor(() => expect(lastSearch(fetchMock).getAll('category')).toEqual(['women', 'men']));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Menswear and Womenswear in VANCOUVER',
    );

    // The chip takes one off again.
    await user.click(screen.getByRole('button', { name: 'Remove filter Category: Women' }));
    await waitFor(() => expect(lastSearch(fetchMock).getAll('category')).toEqual(['men']));
  });

  it('sends the chosen filters with the facets request, so counts follow them (issue 13)', async () => {
    const { fetchMock } = await openCatalog('/products?keyword=coat&color=red&store=Harbour+Knits');
    await screen.findByText('30 Products');
    const facets = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/item/public/facets')
      .at(-1)!.searchParams;
    expect(facets.get('keyword')).toBe('coat');
    expect(facets.getAll('color')).toEqual(['red']);
    expect(facets.getAll('store')).toEqual(['Harbour Knits']);
    expect(facets.get('city')).toBe('VANCOUVER');
  });

  it('does not offer a value whose count is 0 unless it is chosen (issue 13)', async () => {
    const withZeros = (_method: string, path: string) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/item/public/facets')
        return jsonResponse(200, {
          ...FACETS,
          color: [...FACETS.color, { value: 'white', count: 0 }, { value: 'brown', count: 0 }],
        });
      return catalogApi()(_method, path);
    };
    await openCatalog('/products?color=brown', withZeros);
    await screen.findByText('30 Products');
    expect(screen.getByRole('checkbox', { name: 'Red (3)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /White/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Brown (0)' })).toBeChecked();
  });

  it('switching city drops the stores chosen in the old one (issue 13)', async () => {
    const { fetchMock, user, location } = await openCatalog(
      '/products?store=Harbour+Knits&color=red',
    );
    await screen.findByText('30 Products');
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'TORONTO');
    await waitFor(() => expect(location().search).toBe('?color=red'));
    await waitFor(() => expect(lastSearch(fetchMock).get('city')).toBe('TORONTO'));
    expect(lastSearch(fetchMock).getAll('store')).toEqual([]);
    expect(lastSearch(fetchMock).getAll('color')).toEqual(['red']);
  });

  it('a category link titles the page and the tab with it (issue 13)', async () => {
    await openCatalog('/products?category=men');
    await screen.findByText('30 Products');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Menswear in VANCOUVER' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Menswear · /));
    expect(screen.queryByRole('button', { name: /Remove search/ })).not.toBeInTheDocument();
  });

  it('Reset Filter clears all five lists and returns to page 1, keeping keyword and sort', async () => {
    const { fetchMock, user, location } = await openCatalog(
      '/products?keyword=denim&sort=price-asc&category=men&store=Maple+Denim+Co&color=red&size=M&price=50-100&page=2',
    );
    await screen.findByText('Page 2 of 3');
    expect(lastSearch(fetchMock).getAll('category')).toEqual(['men']);

    await user.click(screen.getByRole('button', { name: 'Reset Filter' }));
    await waitFor(() => expect(lastSearch(fetchMock).get('page')).toBe('1'));
    const query = lastSearch(fetchMock);
    for (const key of ['category', 'store', 'color', 'size', 'price']) {
      expect(query.getAll(key)).toEqual([]);
    }
    expect(query.get('keyword')).toBe('denim');
    expect(query.get('sort')).toBe('price-asc');
    expect(location().search).toBe('?keyword=denim&sort=price-asc');
    expect(sectionButton('Category')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Red (3)' })).not.toBeChecked();
  });

  it('at 700 px or narrower, the Filter button opens the overlay panel and clicking the overlay closes it', async () => {
    stubScreenWidth(true);
    const { user, fetchMock } = await openCatalog();
    await screen.findByText('30 Products');
    expect(screen.queryByRole('complementary', { name: 'Product filters' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Color' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));
    await user.click(within(panel).getByRole('checkbox', { name: 'Red (3)' }));
    await waitFor(() => expect(lastSearch(fetchMock).getAll('color')).toEqual(['red']));

    const backdrop = document.querySelector('.offcanvas-backdrop');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the overlay also closes with Escape and with its close button', async () => {
    stubScreenWidth(true);
    const { user } = await openCatalog();
    await screen.findByText('30 Products');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(panel).getByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('above 700 px the filters sit in the sidebar and there is no Filter button', async () => {
    stubScreenWidth(false);
    await openCatalog();
    await screen.findByText('30 Products');
    const sidebar = screen.getByRole('complementary', { name: 'Product filters' });
    expect(within(sidebar).getByRole('button', { name: 'Color' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
  });
});

describe('Products page: a large catalog (decision 034: every count is exact)', () => {
  it('reads the exact number and pages to the last of them', async () => {
    const { user } = await openCatalog('/products?page=84', catalogApi({ total: 1026 }));
    expect(await screen.findByText('1026 Products')).toBeInTheDocument();
    expect(screen.getByText('Page 84 of 86')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Last page'));
    expect(await screen.findByText('Page 86 of 86')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Maple Denim Co Product \d+/ })).toHaveLength(6);
    expect(screen.getByLabelText('Next page').closest('li')).toHaveClass('disabled');
  });
});
