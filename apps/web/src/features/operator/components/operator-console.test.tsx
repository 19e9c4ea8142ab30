import type {
  AuditLogPage,
  MoneyAtAGlance,
  OperatorBrand,
  OperatorBrandPage,
  ReportedReviewPage,
  TaxReport,
  UserProfile,
} from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import {
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';

// Chart.js draws on a canvas, which jsdom has not: the chart is checked by its data.
const charted = vi.hoisted(() => ({ weeks: [] as unknown[], currency: '' }));
vi.mock('./money-chart', () => ({
  MoneyChart: (props: { weeks: unknown[]; currency: string }) => {
    charted.weeks = props.weeks;
    charted.currency = props.currency;
    return <div data-testid="money-chart" />;
  },
}));

const profile = (role: 'buyer' | 'operator'): UserProfile => ({
  userName: 'olivia',
  firstName: 'Olivia',
  lastName: 'Operator',
  email: 'olivia@example.com',
  storeName: null,
  role,
  addresses: [],
});

const brand = (overrides: Partial<OperatorBrand> = {}): OperatorBrand => ({
  storeId: '11111111-2222-4333-8444-555566667777',
  name: 'Maple Denim Co',
  city: 'VANCOUVER',
  status: 'ACTIVE',
  ownerUserName: 'maple-denim',
  createdAt: '2026-01-01T00:00:00.000Z',
  products: 6,
  orders: 3,
  sales: [{ currency: 'CAD', amount: 240 }],
  returnsRate: 0.25,
  ...overrides,
});

const brandPage = (brands: OperatorBrand[], total = brands.length): OperatorBrandPage => ({
  brands,
  total,
  page: 1,
  pageSize: 20,
});

function signIn(
  role: 'buyer' | 'operator',
  routes: Record<string, (init?: RequestInit) => Response>,
) {
  setSession(validToken('olivia'), 'olivia');
  return mockFetch((method, path, init) => {
    if (path === '/user/olivia') return jsonResponse(200, profile(role));
    if (path === '/orders/cart')
      return jsonResponse(200, { items: [], subtotal: 0, currency: 'CAD' });
    const handler = routes[`${method} ${path}`];
    return handler
      ? handler(init)
      : jsonResponse(404, { message: `No mock for ${method} ${path}` });
  });
}

describe('the operator console', () => {
  it('tells anyone but an operator that it is not theirs, and asks the API nothing of it', async () => {
    const fetchMock = signIn('buyer', {});
    renderRoute('/operator');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only the marketplace operators can open the console.',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/operator/'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'Operator' })).not.toBeInTheDocument();
  });

  it('shows the Operator link to operators only, and lists the brands with their figures', async () => {
    signIn('operator', {
      'GET /operator/brands?page=1': () =>
        jsonResponse(
          200,
          brandPage([
            brand(),
            brand({
              storeId: 'b2',
              name: 'Harbour Knits',
              status: 'SUSPENDED',
              sales: [],
              city: 'LOS ANGELES',
            }),
          ]),
        ),
    });
    renderRoute('/operator');
    const table = await screen.findByRole('region', { name: 'Brands' });
    expect(screen.getByRole('link', { name: 'Operator' })).toHaveAttribute('href', '/operator');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      // Cities by their names, never their codes (issue 39 item 13).
      ['Active', 'Vancouver', '6', '3', '$240.00 CAD', '25%', 'Suspend'],
      ['Suspended', 'Los Angeles', '6', '3', '—', '25%', 'Reinstate'],
    ]);
  });

  it('suspends a brand with a reason, refusing an empty one, and shows the server refusal', async () => {
    let answer = jsonResponse(409, { message: 'This store is already suspended.' });
    const fetchMock = signIn('operator', {
      'GET /operator/brands?page=1': () => jsonResponse(200, brandPage([brand()])),
      [`POST /operator/brands/${brand().storeId}/suspend`]: () => answer,
    });
    const { user } = renderRoute('/operator');
    await user.click(await screen.findByRole('button', { name: 'Suspend Maple Denim Co' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Counterfeit goods.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This store is already suspended.',
    );
    answer = jsonResponse(200, brand({ status: 'SUSPENDED' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestBody(fetchMock, 'POST', `/operator/brands/${brand().storeId}/suspend`)).toEqual({
      reason: 'Counterfeit goods.',
    });
  });

  it('approves an application without a reason, and declines one only with a reason (issue 39.4)', async () => {
    const waiting = brand({ status: 'PENDING', products: 0, orders: 0, sales: [] });
    const fetchMock = signIn('operator', {
      'GET /operator/brands?page=1': () => jsonResponse(200, brandPage([waiting])),
      [`POST /operator/brands/${waiting.storeId}/approve`]: () =>
        jsonResponse(200, { ...waiting, status: 'ACTIVE' }),
      [`POST /operator/brands/${waiting.storeId}/decline`]: () =>
        jsonResponse(200, { ...waiting, status: 'DECLINED' }),
    });
    const { user } = renderRoute('/operator');
    const row = (await screen.findByRole('button', { name: 'Approve Maple Denim Co' })).closest(
      'tr',
    )!;
    expect(
      within(row).getByRole('button', { name: 'Decline the application of Maple Denim Co' }),
    ).toHaveTextContent('Decline application');
    expect(within(row).queryByRole('button', { name: /Suspend/ })).toBeNull();

    await user.click(
      within(row).getByRole('button', { name: 'Decline the application of Maple Denim Co' }),
    );
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Not a clothing brand.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestBody(fetchMock, 'POST', `/operator/brands/${waiting.storeId}/decline`)).toEqual({
      reason: 'Not a clothing brand.',
    });

    await user.click(screen.getByRole('button', { name: 'Approve Maple Denim Co' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestBody(fetchMock, 'POST', `/operator/brands/${waiting.storeId}/approve`)).toEqual({
      reason: '',
    });
  });

  it('queues reported reviews and hides one with a reason', async () => {
    const queue: ReportedReviewPage = {
      reviews: [
        {
          reviewId: 7,
          itemId: 3,
          itemName: 'Railtown Jeans',
          authorUserName: 'troll',
          displayName: 'Tom R.',
          rating: 1,
          fitScore: 3,
          comment: 'Rude words.',
          reports: [{ reason: 'Offensive language.', createdAt: '2026-11-02T10:00:00.000Z' }],
          firstReportedAt: '2026-11-02T10:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    };
    let emptied = false;
    const fetchMock = signIn('operator', {
      'GET /operator/reviews?page=1': () =>
        jsonResponse(200, emptied ? { ...queue, reviews: [], total: 0 } : queue),
      'POST /operator/reviews/7/hide': () => {
        emptied = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderRoute('/operator?tab=reviews');
    expect(await screen.findByText('Rude words.')).toBeInTheDocument();
    expect(screen.getByText('Offensive language.')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Hide the review by Tom R. of Railtown Jeans' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Abusive.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('No reported reviews are waiting.')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/operator/reviews/7/hide')).toEqual({
      reason: 'Abusive.',
    });
  });

  it('charts and tables the money per week, and lists overdue refunds oldest first', async () => {
    const money: MoneyAtAGlance = {
      from: '2026-10-01',
      to: '2026-11-01',
      weeks: [
        {
          week: '2026-10-05',
          currency: 'CAD',
          gmv: 500,
          orders: 4,
          commission: 100.2,
          taxCollected: 60,
          refunds: 20,
          returns: 3,
        },
        {
          week: '2026-10-12',
          currency: 'USD',
          gmv: 80,
          orders: 1,
          commission: 16.3,
          taxCollected: 7,
          refunds: 0,
          returns: 0,
        },
      ],
      overdueReturns: [
        {
          returnId: 'r1',
          reference: 'AB12CD34',
          storeId: 's',
          storeName: 'Maple Denim Co',
          buyerUserName: 'shopper',
          receivedAt: '2026-10-20T10:00:00.000Z',
          refundDueBy: '2026-10-23T23:59:59.000Z',
          amount: 45,
          currency: 'CAD',
        },
      ],
    };
    const taxReport: TaxReport = {
      from: money.from,
      to: money.to,
      rows: [
        {
          currency: 'CAD',
          jurisdiction: 'CA-ON',
          jurisdictionName: 'Ontario',
          taxType: 'HST',
          taxableAmount: 460,
          collected: 59.8,
          refunded: 2.6,
          net: 57.2,
        },
      ],
      totals: [{ currency: 'CAD', collected: 59.8, refunded: 2.6, net: 57.2 }],
    };
    signIn('operator', {});
    const fetchMock = mockFetch((method, path) => {
      if (path === '/user/olivia') return jsonResponse(200, profile('operator'));
      if (path.startsWith('/operator/money?')) return jsonResponse(200, money);
      if (path.startsWith('/operator/tax-report?')) return jsonResponse(200, taxReport);
      return jsonResponse(200, { items: [], subtotal: 0, currency: 'CAD' });
    });
    const { user } = renderRoute('/operator?tab=money');
    const table = await screen.findByRole('region', { name: 'Money per week' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Oct 5, 2026$500.00 CAD4$100.20 CAD$60.00 CAD$20.00 CAD3',
    );
    expect(charted.currency).toBe('CAD');
    expect(charted.weeks).toEqual([money.weeks[0]]);
    // The tax report of the same days, from its own route.
    const taxTable = await screen.findByRole('region', { name: 'Tax report' });
    expect(within(taxTable).getAllByRole('row')[1]).toHaveTextContent(
      'OntarioHST$460.00 CAD$59.80 CAD$2.60 CAD$57.20 CAD',
    );
    expect(within(taxTable).getAllByRole('row').at(-1)).toHaveTextContent(
      'Total CAD$59.80 CAD$2.60 CAD$57.20 CAD',
    );
    // Its CSV, for the same days, downloaded with the operator's token (issue 39.20).
    const createObjectURL = vi.fn(() => 'blob:tax-report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await user.click(screen.getByRole('button', { name: 'Download the tax report (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const csvUrl = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .find((url) => url.searchParams.get('format') === 'csv');
    expect(csvUrl?.pathname).toBe('/api/operator/tax-report');
    const [moneyUrl] = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/operator/money?'));
    const [taxUrl] = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/operator/tax-report?'));
    expect(new URL(taxUrl!, 'http://x').search).toBe(new URL(moneyUrl!, 'http://x').search);
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    expect(
      within(screen.getByRole('region', { name: 'Money per week' })).getAllByRole('row')[1],
    ).toHaveTextContent('$80.00 USD');
    expect(
      within(screen.getByRole('region', { name: 'Overdue refunds' })).getByText('#AB12CD34'),
    ).toBeInTheDocument();

    // The range is checked by the shared rule before it is asked for.
    // A start the day after the end, whatever today is (the end defaults to tomorrow).
    const end = (screen.getByLabelText('To (not included)') as HTMLInputElement).value;
    const dayAfterEnd = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), dayAfterEnd);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The period must end after it starts.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).includes(`from=${dayAfterEnd}`)),
    ).toEqual([]);
  });
  it('runs the payouts from its own tab', async () => {
    signIn('operator', {
      'GET /operator/payouts/runs?page=1&pageSize=10': () =>
        jsonResponse(200, [], { 'X-Total-Count': '0' }),
      'GET /operator/payouts/due': () =>
        jsonResponse(200, { periods: [], nextPayoutDate: '2026-02-02' }),
    });
    renderRoute('/operator?tab=payouts');
    expect(await screen.findByRole('tab', { name: 'Payouts', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No payout runs yet.')).toBeInTheDocument();
    expect(
      await screen.findByText('No payouts are due. The next payout date is Feb 2, 2026.'),
    ).toBeInTheDocument();
  });

  it('links each brand to its store page and its details, and explains the returns rate (issue 39.20)', async () => {
    signIn('operator', {
      'GET /operator/brands?page=1': () =>
        jsonResponse(
          200,
          brandPage([
            brand(),
            brand({ storeId: 'b2', name: 'Harbour Knits', status: 'SUSPENDED', sales: [] }),
          ]),
        ),
    });
    const { user } = renderRoute('/operator');
    const table = await screen.findByRole('region', { name: 'Brands' });
    expect(within(table).getByRole('link', { name: 'Maple Denim Co' })).toHaveAttribute(
      'href',
      '/store/Maple%20Denim%20Co',
    );
    // A suspended store has no public page to open.
    expect(within(table).queryByRole('link', { name: 'Harbour Knits' })).toBeNull();
    const explained =
      'Returns rate: of the brand’s orders delivered since it opened, the share with a refund after delivery (a return or a refund of a delivered item).';
    expect(
      within(table).getByRole('columnheader', { name: /Returns rate/ }),
    ).toHaveAccessibleDescription(explained);

    await user.click(within(table).getByRole('button', { name: 'Details of Maple Denim Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maple Denim Co' });
    expect(dialog).toHaveTextContent('Ownermaple-denim');
    expect(dialog).toHaveTextContent('OpenedJan 1, 2026');
    expect(dialog).toHaveTextContent(`Returns rate25%${explained}`);
    expect(within(dialog).getByRole('link', { name: 'Open the store page' })).toHaveAttribute(
      'href',
      '/store/Maple%20Denim%20Co',
    );
  });

  it('shows the audit log in its own tab, a page at a time, and downloads it as CSV (issue 39.20)', async () => {
    const log: AuditLogPage = {
      entries: [
        {
          id: 2,
          operatorUserName: 'olivia',
          action: 'SUSPEND_STORE',
          subjectType: 'store',
          subjectId: 's1',
          subjectName: 'Maple Denim Co',
          reason: 'Selling counterfeit goods.',
          createdAt: '2026-11-20T15:00:00.000Z',
        },
        {
          id: 1,
          operatorUserName: 'olivia',
          action: 'HIDE_REVIEW',
          subjectType: 'review',
          subjectId: '7',
          subjectName: 'Harbour Jacket',
          reason: 'Spam.',
          createdAt: '2026-11-19T15:00:00.000Z',
        },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    };
    const fetchMock = signIn('operator', {
      'GET /operator/audit-log?page=1': () => jsonResponse(200, log),
      'GET /operator/audit-log?format=csv': () =>
        new Response('createdAt,operatorUserName', { status: 200 }),
    });
    const createObjectURL = vi.fn(() => 'blob:audit-log');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderRoute('/operator?tab=audit');
    expect(
      await screen.findByRole('tab', { name: 'Audit log', selected: true }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent?.replace(/^.*?(olivia)/, '$1'))).toEqual([
      'oliviaSuspended the brandMaple Denim CoSelling counterfeit goods.',
      'oliviaHid the reviewHarbour JacketSpam.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Download the audit log (CSV)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith('/operator/audit-log?format=csv')),
    ).toBe(true);
  });
});
