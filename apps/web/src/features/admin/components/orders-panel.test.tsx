import {
  SALES_TAX_MESSAGES,
  STORE_ORDER_MESSAGES,
  FULFILMENT_STATUSES,
  ORDER_ITEM_STATUS_LABELS,
  ORDER_TRANSITIONS,
  STORE_ORDER_STATUSES,
  illegalMoveMessage,
  type StoreOrderView,
} from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestBody } from '../../../test/render';
import {
  adminApi,
  deferred,
  expectInlineAndToast,
  orderItem,
  renderAdmin,
  storeOrder,
} from '../testing/admin-api';

const REFERENCE = '9A8B7C6D';
const ORDER_ID = '3f2b8c1e-5d4a-4b6f-9c2d-1a2b3c4d5e6f';
const SHIP_PATH = `/store/orders/${ORDER_ID}/ship`;
const REFUND_PATH = `/store/orders/${ORDER_ID}/refund`;
const LABEL_PATH = `/store/orders/${ORDER_ID}/shipping-label`;

type User = ReturnType<typeof renderAdmin>['user'];

/** Opens an order's row and returns its items table. */
async function openOrder(user: User, reference = REFERENCE) {
  await user.click(await screen.findByRole('button', { name: `Order #${reference}` }));
  return screen.findByRole('region', { name: `Items in order ${reference}` });
}

const orderRow = (reference = REFERENCE) =>
  screen.getByRole('button', { name: `Order #${reference}` }).closest('tr')!;

const itemRow = (items: HTMLElement, name: string) =>
  within(items).getByRole('link', { name }).closest('tr')!;

const toast = (message: string) =>
  screen.findByText(message, { selector: '.Toastify *' }, { timeout: 2000 });

/** Answers one write with a handler; everything else comes from adminApi's state. */
const answering =
  (method: string, path: string, answer: () => Response | Promise<Response>) =>
  (m: string, p: string) => (m === method && p === path ? answer() : undefined);

