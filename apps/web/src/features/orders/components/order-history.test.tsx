import type { OrderView, UserProfile } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, renderRoute, validToken } from '../../../test/render';
import { NO_ORDERS, ORDERS_LOAD_FAILED } from './order-history';

const PROFILE: UserProfile = {
  userName: 'alice',
  firstName: 'Alice',
  lastName: 'Ng',
  email: 'alice@example.com',
  storeName: null,
  role: 'buyer',
  addresses: [],
};

const order = (overrides: Partial<OrderView>): OrderView => ({
  id: '00000000-0000-4000-8000-000000000000',
  status: 'PLACED',
  progress: 'PLACED',
  createdAt: '2026-10-01T12:00:00.000Z',
  placedAt: '2026-10-01T12:05:00.000Z',
  currency: 'CAD',
  subtotal: 150,
  shipping: 10,
  tax: 0,
  taxLines: [],
  totalAmount: 160,
  refunded: 0,
  balance: 160,
  shippingMethod: 'STANDARD',
  shippingAddress: null,
  items: [],
  parcels: [],
  ...overrides,
});

const OLDER = order({
  id: 'aaaa1111-0000-4000-8000-000000000001',
  createdAt: '2026-09-03T10:00:00.000Z',
  subtotal: 85.5,
  shipping: 0,
  totalAmount: 85.5,
  refunded: 10,
  balance: 75.5,
  currency: 'USD',
  items: [
    {
      id: 11,
      itemId: 21,
      itemName: 'Harbour Linen Shirt',
      thumbnail: null,
      store: 'Pacific Thread',
      size: 'S',
      color: 'BLUE',
      quantity: 1,
      itemPrice: 75.5,
      tax: 0,
      status: 'SHIPPED',
      carrier: 'Canada Post',
      trackingNumber: 'CP123456789CA',
    },
    {
      id: 13,
      itemId: 22,
      itemName: 'Tofino Rain Shell',
      thumbnail: null,
      store: 'Pacific Thread',
      size: 'M',
      color: 'GREEN',
      quantity: 1,
      itemPrice: 10,
      tax: 0,
      status: 'REJECTED_REFUND_IN_PROGRESS',
      carrier: null,
      trackingNumber: null,
    },
  ],
});
/** Shipped to Toronto: $300 of jeans, free shipping, HST 13% (issue 15). */
const NEWER = order({
  id: 'bbbb2222-0000-4000-8000-000000000002',
  createdAt: '2026-11-20T09:30:00.000Z',
  subtotal: 300,
  shipping: 0,
  tax: 39,
  taxLines: [{ label: 'HST 13%', taxType: 'HST', rate: 0.13, amount: 39 }],
  totalAmount: 339,
  balance: 339,
  items: [
    {
      id: 12,
      itemId: 7,
      itemName: 'Railtown Raw Selvedge Jeans',
      thumbnail: '/uploads/railtown.webp',
      store: 'Maple Denim Co',
      size: 'M',
      color: 'BLUE',
      quantity: 2,
      itemPrice: 150,
      tax: 39,
      status: 'ACCEPTED',
      carrier: null,
      trackingNumber: null,
    },
  ],
});

function openOrders(history: () => Response) {
  setSession(validToken('alice'), 'alice');
  mockFetch((method, path) => {
    if (method === 'GET' && path === '/orders/history') return history();
    if (method === 'GET' && path === '/user/alice') return jsonResponse(200, PROFILE);
    return jsonResponse(404, { message: 'Not found.' });
  });
  return renderRoute('/user');
}

