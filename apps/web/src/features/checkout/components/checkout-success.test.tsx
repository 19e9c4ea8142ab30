import { CHECKOUT_MESSAGES } from '@marketplace/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';
import { ORDER_ID, checkoutApi } from '../testing/checkout-api';
import { PAYMENT_CANCELLED } from './checkout-cancelled';
import { NO_ORDER, RECEIPT_EMAILED } from './checkout-success';
import { PLACED_ORDER } from '../testing/checkout-api';

const toasts = () => document.querySelector('.Toastify');

describe('checkout success (/checkout/success)', () => {
  const placedWith = (order: Partial<typeof PLACED_ORDER>) => {
    setSession(validToken('alice'), 'alice');
    mockFetch(
      checkoutApi((method, path) =>
        method === 'POST' && path === '/orders/place'
          ? jsonResponse(200, { ...PLACED_ORDER, ...order })
          : undefined,
      ),
    );
    renderRoute(`/checkout/success?orderId=${ORDER_ID}`);
  };

  it('issue 39.28: shows where the order ships and says the receipt was emailed when it was', async () => {
    placedWith({
      receiptEmailed: true,
      shippingAddress: {
        fullName: 'Alice Ng',
        streetAddress: '123 Main St',
        apartment: 'Unit 4',
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6B 1A1',
        defaultAddress: false,
      },
    });
    const section = await screen.findByRole('region', { name: 'Shipping address' });
    expect(section.querySelector('address')).toHaveTextContent(
      'Alice Ng123 Main St, Unit 4Vancouver BC V6B 1A1Canada',
    );
    expect(screen.getByText(RECEIPT_EMAILED)).toBeInTheDocument();
  });

  it('issue 39.28: never claims a receipt was emailed when none was queued', async () => {
    placedWith({ receiptEmailed: false });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(screen.queryByText(RECEIPT_EMAILED)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shipping address' })).not.toBeInTheDocument();
  });

  it("places the order once and shows 'Payment successful and order placed!' with its details", async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch(checkoutApi());
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['cart'], { items: [], subtotal: 0, currency: null });
    queryClient.setQueryData(['orders'], []);
    // The navbar's bag count watches the bag, so an invalidated bag is fetched again at once.
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderRoute(`/checkout/success?orderId=${ORDER_ID}`, { queryClient });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveTextContent(CHECKOUT_MESSAGES.placed));
    expect(requestBody(fetchMock, 'POST', '/orders/place')).toEqual({ orderId: ORDER_ID });
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/orders/place')),
    ).toHaveLength(1);

    expect(screen.getByText('3F1C2A9E')).toBeInTheDocument();
    const items = screen.getByRole('list', { name: 'Items in this order' });
    expect(
      within(items).getByRole('link', { name: 'Railtown Raw Selvedge Jeans' }),
    ).toHaveAttribute('href', '/product/7');
    expect(within(items).getByText('$150.00 CAD')).toBeInTheDocument();
    // Issue 15: each tax on its own line, and the total paid includes them.
    expect(screen.getByText('GST 5%', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$11.10 CAD',
    );
    expect(screen.getByText('PST 7%', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$15.54 CAD',
    );
    expect(screen.getByText('Total paid').nextElementSibling).toHaveTextContent('$268.64 CAD');
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/user');
    expect(screen.getByRole('link', { name: 'Keep shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
    // The bag is empty now and the history has a new order: both are read again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cart'] });
    expect(queryClient.getQueryState(['orders'])?.isInvalidated).toBe(true);
  });

  it("a failure shows 'Failed to place order' with the reason and a way back", async () => {
    setSession(validToken('alice'), 'alice');
    mockFetch(
      checkoutApi((method, path) =>
        method === 'POST' && path === '/orders/place'
          ? jsonResponse(402, { message: CHECKOUT_MESSAGES.notPaid })
          : undefined,
      ),
    );
    renderRoute(`/checkout/success?orderId=${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: CHECKOUT_MESSAGES.placeFailed }),
    ).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.notPaid)).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveTextContent(CHECKOUT_MESSAGES.placeFailed));
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('Back after a successful order shows the order, not a checkout or payment error (issue 13)', async () => {
    setSession(validToken('alice'), 'alice');
    mockFetch(checkoutApi());
    renderRoute(`/checkout/success?orderId=${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    cleanup();

    // Back opens /checkout again: the bag was bought, so the checkout call finds it empty.
    const fetchMock = mockFetch(
      checkoutApi((method, path) =>
        method === 'POST' && path === '/orders/checkout'
          ? jsonResponse(409, { message: CHECKOUT_MESSAGES.emptyBag })
          : undefined,
      ),
    );
    renderRoute('/checkout');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(screen.getByText('3F1C2A9E')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/orders/place')).toEqual({ orderId: ORDER_ID });
    expect(document.body).not.toHaveTextContent(CHECKOUT_MESSAGES.unable);
    expect(toasts()).not.toHaveTextContent(CHECKOUT_MESSAGES.initiateFailed);
  });

  it("another user's order link says 'Order not found.', without the word 'failed' (issue 13)", async () => {
    setSession(validToken('alice'), 'alice');
    mockFetch(
      checkoutApi((method, path) =>
        method === 'POST' && path === '/orders/place'
          ? jsonResponse(404, { message: CHECKOUT_MESSAGES.orderNotFound })
          : undefined,
      ),
    );
    renderRoute(`/checkout/success?orderId=${ORDER_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: CHECKOUT_MESSAGES.orderNotFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/user');
    // Give a toast time to appear, had one been sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body.textContent).not.toMatch(/failed/i);
  });

  it('without an order id it places nothing and links to the bag', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch(checkoutApi());
    renderRoute('/checkout/success');
    expect(await screen.findByText(NO_ORDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your bag' })).toHaveAttribute(
      'href',
      '/shopping-bag',
    );
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/orders/place'))).toBe(
      false,
    );
  });
});

describe('checkout cancel (/checkout/cancel)', () => {
  it('says the payment was cancelled and links back to the bag', async () => {
    mockFetch(checkoutApi());
    renderRoute('/checkout/cancel');
    expect(await screen.findByText(PAYMENT_CANCELLED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your bag' })).toHaveAttribute(
      'href',
      '/shopping-bag',
    );
  });
});
