import {
  RETURN_MESSAGES as M,
  type OrderView,
  type ReturnView,
  type ReturnableStoreOrder,
  type UserProfile,
} from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import {
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';

const PROFILE: UserProfile = {
  userName: 'alice',
  firstName: 'Alice',
  lastName: 'Ng',
  email: 'alice@example.com',
  storeName: null,
  role: 'buyer',
  addresses: [],
};

const ORDER_ID = 'cccc3333-0000-4000-8000-000000000003';
const STORE_ORDER_ID = 'dddd4444-0000-4000-8000-000000000004';

const line = (id: number, name: string, status: 'DELIVERED' | 'RETURN_REQUESTED' | 'REFUNDED') => ({
  id,
  itemId: id + 100,
  itemName: name,
  thumbnail: null,
  store: 'Pacific Thread',
  size: 'M',
  color: 'BLUE',
  quantity: 1,
  itemPrice: 60,
  tax: 7.2,
  status,
  carrier: null,
  trackingNumber: null,
});

const ORDER: OrderView = {
  id: ORDER_ID,
  status: 'PLACED',
  progress: 'PLACED',
  createdAt: '2026-11-01T12:00:00.000Z',
  placedAt: '2026-11-01T12:05:00.000Z',
  currency: 'CAD',
  subtotal: 120,
  shipping: 0,
  tax: 14.4,
  taxLines: [],
  totalAmount: 134.4,
  refunded: 0,
  balance: 134.4,
  shippingMethod: 'STANDARD',
  shippingAddress: null,
  parcels: [],
  items: [line(1, 'Harbour Coat', 'DELIVERED'), line(2, 'Tide Scarf', 'DELIVERED')],
};

const RETURNABLE: ReturnableStoreOrder[] = [
  {
    storeOrderId: STORE_ORDER_ID,
    storeName: 'Pacific Thread',
    currency: 'CAD',
    deliveredAt: '2026-11-10T12:00:00.000Z',
    returnBy: '2026-11-24T12:00:00.000Z',
    blocker: null,
    labelFree: true,
    lines: ORDER.items.map((item) => ({
      orderItemId: item.id,
      itemId: item.itemId,
      itemName: item.itemName,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      itemPrice: item.itemPrice,
      tax: item.tax,
      status: item.status,
      returnable: true,
    })),
  },
];

const aReturn = (overrides: Partial<ReturnView> = {}): ReturnView => ({
  id: 'eeee5555-0000-4000-8000-000000000005',
  orderId: ORDER_ID,
  reference: 'CCCC3333',
  storeOrderId: STORE_ORDER_ID,
  storeName: 'Pacific Thread',
  buyerName: 'Alice Ng',
  status: 'REQUESTED',
  reason: 'RUNS_SMALL',
  currency: 'CAD',
  requestedAt: '2026-11-12T12:00:00.000Z',
  receivedAt: null,
  damaged: false,
  note: null,
  label: {
    carrier: 'Local Brands (simulated)',
    trackingNumber: 'LB-LOCAL-ABC',
    url: '/api/orders/returns/eeee5555-0000-4000-8000-000000000005/label',
  },
  returnAddress: {
    fullName: 'Returns Desk',
    streetAddress: '200 Granville Street',
    apartment: null,
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    postalCode: 'V6C 1S4',
    defaultAddress: false,
  },
  lines: [
    {
      orderItemId: 1,
      itemId: 101,
      itemName: 'Harbour Coat',
      size: 'M',
      color: 'BLUE',
      quantity: 1,
      itemPrice: 60,
      tax: 7.2,
      status: 'RETURN_REQUESTED',
    },
  ],
  amount: 67.2,
  tax: 7.2,
  refundedAt: null,
  refundDueBy: null,
  refundOverdue: false,
  ...overrides,
});

function openMyOrders(options: {
  order?: OrderView;
  returns: () => ReturnView[];
  returnable?: ReturnableStoreOrder[];
}) {
  setSession(validToken('alice'), 'alice');
  const fetchMock = mockFetch((method, path) => {
    if (method === 'GET' && path === '/orders/history')
      return jsonResponse(200, [options.order ?? ORDER]);
    if (method === 'GET' && path === '/user/alice') return jsonResponse(200, PROFILE);
    if (method === 'GET' && path.startsWith('/orders/returns?'))
      return jsonResponse(200, options.returns());
    if (method === 'GET' && path === `/orders/${ORDER_ID}/returnable`)
      return jsonResponse(200, options.returnable ?? RETURNABLE);
    if (method === 'POST' && path === '/orders/returns') return jsonResponse(201, aReturn());
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { fetchMock, ...renderRoute('/user') };
}

async function expandOrder(user: ReturnType<typeof openMyOrders>['user']) {
  const list = await screen.findByRole('list', { name: 'Your orders' });
  await user.click(within(list).getAllByRole('button')[0]!);
}

describe('returning items from My Orders', () => {
  it('asks for items and a reason with the shared messages, then sends the chosen lines', async () => {
    let returns: ReturnView[] = [];
    const { user, fetchMock } = openMyOrders({ returns: () => returns });
    await expandOrder(user);
    await user.click(await screen.findByRole('button', { name: M.returnItems }));
    const form = screen.getByRole('form', { name: 'Return items from Pacific Thread' });
    expect(form).toHaveAttribute('novalidate');

    await user.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(within(form).getByText(M.itemsRequired)).toBeVisible();
    expect(within(form).getByText(M.reasonRequired)).toBeVisible();
    expect(within(form).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByLabelText(/^Harbour Coat \(M, Blue\) × 1/));
    await user.selectOptions(within(form).getByLabelText('Reason'), 'RUNS_SMALL');
    returns = [aReturn()];
    await user.click(within(form).getByRole('button', { name: 'Request return' }));

    const yours = await screen.findByRole('list', { name: 'Your returns' });
    expect(requestBody(fetchMock, 'POST', '/orders/returns')).toEqual({
      storeOrderId: STORE_ORDER_ID,
      orderItemIds: [1],
      reason: 'RUNS_SMALL',
    });
    expect(yours).toHaveTextContent('Return requested');
    expect(yours).toHaveTextContent('Doesn’t fit — runs small');
    expect(yours).toHaveTextContent('LB-LOCAL-ABC');
    expect(yours).toHaveTextContent('Refund on receipt: $67.20 CAD (tax $7.20 CAD)');
    expect(within(yours).getByRole('button', { name: 'Print return label' })).toBeEnabled();
  });

  it('sends back some of the units of a line: how many is asked under the chosen line (issue 39.8)', async () => {
    const returnable = [
      {
        ...RETURNABLE[0]!,
        lines: RETURNABLE[0]!.lines.map((l) => (l.orderItemId === 1 ? { ...l, quantity: 3 } : l)),
      },
    ];
    const { user, fetchMock } = openMyOrders({ returns: () => [], returnable });
    await expandOrder(user);
    await user.click(await screen.findByRole('button', { name: M.returnItems }));
    const form = screen.getByRole('form', { name: 'Return items from Pacific Thread' });
    // One unit each: nothing to ask. Three: asked once the line is chosen, all of them at first.
    expect(within(form).queryByLabelText(M.units)).toBeNull();
    await user.click(within(form).getByLabelText(/^Tide Scarf/));
    expect(within(form).queryByLabelText(M.units)).toBeNull();
    await user.click(within(form).getByLabelText(/^Harbour Coat \(M, Blue\) × 3/));
    const howMany = within(form).getByLabelText(M.units);
    expect(howMany).toHaveDisplayValue('All 3');
    await user.selectOptions(howMany, '1 of 3');
    await user.selectOptions(within(form).getByLabelText('Reason'), 'CHANGED_MIND');
    await user.click(within(form).getByRole('button', { name: 'Request return' }));

    expect((await screen.findAllByText(M.requested))[0]).toBeVisible();
    expect(requestBody(fetchMock, 'POST', '/orders/returns')).toEqual({
      storeOrderId: STORE_ORDER_ID,
      orderItemIds: [2, 1],
      reason: 'CHANGED_MIND',
      quantities: { '1': 1 },
    });
  });

  it('shows the refund with its tax once made, and "Refund overdue" when it is late', async () => {
    const refunded = aReturn({ status: 'REFUNDED', refundedAt: '2026-11-14T12:00:00.000Z' });
    const overdue = aReturn({
      id: 'ffff6666-0000-4000-8000-000000000006',
      status: 'RECEIVED',
      refundOverdue: true,
    });
    const order = {
      ...ORDER,
      items: [line(1, 'Harbour Coat', 'REFUNDED'), line(2, 'Tide Scarf', 'RETURN_REQUESTED')],
    };
    const { user } = openMyOrders({ order, returns: () => [refunded, overdue] });
    await expandOrder(user);
    const yours = await screen.findByRole('list', { name: 'Your returns' });
    const [first, second] = within(yours).getAllByRole('listitem');
    expect(first).toHaveTextContent('Refunded $67.20 CAD (tax $7.20 CAD)');
    expect(second).toHaveTextContent(M.refundOverdue);
    // The brand has both parcels: no label to print any more (issue 39 item 29).
    expect(within(yours).queryByRole('button', { name: 'Print return label' })).toBeNull();
    expect(within(yours).queryByRole('link', { name: 'Print return label' })).toBeNull();
    // Nothing is delivered and still returnable: no form.
    expect(screen.queryByRole('button', { name: M.returnItems })).toBeNull();
  });

  it('asks for nothing until an order is opened', async () => {
    const { fetchMock } = openMyOrders({ returns: () => [] });
    await screen.findByRole('list', { name: 'Your orders' });
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('return'))).toBe(false);
  });
});