describe('My Orders (/user)', () => {
  it('lists the orders newest first with their number, date, status and total', async () => {
    openOrders(() => jsonResponse(200, [OLDER, NEWER]));
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const rows = within(list).getAllByRole('button', { expanded: false });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#BBBB2222');
    expect(rows[0]).toHaveTextContent('Nov 20, 2026');
    // Its only item is accepted: the brand is preparing it (issue 39 item 7).
    expect(rows[0]).toHaveTextContent('Preparing');
    expect(rows[0]).toHaveTextContent('$339.00 CAD');
    expect(rows[1]).toHaveTextContent('#AAAA1111');
    expect(rows[1]).toHaveTextContent('Shipped');
    expect(rows[1]).toHaveTextContent('$85.50 USD');
  });

  it("moves the order's status with its items: delivered, refunded in full, cancelled by the brand (issue 39 item 7)", async () => {
    const withItems = (id: string, ...statuses: OrderView['items'][number]['status'][]) =>
      order({
        id,
        items: statuses.map((status, index) => ({ ...NEWER.items[0]!, id: index + 1, status })),
      });
    openOrders(() =>
      jsonResponse(200, [
        withItems('11111111-0000-4000-8000-000000000001', 'DELIVERED', 'DELIVERED'),
        withItems('22222222-0000-4000-8000-000000000002', 'REFUNDED', 'REFUNDED'),
        withItems('33333333-0000-4000-8000-000000000003', 'REJECTED_REFUND_IN_PROGRESS'),
        withItems('44444444-0000-4000-8000-000000000004', 'SHIPPED', 'ACCEPTED'),
      ]),
    );
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const status = (reference: string) =>
      within(list)
        .getByText(`#${reference}`)
        .closest('button')!
        .querySelectorAll('.order__cell')[2]!.lastElementChild!.textContent;
    expect(status('11111111')).toBe('Delivered');
    expect(status('22222222')).toBe('Refunded');
    expect(status('33333333')).toBe('Cancelled');
    expect(status('44444444')).toBe('Partly shipped');
  });

  it('a row expands to show its items, linking to their products, and collapses again', async () => {
    const { user } = openOrders(() => jsonResponse(200, [OLDER, NEWER]));
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const row = within(list).getAllByRole('button')[0]!;
    expect(row).toHaveAttribute('aria-expanded', 'false');
    const items = () => screen.getByRole('list', { name: 'Items in order BBBB2222', hidden: true });
    expect(items()).not.toBeVisible();

    await user.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(items()).toBeVisible();
    const link = within(items()).getByRole('link', { name: 'Railtown Raw Selvedge Jeans' });
    expect(link).toHaveAttribute('href', '/product/7');
    expect(
      within(items()).getByRole('img', { name: 'Railtown Raw Selvedge Jeans' }),
    ).toHaveAttribute('src', '/uploads/railtown.webp');
    expect(within(items()).getByText(/Size M · Colour Blue · Qty 2/)).toBeInTheDocument();
    expect(within(items()).getByText('$150.00 CAD')).toBeInTheDocument();
    expect(within(items()).getByText('Accepted')).toBeInTheDocument();
    // The other order stays closed.
    expect(
      screen.getByRole('list', { name: 'Items in order AAAA1111', hidden: true }),
    ).not.toBeVisible();

    await user.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'false');
    expect(items()).not.toBeVisible();
  });

  it('says where each item is, in words, with what went back and the new balance (issue 13)', async () => {
    const { user } = openOrders(() => jsonResponse(200, [OLDER, NEWER]));
    const list = await screen.findByRole('list', { name: 'Your orders' });
    await user.click(within(list).getAllByRole('button')[1]!);
    const items = screen.getByRole('list', { name: 'Items in order AAAA1111' });
    const line = (name: string) =>
      within(items).getByRole('link', { name }).closest('li') as HTMLElement;
    expect(line('Harbour Linen Shirt')).toHaveTextContent(
      'Shipped with Canada Post, tracking number CP123456789CA',
    );
    expect(line('Tofino Rain Shell')).toHaveTextContent('Rejected and refunded');
    const totals = items.parentElement!.querySelector('dl')!;
    expect(totals).toHaveTextContent('Total$85.50 USD');
    expect(totals).toHaveTextContent('Refunded−$10.00 USD');
    expect(totals).toHaveTextContent('Balance$75.50 USD');
  });

  it("shows each order's taxes on their own lines, each item's tax, and the total they add up to (issue 15)", async () => {
    const { user } = openOrders(() => jsonResponse(200, [OLDER, NEWER]));
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const [newer, older] = within(list).getAllByRole('button');
    await user.click(newer!);
    const items = screen.getByRole('list', { name: 'Items in order BBBB2222' });
    const totals = items.parentElement!.querySelector('dl')!;
    const rows = [...totals.querySelectorAll(':scope > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Subtotal', '$300.00 CAD'],
      ['Shipping', 'Free'],
      ['HST 13%', '$39.00 CAD'],
      ['Total', '$339.00 CAD'],
    ]);
    const jeans = within(items).getByRole('link', { name: 'Railtown Raw Selvedge Jeans' });
    expect(jeans.closest('li')).toHaveTextContent('Tax $39.00 CAD');

    // New York clothing under $110 carries none: the order says so.
    await user.click(older!);
    const olderItems = screen.getByRole('list', { name: 'Items in order AAAA1111' });
    const olderTotals = olderItems.parentElement!.querySelector('dl')!;
    expect(
      within(olderTotals).getByText('Tax', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('$0.00 USD');
    const shirt = within(olderItems).getByRole('link', { name: 'Harbour Linen Shirt' });
    expect(shirt.closest('li')).toHaveTextContent('Tax $0.00 USD');
  });

  it("says 'You have no orders yet.' with a link to the products", async () => {
    openOrders(() => jsonResponse(200, []));
    expect(await screen.findByText(NO_ORDERS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('a failing load says so', async () => {
    openOrders(() => jsonResponse(500, {}));
    expect(await screen.findByText(ORDERS_LOAD_FAILED)).toBeInTheDocument();
  });
});

describe('My Orders: parcels, tracking and delivery (issue 16)', () => {
  const parcel = (overrides: Partial<OrderView['parcels'][number]>) => ({
    id: 'cccc3333-0000-4000-8000-000000000003',
    store: 'Maple Denim Co',
    status: 'IN_TRANSIT' as const,
    progress: 'IN_TRANSIT' as const,
    carrier: 'USPS',
    trackingNumber: '9400111202555842',
    trackingUrl: 'https://track.easypost.com/abc',
    shippedAt: '2026-11-10T10:00:00.000Z',
    deliveredAt: null,
    deliveryAssumed: false,
    canConfirmDelivery: true,
    events: [
      // Out of order on purpose: the timeline puts the newest first.
      {
        status: 'in_transit',
        occurredAt: '2026-11-11T10:00:00.000Z',
        message: 'Arrived at USPS Regional Facility',
        location: 'TORONTO, ON, CA',
      },
      {
        status: 'out_for_delivery',
        occurredAt: '2026-11-12T08:30:00.000Z',
        message: 'Out for delivery',
        location: 'VANCOUVER, BC, CA',
      },
      {
        status: 'pre_transit',
        occurredAt: '2026-11-10T10:00:00.000Z',
        message: 'Shipping label created',
        location: null,
      },
    ],
    ...overrides,
  });

  it("shows each parcel's carrier, tracking link, history and delivery date, assumed or not", async () => {
    const delivered = parcel({
      id: 'dddd4444-0000-4000-8000-000000000004',
      store: 'Pacific Thread',
      status: 'DELIVERED',
      progress: 'DELIVERED',
      carrier: 'Local Brands (simulated)',
      trackingNumber: 'LB-LOCAL-0011223344556677',
      trackingUrl: null,
      deliveredAt: '2026-11-20T12:00:00.000Z',
      deliveryAssumed: true,
      canConfirmDelivery: false,
    });
    const { user } = openOrders(() =>
      jsonResponse(200, [order({ parcels: [parcel({}), delivered] })]),
    );
    await user.click(
      within(await screen.findByRole('list', { name: 'Your orders' })).getAllByRole('button')[0]!,
    );
    const onItsWay = screen.getByRole('region', { name: 'Parcel from Maple Denim Co' });
    expect(onItsWay).toHaveTextContent('Maple Denim Co: In transit');
    expect(onItsWay).toHaveTextContent('USPS · 9400111202555842');
    expect(within(onItsWay).getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://track.easypost.com/abc',
    );
    // Issue 39 item 29: a timeline, newest first, each event's status in words.
    const timeline = within(onItsWay).getByRole('list', { name: 'Tracking history' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((event) => event.textContent),
    ).toEqual([
      'Nov 12, 2026, 8:30 AMOut for deliveryOut for delivery · VANCOUVER, BC, CA',
      'Nov 11, 2026, 10:00 AMIn transitArrived at USPS Regional Facility · TORONTO, ON, CA',
      'Nov 10, 2026, 10:00 AMLabel createdShipping label created',
    ]);
    expect(within(timeline).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(within(onItsWay).getByRole('button', { name: 'I received it' })).toBeEnabled();

    const arrived = screen.getByRole('region', { name: 'Parcel from Pacific Thread' });
    expect(arrived).toHaveTextContent('Assumed delivered on Nov 20, 2026');
    // The built-in provider has no tracking page: the link goes to the history shown here.
    expect(within(arrived).getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      '#parcel-dddd4444-0000-4000-8000-000000000004-tracking',
    );
    expect(within(arrived).queryByRole('button', { name: 'I received it' })).toBeNull();
  });

  it('"I received it" tells the server and reloads the orders', async () => {
    let confirmed = false;
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch((method, path) => {
      if (
        method === 'POST' &&
        path === '/orders/parcels/cccc3333-0000-4000-8000-000000000003/received'
      ) {
        confirmed = true;
        return jsonResponse(200, {
          id: 'x',
          status: 'DELIVERED',
          deliveredAt: '2026-11-21T10:00:00.000Z',
        });
      }
      if (method === 'GET' && path === '/orders/history')
        return jsonResponse(200, [
          order({
            parcels: [
              confirmed
                ? parcel({
                    status: 'DELIVERED',
                    deliveredAt: '2026-11-21T10:00:00.000Z',
                    canConfirmDelivery: false,
                  })
                : parcel({}),
            ],
          }),
        ]);
      if (method === 'GET' && path === '/user/alice') return jsonResponse(200, PROFILE);
      return jsonResponse(404, { message: 'Not found.' });
    });
    const { user } = renderRoute('/user');
    await user.click(
      within(await screen.findByRole('list', { name: 'Your orders' })).getAllByRole('button')[0]!,
    );
    await user.click(screen.getByRole('button', { name: 'I received it' }));
    expect(await screen.findByText('Delivered on Nov 21, 2026')).toBeInTheDocument();
    expect(confirmed).toBe(true);
    expect(fetchMock).toHaveBeenCalled();
  });
});
