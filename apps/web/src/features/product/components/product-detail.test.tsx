import { FIT_ADVICE, type ItemDetail } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, getUserName, setSession } from '../../../lib/session';
import { ProductDetail } from './product-detail';
import {
  expiredToken,
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';
import { option, productFixture } from '../testing/product-fixtures';

/** The product with a gallery, tags, an option on sale, one sold out and one hidden. */
const product = (overrides: Partial<ItemDetail> = {}): ItemDetail =>
  productFixture({
    thumbnail: '/uploads/thumb.webp',
    tags: ['wool', 'layering'],
    images: ['/uploads/a.webp', '/uploads/b.webp'],
    itemOptions: [
      option(71, 'RED', 'M'),
      option(72, 'RED', 'L', { price: 150, sale: 20 }),
      option(73, 'BLUE', 'M', { count: 0 }),
      option(74, 'BLUE', 'S', { isAvailable: false }),
    ],
    ...overrides,
  });

type CartHandler = (body: unknown) => Response | Promise<Response>;

/** GET /item/public/7 answers with the product; POST /orders/cart/add with `cart`. */
function productApi(item: ItemDetail = product(), cart?: CartHandler) {
  return mockFetch((method, path, init) => {
    if (method === 'GET' && path === `/item/public/${item.id}`) return jsonResponse(200, item);
    if (method === 'POST' && path === '/orders/cart/add' && cart)
      return cart(JSON.parse(String(init?.body)));
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const price = () => screen.getByTestId('product-price');
const colour = (name: string) =>
  within(screen.getByRole('group', { name: /^Colour/ })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });
const size = (name: string) =>
  within(screen.getByRole('group', { name: /^Size/ })).getByRole('button', {
    name: new RegExp(`^${name}\\b`),
  });

async function openProduct(item?: ItemDetail, cart?: CartHandler) {
  const fetchMock = productApi(item, cart);
  const utils = renderRoute(`/product/${item?.id ?? 7}`);
  await screen.findByRole('heading', { level: 1, name: (item ?? product()).name });
  return { ...utils, fetchMock };
}

describe('product detail: loading and failures', () => {
  it("shows 'Loading product...' with a spinner, then the product", async () => {
    productApi();
    renderRoute('/product/7');
    expect(await screen.findByText('Loading product...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Wool Overshirt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maple Denim Co' })).toHaveAttribute(
      'href',
      '/store/Maple%20Denim%20Co',
    );
    expect(price()).toHaveTextContent('$120.00 CAD');
    await waitFor(() => expect(document.title).toMatch(/^Wool Overshirt/));
  });

  it("a 404 shows 'Product not found.' and no error toast", async () => {
    mockFetch(() => jsonResponse(404, { message: 'Product not found.' }));
    renderRoute('/product/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found.');
    expect(screen.getAllByText('Product not found.')).toHaveLength(1);
  });

  it("a 500 shows 'Could not load product.' on the page and as a toast", async () => {
    mockFetch(() => jsonResponse(500, { message: 'boom' }));
    renderRoute('/product/7');
    await waitFor(() => expect(screen.getAllByText('Could not load product.')).toHaveLength(2));
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it.each(['abc', '0', '-3', '1.5'])(
    "the id %j is 'Product not found.' without a request",
    async (id) => {
      const fetchMock = mockFetch(() => jsonResponse(200, product()));
      renderRoute(`/product/${id}`);
      expect(await screen.findByText('Product not found.')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});

describe('product detail: price and options', () => {
  it('a product on sale shows the reduced price with the original struck through', async () => {
    await openProduct(product({ sale: 25, salePrice: 90 }));
    expect(within(price()).getByText('$90.00 CAD')).toBeInTheDocument();
    expect(within(price()).getByText('$120.00 CAD').tagName).toBe('DEL');
  });

  it("choosing an option with its own price and sale overrides the product's", async () => {
    const { user } = await openProduct(product({ sale: 10, salePrice: 108 }));
    expect(within(price()).getByText('$108.00 CAD')).toBeInTheDocument();
    await user.click(colour('Red'));
    await user.click(size('L'));
    // 150 less the option's 20 %
    expect(within(price()).getByText('$120.00 CAD')).toBeInTheDocument();
    expect(within(price()).getByText('$150.00 CAD').tagName).toBe('DEL');
    // An option with price 0 and sale 0 keeps the product's price and sale.
    await user.click(size('M'));
    expect(within(price()).getByText('$108.00 CAD')).toBeInTheDocument();
    expect(within(price()).getByText('$120.00 CAD').tagName).toBe('DEL');
  });

  it('flags options on sale and disables unavailable or missing combinations', async () => {
    const { user } = await openProduct();
    const large = size('L');
    expect(large).toHaveTextContent('Sale −20%');
    await user.click(colour('Blue'));
    expect(colour('Blue')).toHaveAttribute('aria-pressed', 'true');
    // BLUE/S exists but is unavailable; BLUE/L does not exist.
    expect(size('S')).toBeDisabled();
    expect(size('L')).toBeDisabled();
    expect(size('M')).toBeEnabled();
  });

  it('shows the fit advice it is given next to the size selector, and none without it', async () => {
    productApi();
    const { unmount } = renderRoute('/p', {
      routes: [
        { path: '/p', element: <ProductDetail productId="7" fitAdvice={FIT_ADVICE.large} /> },
      ],
    });
    const sizes = await screen.findByRole('group', { name: /^Size/ });
    expect(within(sizes).getByText(FIT_ADVICE.large)).toBeInTheDocument();
    unmount();

    renderRoute('/p', {
      routes: [{ path: '/p', element: <ProductDetail productId="7" fitAdvice={null} /> }],
    });
    const plain = await screen.findByRole('group', { name: /^Size/ });
    expect(plain.querySelector('.option-selector__fit-advice')).toBeNull();
  });

  it('quantity is a number input with minimum 1 and default 1', async () => {
    await openProduct();
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveAttribute('type', 'number');
    expect(quantity).toHaveAttribute('min', '1');
    expect(quantity).toHaveValue(1);
  });
});

describe('product detail: add to cart', () => {
  it("is disabled and reads 'Out of Stock' when the chosen option's count is 0", async () => {
    const { user } = await openProduct();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await user.click(colour('Blue'));
    await user.click(size('M'));
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it('tells the owner an unlisted product is theirs alone to see; a listed one says nothing', async () => {
    await openProduct(product({ isAvailable: false }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Not listed: only you can see this product.',
    );
  });

  it('says nothing of listing on a listed product', async () => {
    await openProduct();
    expect(screen.queryByText(/Not listed/)).not.toBeInTheDocument();
  });

  it("reads 'Out of Stock' when the product is not available", async () => {
    await openProduct(product({ isAvailable: false }));
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it('asks for an option when none is chosen, without a request', async () => {
    setSession(validToken('alice'), 'alice');
    const { user, fetchMock } = await openProduct();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Please select a size and color option.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/orders/cart/add')).toBe(0);
  });

  it('sends a logged-out shopper to /login without a request', async () => {
    const { user, location, fetchMock } = await openProduct();
    await user.click(colour('Red'));
    await user.click(size('M'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(requestsTo(fetchMock, '/orders/cart/add')).toBe(0);
  });

  it('clears an expired session and goes to /login without a request', async () => {
    setSession(validToken('alice'), 'alice');
    const { user, location, fetchMock } = await openProduct();
    await user.click(colour('Red'));
    await user.click(size('M'));
    // The token runs out while the shopper is on the page.
    setSession(expiredToken('alice'), 'alice');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(getUserName()).toBeNull();
    expect(requestsTo(fetchMock, '/orders/cart/add')).toBe(0);
  });

  it("adds the chosen option and quantity; then 'Added to Cart - Go to Checkout' opens the bag", async () => {
    setSession(validToken('alice'), 'alice');
    let release: () => void = () => {};
    const { user, location, fetchMock } = await openProduct(
      undefined,
      () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(200, { items: [] }));
        }),
    );
    await user.click(colour('Red'));
    await user.click(size('L'));
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const adding = await screen.findByRole('button', { name: /Adding/ });
    // Unavailable while it adds, yet still focusable: the keyboard focus stays on it.
    expect(adding).toHaveAttribute('aria-disabled', 'true');
    expect(adding).toHaveFocus();
    await user.click(adding);
    expect(adding.querySelector('.spinner-border')).not.toBeNull();
    release();

    expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/orders/cart/add')).toBe(1);
    expect(screen.getByRole('button', { name: 'Added to Cart - Go to Checkout' })).toHaveFocus();
    expect(requestBody(fetchMock, 'POST', '/orders/cart/add')).toEqual({
      itemId: 7,
      itemOptionId: 72,
      quantity: 2,
    });
    await user.click(screen.getByRole('button', { name: 'Added to Cart - Go to Checkout' }));
    await waitFor(() => expect(location().pathname).not.toBe('/product/7'));
    // /shopping-bag is guarded; the session is valid, so the bag is where the shopper lands.
    expect(location().pathname).toBe('/shopping-bag');
  });

  it("shows the server's message when adding fails", async () => {
    setSession(validToken('alice'), 'alice');
    const { user } = await openProduct(undefined, () =>
      jsonResponse(409, { message: 'Only 2 left in stock.' }),
    );
    await user.click(colour('Red'));
    await user.click(size('M'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Only 2 left in stock.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });

  it("says what the server added when fewer were left than asked ('Only 8 available: 8 added')", async () => {
    setSession(validToken('alice'), 'alice');
    const { user } = await openProduct(undefined, () =>
      jsonResponse(200, {
        items: [],
        subtotal: 0,
        currency: 'CAD',
        notice: 'Only 8 available: 8 added',
      }),
    );
    await user.click(colour('Red'));
    await user.click(size('M'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Only 8 available: 8 added')).toBeInTheDocument();
    expect(screen.queryByText('Item added to cart!')).not.toBeInTheDocument();
  });

  it("shows 'Failed to add item to cart' when the server says nothing", async () => {
    setSession(validToken('alice'), 'alice');
    const { user } = await openProduct(undefined, () => new Response(null, { status: 500 }));
    await user.click(colour('Red'));
    await user.click(size('M'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Failed to add item to cart')).toBeInTheDocument();
  });
});

function requestsTo(fetchMock: ReturnType<typeof mockFetch>, path: string): number {
  return fetchMock.mock.calls.filter(([input]) => String(input).includes(path)).length;
}