describe('orders tab', () => {
  it('lists orders by reference, status and subtotal; a row opens onto its items', async () => {
    const api = adminApi({
      orders: [
        storeOrder({
          items: [
            orderItem({ quantity: 2, ordered: 5 }),
            orderItem({
              id: 102,
              itemId: 8,
              itemName: 'Kits Tee',
              thumbnail: null,
              size: 'S',
              color: 'RED',
              itemPrice: 45.5,
              ordered: 12,
              status: 'ACCEPTED',
            }),
          ],
          subtotal: 369.5,
          trackingNumber: null,
        }),
      ],
    });
    const { user } = renderAdmin();

    const orders = await screen.findByRole('region', { name: 'Orders' });
    expect(
      within(orders)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order ID', 'Status', 'Subtotal', 'Actions']);
    const row = orderRow();
    expect(row).toHaveTextContent(/#9A8B7C6D.*Feb 10, 2026.*Placed.*\$369\.50 CAD/);
    for (const action of ['Ship', 'Refund', 'Shipping Label']) {
      expect(
        within(row).getByRole('button', {
          name: `${action} ${action === 'Shipping Label' ? 'for ' : ''}order ${REFERENCE}`,
        }),
      ).toBeInTheDocument();
    }
    expect(api.orderRequests()).toEqual(['GET /api/store/orders?page=1&pageSize=20']);

    // Closed until asked.
    const toggle = screen.getByRole('button', { name: `Order #${REFERENCE}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: `Items in order ${REFERENCE}` })).toBeNull();

    const items = await openOrder(user);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(items)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Size', 'Color', 'Qty', 'Price', 'Ordered', 'Status', 'Actions']);

    const jacket = itemRow(items, 'Harbour Jacket');
    expect(within(jacket).getByRole('link', { name: 'Harbour Jacket' })).toHaveAttribute(
      'href',
      '/product/7',
    );
    expect(jacket.querySelector('img')).toHaveAttribute('src', '/uploads/jacket-thumb.webp');
    expect(
      within(jacket)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['M', 'Blue', '2', '$162.00 CAD', '5', 'Placed', 'AcceptReject']);
    const tee = itemRow(items, 'Kits Tee');
    expect(within(tee).getByRole('link', { name: 'Kits Tee' })).toHaveAttribute(
      'href',
      '/product/8',
    );
    expect(tee).toHaveTextContent(/SRed1\$45\.50 CAD12Accepted/);

    // Where it goes, and how far it got.
    const detail = items.closest('td')!;
    // The whole address, as the parcel needs it (issue 13).
    expect(detail).toHaveTextContent('Ship toJamie Chen123 Main StVancouver BC V5K 0A1Canada');
    expect(detail).toHaveTextContent('Tracking numberNot shipped yet');
    expect(detail).toHaveTextContent(STORE_ORDER_MESSAGES.shipBlocked);

    // The keyboard closes it again.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: `Items in order ${REFERENCE}` })).toBeNull();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows the parcel's sales tax, collected for the marketplace, apart from the subtotal (issue 15)", async () => {
    adminApi({ orders: [storeOrder({ subtotal: 162, shipping: 10, tax: 19.44 })] });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const term = within(items.closest('td')!).getByText(SALES_TAX_MESSAGES.storeOrderTax);
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling).toHaveTextContent('$19.44 CAD');
    // The Subtotal column stays the items' total: tax is never the brand's sales.
    expect(orderRow()).toHaveTextContent('$162.00 CAD');
    expect(orderRow()).not.toHaveTextContent('$19.44');
  });

  it("shows a shipped order's tracking number", async () => {
    adminApi({
      orders: [
        storeOrder({
          status: 'SHIPPED',
          trackingNumber: 'LB-1234567',
          shippedAt: '2026-02-11T10:00:00.000Z',
          items: [orderItem({ status: 'SHIPPED' })],
        }),
      ],
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    expect(items.closest('td')).toHaveTextContent('Tracking numberLB-1234567');
    expect(orderRow()).toHaveTextContent('Shipped');
  });

  it("Accept sends the decision, changes the item's status in place and says so", async () => {
    const api = adminApi({
      orders: [storeOrder()],
      extra: answering('POST', '/store/orders/accept', () =>
        jsonResponse(200, { orderItemId: 101, status: 'ACCEPTED' }),
      ),
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const jacket = itemRow(items, 'Harbour Jacket');
    const accept = within(jacket).getByRole('button', { name: 'Accept Harbour Jacket (M, Blue)' });
    expect(accept).toBeEnabled();
    await user.click(accept);

    // In words, never the status's code (issue 39 item 13).
    expect(await toast('Order item marked as accepted.')).toBeInTheDocument();
    expect(requestBody(api.fetchMock, 'POST', '/store/orders/accept')).toEqual({
      storeOrderId: ORDER_ID,
      orderItemId: 101,
      newStatus: 'ACCEPTED',
    });
    expect(within(jacket).getByText('Accepted')).toBeInTheDocument();
    // Its only item accepted, the parcel is being prepared (issue 39 item 7).
    expect(within(orderRow()).getAllByRole('cell')[0]).toHaveTextContent('Preparing');
    expect(accept).toBeDisabled();
    expect(within(jacket).getByRole('button', { name: /^Reject/ })).toBeEnabled();
    // Updated locally: the list was not loaded again.
    expect(api.orderRequests()).toHaveLength(1);
  });

  it('Reject sends REJECTED_REFUND_IN_PROGRESS, then refreshes the money that went back', async () => {
    const tee = orderItem({ id: 102, itemId: 8, itemName: 'Kits Tee', itemPrice: 45.5 });
    const order = storeOrder({ items: [orderItem(), tee], subtotal: 207.5, shipping: 10 });
    const api = adminApi({
      orders: [order],
      extra: answering('POST', '/store/orders/reject', () => {
        // The API refunds a rejected item at once.
        api.state.orders = [
          {
            ...order,
            refunded: 45.5,
            items: [orderItem(), { ...tee, status: 'REJECTED_REFUND_IN_PROGRESS' }],
          },
        ];
        return jsonResponse(200, { orderItemId: 102, status: 'REJECTED_REFUND_IN_PROGRESS' });
      }),
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const row = itemRow(items, 'Kits Tee');
    await user.click(within(row).getByRole('button', { name: 'Reject Kits Tee (M, Blue)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject item' });
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));

    expect(await toast('Order item marked as rejected and refunded.')).toBeInTheDocument();
    expect(requestBody(api.fetchMock, 'POST', '/store/orders/reject')).toEqual({
      storeOrderId: ORDER_ID,
      orderItemId: 102,
      newStatus: 'REJECTED_REFUND_IN_PROGRESS',
    });
    expect(within(row).getByText('Rejected and refunded')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Reject/ })).toBeDisabled();

    await waitFor(() => expect(api.orderRequests()).toHaveLength(2));
    await waitFor(() => expect(items.closest('td')).toHaveTextContent('Refunded$45.50 CAD'));
    await user.click(screen.getByRole('button', { name: `Refund order ${REFERENCE}` }));
    expect(await screen.findByRole('dialog', { name: 'Refund order' })).toHaveTextContent(
      '$172.00 CAD goes back to the buyer',
    );
  });

  it('Accept is off for an accepted or rejected item, Reject for a rejected one, both once shipped or refunded', async () => {
    adminApi({
      orders: [
        storeOrder({
          items: [
            orderItem({ id: 1, itemName: 'Accepted Coat', status: 'ACCEPTED' }),
            orderItem({ id: 2, itemName: 'Rejected Coat', status: 'REJECTED_REFUND_IN_PROGRESS' }),
            orderItem({ id: 3, itemName: 'Placed Coat', status: 'PLACED' }),
            orderItem({ id: 4, itemName: 'Shipped Coat', status: 'SHIPPED' }),
            orderItem({ id: 5, itemName: 'Refunded Coat', status: 'REFUNDED' }),
          ],
        }),
      ],
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const buttons = (name: string) => {
      const row = itemRow(items, name);
      return [
        within(row).getByRole('button', { name: /^Accept/ }),
        within(row).getByRole('button', { name: /^Reject/ }),
      ];
    };
    const [acceptAccepted, rejectAccepted] = buttons('Accepted Coat');
    expect(acceptAccepted).toBeDisabled();
    expect(rejectAccepted).toBeEnabled();
    const [acceptRejected, rejectRejected] = buttons('Rejected Coat');
    // A rejected item's money has gone back: it can no longer be accepted (issue 13).
    expect(acceptRejected).toBeDisabled();
    expect(rejectRejected).toBeDisabled();
    for (const button of buttons('Placed Coat')) expect(button).toBeEnabled();
    for (const button of [...buttons('Shipped Coat'), ...buttons('Refunded Coat')]) {
      expect(button).toBeDisabled();
    }
  });

  it('Accept and Reject follow the state machine for every status, each shown in words (issue 16)', async () => {
    const statuses = FULFILMENT_STATUSES;
    adminApi({
      orders: [
        storeOrder({
          items: statuses.map((status, index) =>
            orderItem({ id: index + 1, itemName: `Coat ${status}`, status }),
          ),
        }),
      ],
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    for (const status of statuses) {
      const row = itemRow(items, `Coat ${status}`);
      const moves = ORDER_TRANSITIONS[status];
      const bySeller = (to: keyof typeof moves) => moves[to]?.by.includes('seller') ?? false;
      expect(
        within(row)
          .getByRole('button', { name: /^Accept/ })
          .hasAttribute('disabled'),
      ).toBe(!bySeller('ACCEPTED'));
      expect(
        within(row)
          .getByRole('button', { name: /^Reject/ })
          .hasAttribute('disabled'),
      ).toBe(!bySeller('REJECTED_REFUND_IN_PROGRESS'));
      expect(row).toHaveTextContent(ORDER_ITEM_STATUS_LABELS[status]);
    }
  });

  it.each(STORE_ORDER_STATUSES)(
    'a %s order: Ship and Refund follow the state machine',
    async (status) => {
      const shipped = status !== 'PLACED';
      adminApi({
        orders: [
          storeOrder({
            status,
            canShip: !shipped,
            items: [orderItem({ status: shipped ? 'SHIPPED' : 'ACCEPTED' })],
          }),
        ],
      });
      renderAdmin();
      const ship = await screen.findByRole('button', { name: `Ship order ${REFERENCE}` });
      const refund = screen.getByRole('button', { name: `Refund order ${REFERENCE}` });
      expect(ship.hasAttribute('disabled')).toBe(ORDER_TRANSITIONS[status].SHIPPED === undefined);
      expect(refund.hasAttribute('disabled')).toBe(
        ORDER_TRANSITIONS[status].REFUNDED === undefined,
      );
      // The row's status is read from its items (issue 39 item 7).
      expect(orderRow()).toHaveTextContent(shipped ? 'Shipped' : 'Preparing');
    },
  );

  it.each([
    [
      'the server message',
      () =>
        jsonResponse(409, {
          message: illegalMoveMessage('item', 'REJECTED_REFUND_IN_PROGRESS', 'ACCEPTED'),
        }),
      illegalMoveMessage('item', 'REJECTED_REFUND_IN_PROGRESS', 'ACCEPTED'),
    ],
    [
      'the fallback without one',
      () => new Response(null, { status: 500 }),
      'Failed to update order item status',
    ],
    [
      'the fallback when offline',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Failed to update order item status',
    ],
  ])('a failed decision shows %s and leaves the status', async (_case, answer, message) => {
    adminApi({
      orders: [storeOrder()],
      extra: answering('POST', '/store/orders/accept', answer),
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const jacket = itemRow(items, 'Harbour Jacket');
    await user.click(within(jacket).getByRole('button', { name: /^Accept/ }));

    expect(await toast(message)).toBeInTheDocument();
    expect(within(jacket).getByText('Placed')).toBeInTheDocument();
    expect(within(jacket).getByRole('button', { name: /^Accept/ })).toBeEnabled();
  });

  it('Reject asks first, and Cancel sends nothing (issue 13)', async () => {
    const api = adminApi({
      orders: [storeOrder()],
      extra: answering('POST', '/store/orders/reject', () =>
        jsonResponse(200, { orderItemId: 101, status: 'REJECTED_REFUND_IN_PROGRESS' }),
      ),
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const reject = within(itemRow(items, 'Harbour Jacket')).getByRole('button', {
      name: /^Reject/,
    });
    await user.click(reject);
    let dialog = await screen.findByRole('dialog', { name: 'Reject item' });
    expect(dialog).toHaveTextContent(
      STORE_ORDER_MESSAGES.rejectConfirm('Harbour Jacket (M, Blue)'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);

    await user.click(reject);
    dialog = await screen.findByRole('dialog', { name: 'Reject item' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await toast('Order item marked as rejected and refunded.')).toBeInTheDocument();
    expect(api.writes()).toEqual(['POST /api/store/orders/reject']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no shipping label before an item is accepted, and one once it is (issue 39 item 16)', async () => {
    adminApi({
      // As the API sends it: nothing accepted yet, no label.
      orders: [storeOrder({ canPrintLabel: false })],
      extra: answering('POST', '/store/orders/accept', () =>
        jsonResponse(200, { orderItemId: 101, status: 'ACCEPTED' }),
      ),
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const label = () =>
      screen.queryByRole('button', { name: `Shipping Label for order ${REFERENCE}` });
    expect(label()).toBeNull();
    await user.click(
      within(itemRow(items, 'Harbour Jacket')).getByRole('button', { name: /^Accept/ }),
    );
    await waitFor(() => expect(label()).toBeEnabled());
  });

  it('offers no shipping label for an order refunded in full (issue 13)', async () => {
    adminApi({
      orders: [
        storeOrder({
          status: 'REFUNDED',
          refunded: 172,
          canRefund: false,
          canPrintLabel: false,
          items: [orderItem({ status: 'REFUNDED' })],
        }),
      ],
    });
    renderAdmin();
    await screen.findByRole('button', { name: `Refund order ${REFERENCE}` });
    expect(
      screen.queryByRole('button', { name: `Shipping Label for order ${REFERENCE}` }),
    ).toBeNull();
  });

  it("ships with the carrier and tracking number the seller types, checked before it's sent (issue 13)", async () => {
    const accepted = storeOrder({
      items: [
        orderItem({ status: 'ACCEPTED' }),
        orderItem({ id: 102, itemName: 'Kits Tee', status: 'ACCEPTED' }),
      ],
    });
    const api = adminApi({
      orders: [accepted],
      extra: answering('POST', SHIP_PATH, () =>
        jsonResponse(200, { ...accepted, status: 'SHIPPED', canShip: false }),
      ),
    });
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Ship order ${REFERENCE}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order' });
    expect(dialog).toHaveTextContent('Its 2 accepted items become shipped.');
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'UPS');
    const tracking = within(dialog).getByLabelText('Tracking number');
    await user.type(tracking, '1Z 99');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(tracking).toHaveAccessibleDescription(STORE_ORDER_MESSAGES.trackingNumber);
    expect(api.writes()).toEqual([]);

    await user.clear(tracking);
    await user.type(tracking, '1Z999AA10123456784');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await toast(STORE_ORDER_MESSAGES.shipped)).toBeInTheDocument();
    const call = api.fetchMock.mock.calls.find(([input]) => String(input).endsWith(SHIP_PATH));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
  });

  it('Ship waits until no item is PLACED, and follows the API when it says no', async () => {
    adminApi({
      orders: [
        storeOrder({
          items: [
            orderItem({ id: 101, status: 'ACCEPTED' }),
            orderItem({ id: 102, itemName: 'Kits Tee', status: 'PLACED' }),
          ],
        }),
        storeOrder({
          id: 'aaaaaaaa-1111-4222-8333-444455556666',
          reference: 'AAAAAAAA',
          items: [orderItem({ status: 'ACCEPTED' })],
          canShip: false,
        }),
      ],
      extra: answering('POST', '/store/orders/accept', () =>
        jsonResponse(200, { orderItemId: 102, status: 'ACCEPTED' }),
      ),
    });
    const { user } = renderAdmin();
    const items = await openOrder(user);
    const ship = within(orderRow()).getByRole('button', { name: `Ship order ${REFERENCE}` });
    expect(ship).toBeDisabled();
    expect(
      within(orderRow('AAAAAAAA')).getByRole('button', { name: /^Ship order/ }),
    ).toBeDisabled();

    await user.click(within(itemRow(items, 'Kits Tee')).getByRole('button', { name: /^Accept/ }));
    await waitFor(() => expect(ship).toBeEnabled());
    expect(items.closest('td')).not.toHaveTextContent(STORE_ORDER_MESSAGES.shipBlocked);
  });

  it('Ship asks first, then sends the order, reloads the list and says so', async () => {
    const accepted = storeOrder({ items: [orderItem({ status: 'ACCEPTED' })] });
    const shipped: StoreOrderView = {
      ...accepted,
      status: 'SHIPPED',
      canShip: false,
      trackingNumber: 'LB-7654321',
      shippedAt: '2026-02-11T10:00:00.000Z',
      items: [orderItem({ status: 'SHIPPED' })],
    };
    const response = deferred<Response>();
    const api = adminApi({
      orders: [accepted],
      extra: answering('POST', SHIP_PATH, () => response.promise),
    });
    const { user } = renderAdmin();
    const ship = await within(await screen.findByRole('region', { name: 'Orders' })).findByRole(
      'button',
      { name: `Ship order ${REFERENCE}` },
    );
    expect(ship).toBeEnabled();

    // Cancel sends nothing.
    await user.click(ship);
    let dialog = await screen.findByRole('dialog', { name: 'Ship order' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);

    await user.click(ship);
    dialog = await screen.findByRole('dialog', { name: 'Ship order' });
    expect(dialog).toHaveTextContent(`Mark order #${REFERENCE} as shipped?`);
    // One item reads as one (issue 13: "Its 1 accepted item become shipped").
    expect(dialog).toHaveTextContent('Its accepted item becomes shipped.');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByRole('button', { name: 'Shipping...' })).toBeDisabled();
    expect(api.writes()).toEqual([`POST /api${SHIP_PATH}`]);
    const call = api.fetchMock.mock.calls.find(([input]) => String(input).endsWith(SHIP_PATH));
    expect(call?.[1]?.body).toBeUndefined();

    api.state.orders = [shipped];
    response.resolve(jsonResponse(200, shipped));
    expect(await toast(STORE_ORDER_MESSAGES.shipped)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.orderRequests()).toHaveLength(2);
    expect(orderRow()).toHaveTextContent('Shipped');
    expect(within(orderRow()).getByRole('button', { name: /^Ship order/ })).toBeDisabled();
  });

  it('Refund asks first with the amount going back to the buyer, its tax included, then sends it and reloads', async () => {
    // Vancouver: GST 5% and PST 7% of $162 (issue 15).
    const order = storeOrder({ subtotal: 162, shipping: 10, tax: 19.44 });
    const api = adminApi({
      orders: [order],
      extra: answering('POST', REFUND_PATH, () => {
        const refunded: StoreOrderView = {
          ...order,
          status: 'REFUNDED',
          refunded: 191.44,
          canRefund: false,
          items: [orderItem({ status: 'REFUNDED' })],
        };
        api.state.orders = [refunded];
        return jsonResponse(200, refunded);
      }),
    });
    const { user } = renderAdmin();
    await user.click(await screen.findByRole('button', { name: `Refund order ${REFERENCE}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order' });
    expect(dialog).toHaveTextContent(
      `Refund order #${REFERENCE}? $191.44 CAD goes back to the buyer's card, its sales tax included.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(await toast(STORE_ORDER_MESSAGES.refunded)).toBeInTheDocument();
    expect(api.writes()).toEqual([`POST /api${REFUND_PATH}`]);
    expect(api.orderRequests()).toHaveLength(2);
    await waitFor(() => expect(orderRow()).toHaveTextContent('Refunded'));
    expect(screen.getByRole('button', { name: `Refund order ${REFERENCE}` })).toBeDisabled();
  });

  it.each([
    [
      'Ship',
      SHIP_PATH,
      409,
      { message: illegalMoveMessage('storeOrder', 'SHIPPED', 'SHIPPED') },
      illegalMoveMessage('storeOrder', 'SHIPPED', 'SHIPPED'),
    ],
    ['Ship', SHIP_PATH, 500, undefined, STORE_ORDER_MESSAGES.shipFailed],
    [
      'Refund',
      REFUND_PATH,
      502,
      { message: STORE_ORDER_MESSAGES.providerRefundFailed },
      STORE_ORDER_MESSAGES.providerRefundFailed,
    ],
    ['Refund', REFUND_PATH, 500, undefined, STORE_ORDER_MESSAGES.refundFailed],
  ])(
    'a failed %s (%s, status %i) says why, in the dialog and as a toast',
    async (action, path, status, body, message) => {
      adminApi({
        orders: [storeOrder({ items: [orderItem({ status: 'ACCEPTED' })] })],
        extra: answering('POST', path, () => jsonResponse(status, body)),
      });
      const { user } = renderAdmin();
      await user.click(await screen.findByRole('button', { name: `${action} order ${REFERENCE}` }));
      const dialog = await screen.findByRole('dialog', { name: `${action} order` });
      await user.click(within(dialog).getByRole('button', { name: action }));

      await toast(message);
      expectInlineAndToast(dialog, message);
      expect(within(dialog).getByRole('button', { name: action })).toBeEnabled();
    },
  );

  describe('Shipping Label', () => {
    function stubObjectUrls() {
      const createObjectURL = vi.fn((_blob: Blob) => 'blob:label-1');
      const revokeObjectURL = vi.fn();
      vi.stubGlobal(
        'URL',
        class extends URL {
          static override createObjectURL = createObjectURL;
          static override revokeObjectURL = revokeObjectURL;
        },
      );
      return { createObjectURL, revokeObjectURL };
    }

    const pdfResponse = () =>
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      });

    it('opens a window at once, fetches the PDF with the token, then shows it there', async () => {
      const labelWindow = { closed: false, location: { href: '' }, close: vi.fn() };
      const open = vi.spyOn(window, 'open').mockReturnValue(labelWindow as unknown as Window);
      const { createObjectURL } = stubObjectUrls();
      const response = deferred<Response>();
      const api = adminApi({
        orders: [storeOrder()],
        extra: answering('GET', LABEL_PATH, () => response.promise),
      });
      const { user, token } = renderAdmin();
      await user.click(
        await screen.findByRole('button', { name: `Shipping Label for order ${REFERENCE}` }),
      );

      // Opened inside the click, before the PDF arrives, so popup blockers let it through.
      expect(open).toHaveBeenCalledWith('', '_blank');
      const call = api.fetchMock.mock.calls.find(([input]) => String(input).endsWith(LABEL_PATH));
      expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe(`Bearer ${token}`);
      expect(labelWindow.location.href).toBe('');

      response.resolve(pdfResponse());
      await waitFor(() => expect(labelWindow.location.href).toBe('blob:label-1'));
      const pdf = createObjectURL.mock.calls[0]![0];
      expect(pdf.type).toBe('application/pdf');
      expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(
        new Uint8Array([0x25, 0x50, 0x44, 0x46]),
      );
      expect(labelWindow.close).not.toHaveBeenCalled();
    });

    it('downloads the PDF when no window could open', async () => {
      vi.spyOn(window, 'open').mockReturnValue(null);
      stubObjectUrls();
      const downloads: { href: string; download: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        downloads.push({ href: this.href, download: this.download });
      });
      adminApi({ orders: [storeOrder()], extra: answering('GET', LABEL_PATH, pdfResponse) });
      const { user } = renderAdmin();
      await user.click(
        await screen.findByRole('button', { name: `Shipping Label for order ${REFERENCE}` }),
      );
      await waitFor(() =>
        expect(downloads).toEqual([
          { href: 'blob:label-1', download: `shipping-label-${REFERENCE}.pdf` },
        ]),
      );
    });

    it('closes the window and says why when the label cannot be had', async () => {
      const labelWindow = { closed: false, location: { href: '' }, close: vi.fn() };
      vi.spyOn(window, 'open').mockReturnValue(labelWindow as unknown as Window);
      const { createObjectURL } = stubObjectUrls();
      adminApi({
        orders: [storeOrder()],
        extra: answering('GET', LABEL_PATH, () => new Response(null, { status: 500 })),
      });
      const { user } = renderAdmin();
      await user.click(
        await screen.findByRole('button', { name: `Shipping Label for order ${REFERENCE}` }),
      );
      expect(await toast(STORE_ORDER_MESSAGES.labelFailed)).toBeInTheDocument();
      expect(labelWindow.close).toHaveBeenCalled();
      expect(createObjectURL).not.toHaveBeenCalled();
    });
  });

  it('shows the buyer, the item count and a "To accept" badge on each row (issue 39 item 17)', async () => {
    adminApi({
      orders: [
        storeOrder({
          items: [
            orderItem({ quantity: 2 }),
            orderItem({ id: 102, itemName: 'Kits Tee', status: 'ACCEPTED' }),
          ],
        }),
        storeOrder({
          id: 'another',
          reference: 'ANOTHER1',
          items: [orderItem({ status: 'ACCEPTED' })],
        }),
      ],
    });
    renderAdmin();
    await screen.findByRole('button', { name: `Order #${REFERENCE}` });
    const waiting = orderRow();
    expect(within(waiting).getByRole('rowheader')).toHaveTextContent('Jamie Chen · 3 items');
    expect(within(waiting).getAllByRole('cell')[0]).toHaveTextContent('Placed2 to accept');
    const decided = orderRow('ANOTHER1');
    expect(within(decided).getByRole('rowheader')).toHaveTextContent('Jamie Chen · 1 item');
    expect(within(decided).getAllByRole('cell')[0]!.textContent).toBe('Preparing');
  });

  it('filters by status on the server, back on page 1, and says when nothing matches (issue 39 item 17)', async () => {
    const api = adminApi({
      orders: Array.from({ length: 21 }, (_, index) =>
        storeOrder({ id: `order-${index}`, reference: `REF${String(index).padStart(5, '0')}` }),
      ),
      extra: (method, path) =>
        method === 'GET' && path.includes('status=DELIVERED')
          ? jsonResponse(200, [], { 'X-Total-Count': '0' })
          : undefined,
    });
    const { user } = renderAdmin();
    await screen.findByRole('button', { name: 'Order #REF00000' });
    await user.click(screen.getByLabelText('Next page'));
    await waitFor(() => expect(api.orderRequests().at(-1)).toContain('page=2'));
    await user.selectOptions(screen.getByLabelText('Show'), 'Delivered');
    expect(await screen.findByText('No orders match this filter.')).toBeVisible();
    expect(api.orderRequests().at(-1)).toBe(
      'GET /api/store/orders?page=1&pageSize=20&status=DELIVERED',
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'All orders');
    expect(await screen.findByRole('button', { name: 'Order #REF00000' })).toBeVisible();
    expect(api.orderRequests().at(-1)).toBe('GET /api/store/orders?page=1&pageSize=20');
  });

  it('says plainly when there are no orders yet', async () => {
    adminApi({ orders: [] });
    renderAdmin();
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByText(/When a shopper buys from your store/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Orders' })).toBeNull();
  });

  it('shows a loading state, then the load failure with a retry', async () => {
    let fail = true;
    const response = deferred<Response>();
    adminApi({
      extra: (method, path) => {
        if (method !== 'GET' || !path.startsWith('/store/orders?')) return undefined;
        return fail
          ? response.promise
          : jsonResponse(200, [storeOrder()], { 'X-Total-Count': '1' });
      },
    });
    const { user } = renderAdmin();
    expect(await screen.findByText('Loading orders…')).toBeInTheDocument();
    response.resolve(jsonResponse(500, { message: 'boom' }));
    expect(await screen.findByText(STORE_ORDER_MESSAGES.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: `Order #${REFERENCE}` })).toBeInTheDocument();
  });

  it('pages through the orders 20 at a time, by the total in X-Total-Count', async () => {
    const orders = Array.from({ length: 25 }, (_, index) => {
      const n = String(index + 1).padStart(2, '0');
      return storeOrder({
        id: `${n}000000-1111-4222-8333-444455556666`,
        reference: `REF000${n}`,
      });
    });
    const api = adminApi({ orders });
    const { user } = renderAdmin();
    expect(await screen.findByRole('button', { name: 'Order #REF00001' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Order #/ })).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Next page'));
    expect(await screen.findByRole('button', { name: 'Order #REF00021' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Order #/ })).toHaveLength(5);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.orderRequests()).toEqual([
      'GET /api/store/orders?page=1&pageSize=20',
      'GET /api/store/orders?page=2&pageSize=20',
    ]);
  });
});
