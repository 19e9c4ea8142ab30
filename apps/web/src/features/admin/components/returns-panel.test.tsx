import { RETURN_MESSAGES as M, type ReturnView } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestBody } from '../../../test/render';
import { adminApi, renderAdmin } from '../testing/admin-api';

const aReturn = (id: string, overrides: Partial<ReturnView> = {}): ReturnView => ({
  id,
  orderId: '9a8b7c6d-1111-4222-8333-444455556666',
  reference: '9A8B7C6D',
  storeOrderId: '3f2b8c1e-5d4a-4b6f-9c2d-1a2b3c4d5e6f',
  storeName: 'Maple Denim Co',
  buyerName: 'Jamie Chen',
  status: 'REQUESTED',
  reason: 'RUNS_SMALL',
  currency: 'CAD',
  requestedAt: '2026-02-20T12:00:00.000Z',
  receivedAt: null,
  damaged: false,
  note: null,
  label: { carrier: 'Local Brands (simulated)', trackingNumber: 'LB-LOCAL-1', url: '/api/x' },
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
      orderItemId: 101,
      itemId: 7,
      itemName: 'Harbour Jacket',
      size: 'M',
      color: 'BLUE',
      quantity: 1,
      itemPrice: 162,
      tax: 19.44,
      status: 'RETURN_REQUESTED',
    },
  ],
  amount: 181.44,
  tax: 19.44,
  refundedAt: null,
  refundDueBy: null,
  refundOverdue: false,
  ...overrides,
});

const REQUESTED = aReturn('11111111-1111-4111-8111-111111111111');
const REFUNDED = aReturn('22222222-2222-4222-8222-222222222222', {
  status: 'REFUNDED',
  lines: [{ ...REQUESTED.lines[0]!, orderItemId: 102, status: 'REFUNDED' }],
});

function returnsApi(list: ReturnView[], total = list.length) {
  const state = { list };
  const api = adminApi({
    extra: (method, path) => {
      if (method === 'GET' && path.startsWith('/store/returns?'))
        return jsonResponse(200, state.list, { 'X-Total-Count': String(total) });
      if (method === 'POST' && path.endsWith('/receive')) {
        const received = { ...state.list[0]!, status: 'REFUNDED' as const };
        state.list = [received, ...state.list.slice(1)];
        return jsonResponse(200, received);
      }
      return undefined;
    },
  });
  return { ...api, state };
}

describe('the Returns tab', () => {
  it('lists the store’s returns, a page at a time, with their refund and tax', async () => {
    const api = returnsApi([REQUESTED, REFUNDED], 45);
    renderAdmin('returns');
    const list = await screen.findByRole('list', { name: 'Returns' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.className === 'admin-return');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#9A8B7C6D');
    expect(rows[0]).toHaveTextContent('Jamie Chen');
    expect(rows[0]).toHaveTextContent('Doesn’t fit — runs small');
    expect(rows[0]).toHaveTextContent('Refund $181.44 CAD (tax $19.44 CAD)');
    // The state machine's table: a refunded return can no longer be received.
    expect(within(rows[0]!).getByRole('button', { name: M.markReceived })).toBeEnabled();
    expect(within(rows[1]!).queryByRole('button', { name: M.markReceived })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Return pages' })).toBeInTheDocument();
    expect(api.paths()).toContain('GET /api/store/returns?page=1&pageSize=20');
  });

  it('asks first, naming the refund, then marks a return received, which refunds it (issue 39.2)', async () => {
    const api = returnsApi([REQUESTED]);
    const { user } = renderAdmin('returns');
    const list = await screen.findByRole('list', { name: 'Returns' });
    await user.click(within(list).getByRole('button', { name: M.markReceived }));
    // Nothing moves before the brand confirms; Cancel sends nothing.
    let dialog = await screen.findByRole('dialog', { name: 'Receive the return' });
    expect(dialog).toHaveTextContent(
      'Mark the return of order #9A8B7C6D received? $181.44 CAD (tax $19.44 CAD) is refunded to Jamie Chen at once',
    );
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
    await user.click(within(list).getByRole('button', { name: M.markReceived }));
    dialog = await screen.findByRole('dialog', { name: 'Receive the return' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Receive and refund $181.44 CAD' }),
    );
    expect(await screen.findByText(M.received)).toBeInTheDocument();
    expect(requestBody(api.fetchMock, 'POST', `/store/returns/${REQUESTED.id}/receive`)).toEqual({
      damaged: false,
    });
  });

  it('asks for a note before marking it received damaged', async () => {
    const api = returnsApi([REQUESTED]);
    const { user } = renderAdmin('returns');
    const list = await screen.findByRole('list', { name: 'Returns' });
    await user.click(within(list).getByRole('button', { name: M.receivedDamaged }));
    const form = screen.getByRole('form', { name: 'Received damaged: #9A8B7C6D' });
    expect(form).toHaveAttribute('novalidate');
    await user.click(within(form).getByRole('button', { name: 'Save as received damaged' }));
    expect(within(form).getByText(M.damagedNoteRequired)).toBeVisible();
    expect(api.writes()).toEqual([]);
    await user.type(within(form).getByLabelText('Damage note'), 'Torn seam');
    await user.click(within(form).getByRole('button', { name: 'Save as received damaged' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive the return' });
    expect(dialog).toHaveTextContent('Received damaged: Torn seam');
    expect(api.writes()).toEqual([]);
    await user.click(
      within(dialog).getByRole('button', { name: 'Receive and refund $181.44 CAD' }),
    );
    expect(await screen.findByText(M.received)).toBeInTheDocument();
    expect(requestBody(api.fetchMock, 'POST', `/store/returns/${REQUESTED.id}/receive`)).toEqual({
      damaged: true,
      note: 'Torn seam',
    });
  });

  it('says so when there are no returns', async () => {
    returnsApi([]);
    renderAdmin('returns');
    expect(await screen.findByText(M.noReturns)).toBeInTheDocument();
  });
});
