import {
  PAYOUT_MESSAGES,
  SALES_TAX_MESSAGES,
  STORE_ORDER_MESSAGES,
  asCents,
  carriedFrom,
  payoutLedger,
  payoutLedgerView,
  type PayoutCentsAdjustment,
  type PayoutCentsInput,
  type StorePayoutLedger,
} from '@marketplace/shared';
import { waitFor } from '@testing-library/react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { adminApi, deferred, renderAdmin } from '../testing/admin-api';
import { TAX_COLUMN } from './payouts-panel';

/** Three store orders: two CAD ones in February's first period (one small enough for the
 * shipping reimbursement), and a USD one refunded in full in the period before. */
const ORDERS: PayoutCentsInput[] = [
  {
    storeOrderId: 'aaaaaaaa-1111-4222-8333-444455556666',
    reference: 'AAAA1111',
    placedAt: '2026-02-10T15:30:00.000Z',
    currency: 'CAD',
    grossCents: asCents(16200),
    shippingChargedCents: asCents(1000),
    refundedCents: asCents(0),
    orderTotalCents: asCents(17200),
    // Vancouver: GST and PST on the jacket and its shipping (issue 15); never the brand's.
    taxCollectedCents: asCents(2064),
  },
  {
    storeOrderId: 'bbbbbbbb-1111-4222-8333-444455556666',
    reference: 'BBBB2222',
    placedAt: '2026-02-12T09:00:00.000Z',
    currency: 'CAD',
    grossCents: asCents(5000),
    shippingChargedCents: asCents(1000),
    refundedCents: asCents(0),
    orderTotalCents: asCents(6000),
  },
  {
    storeOrderId: 'cccccccc-1111-4222-8333-444455556666',
    reference: 'CCCC3333',
    placedAt: '2026-01-20T12:00:00.000Z',
    currency: 'USD',
    grossCents: asCents(10000),
    shippingChargedCents: asCents(0),
    refundedCents: asCents(10000),
    orderTotalCents: asCents(21000),
  },
];
const PAYOUTS = payoutLedgerView(payoutLedger(ORDERS, [], []));

const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('payouts tab', () => {
  it('lists what each period pays and how each order adds to it, with the policy', async () => {
    const api = adminApi({ payouts: PAYOUTS });
    renderAdmin('payouts');

    const periods = await screen.findByRole('region', { name: 'Payout periods' });
    expect(api.paths()).toContain('GET /api/store/payouts');
    expect(
      within(periods)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Period',
      'Payout date',
      'Currency',
      'Orders',
      'Sales',
      'Commission',
      'Shipping',
      'Listing fees',
      'Refunds after payout',
      'Balance carried',
      'Net',
      'Payout',
      'Statement',
    ]);
    const [, february, january] = within(periods).getAllByRole('row');
    // A period's end is exclusive: its last day is the 15th, the payout goes out on the 16th.
    expect(cells(february!)).toEqual([
      'Feb 2, 2026 – Feb 15, 2026',
      'Feb 16, 2026',
      'CAD',
      '2',
      '$212.00',
      '$43.00',
      '$25.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$194.00',
      'Not paid yet',
      'PDFCSV',
    ]);
    expect(cells(january!)).toEqual([
      'Jan 19, 2026 – Feb 1, 2026',
      'Feb 2, 2026',
      'USD',
      '1',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      'Not paid yet',
      'PDFCSV',
    ]);

    const lines = screen.getByRole('region', { name: 'Payouts by order' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Order',
      'Placed',
      'Sales',
      'Payment fee',
      'Marketplace fee',
      'Shipping collected',
      'Reimbursement',
      'Refunded',
      'Net',
      'Tax collected (the marketplace remits it)',
    ]);
    const [, small, large, refunded] = within(lines).getAllByRole('row');
    expect(cells(small!)).toEqual([
      '#BBBB2222',
      'Feb 12, 2026',
      '$50.00 CAD',
      '$1.75 CAD',
      '$8.55 CAD',
      '$10.00 CAD',
      '$5.00 CAD',
      '$0.00 CAD',
      '$54.70 CAD',
      '$0.00 CAD',
    ]);
    expect(cells(large!)).toEqual([
      '#AAAA1111',
      'Feb 10, 2026',
      '$162.00 CAD',
      '$5.00 CAD',
      '$27.70 CAD',
      '$10.00 CAD',
      '$0.00 CAD',
      '$0.00 CAD',
      '$139.30 CAD', // the same net with or without the tax collected
      '$20.64 CAD',
    ]);
    expect(refunded).toHaveTextContent('#CCCC3333');
    expect(refunded).toHaveTextContent('$100.00 USD');

    // Spec 9's policy, in words, from the shared constants.
    const policy = screen.getByText(/^Each sale carries/, { selector: 'p' });
    for (const figure of [
      '20% commission',
      '2.9% + $0.30',
      '17.1%',
      '$80.00 CAD',
      '$70.00 USD',
      '50% of the $10.00 shipping fee',
      'every 2 weeks',
    ]) {
      expect(policy).toHaveTextContent(figure);
    }
  });

  it('opens with the next payout, its amount and its date, before the policy and the tables (issue 39.18)', async () => {
    adminApi({ payouts: PAYOUTS });
    renderAdmin('payouts');
    const summary = await screen.findByRole('region', { name: 'Next payout' });
    const items = within(summary).getAllByRole('definition');
    expect(summary).toHaveTextContent(
      'Next payout$0.00 USDon Feb 2, 2026, for Jan 19, 2026 – Feb 1, 2026',
    );
    expect(summary).toHaveTextContent(
      'Next payout$194.00 CADon Feb 16, 2026, for Feb 2, 2026 – Feb 15, 2026',
    );
    expect(items.length).toBeGreaterThan(0);
    // First: before the policy, the account and the tables.
    const heading = screen.getByRole('heading', { level: 2, name: 'Payouts' });
    const policy = screen.getByText(/Each sale carries a 20/);
    const periods = screen.getByRole('region', { name: 'Payout periods' });
    expect(
      heading.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(summary.compareDocumentPosition(policy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      summary.compareDocumentPosition(periods) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // The statements' column stays at the right edge of the screen while the table scrolls.
    expect(within(periods).getByRole('columnheader', { name: 'Statement' })).toHaveClass(
      'admin-table__pinned',
    );
  });

  it('with nothing paid yet, says when the next payout date is', async () => {
    adminApi({ payouts: { lines: [], adjustments: [], periods: [] } });
    renderAdmin('payouts');
    const summary = await screen.findByRole('region', { name: 'Next payout' });
    expect(summary).toHaveTextContent(/^Next payout date\w{3} \d{1,2}, \d{4}$/);
  });

  it('says plainly that sales tax is the marketplace’s to remit, never part of gross, commission or net (issue 15)', async () => {
    adminApi({ payouts: PAYOUTS });
    renderAdmin('payouts');
    await screen.findByRole('region', { name: 'Payout periods' });
    const note = screen.getByText(SALES_TAX_MESSAGES.payoutsExcludeTax, { selector: 'p' });
    expect(note).toHaveTextContent(/marketplace’s to remit/);
    expect(note).toHaveTextContent(/never part of your gross, your commission or your net/);
    // Tax shows only beside the payout, as the marketplace's, after the net.
    const headings = screen.getAllByRole('columnheader').map((th) => th.textContent ?? '');
    expect(headings.filter((heading) => /tax/i.test(heading))).toEqual([TAX_COLUMN]);
    const lines = screen.getByRole('region', { name: 'Payouts by order' });
    expect(within(lines).getAllByRole('columnheader').at(-1)).toHaveTextContent(TAX_COLUMN);
  });

  it('says plainly when there is nothing to pay out yet', async () => {
    adminApi({ payouts: { lines: [], adjustments: [], periods: [] } });
    renderAdmin('payouts');
    expect(await screen.findByText('No payouts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payout periods' })).toBeNull();
  });

  it('shows a loading state, then the load failure with a retry', async () => {
    let fail = true;
    const response = deferred<Response>();
    adminApi({
      extra: (method, path) => {
        if (path !== '/store/payouts') return undefined;
        return fail ? response.promise : jsonResponse(200, PAYOUTS);
      },
    });
    const { user } = renderAdmin('payouts');
    expect(await screen.findByText('Loading payouts…')).toBeInTheDocument();
    response.resolve(jsonResponse(500, {}));
    expect(await screen.findByText(STORE_ORDER_MESSAGES.payoutsFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Payout periods' })).toBeInTheDocument();
  });
});

describe('payouts tab: listing fees, refunds after payout, payouts and statements (issue 17)', () => {
  const FEBRUARY = { start: '2026-02-02', end: '2026-02-16' };
  const JANUARY = { start: '2026-01-19', end: '2026-02-02' };
  const ADJUSTMENTS: PayoutCentsAdjustment[] = [
    {
      kind: 'LISTING_FEE',
      date: '2026-02-11T10:00:00.000Z',
      currency: 'CAD',
      amountCents: asCents(-10),
      description: 'Linen Shirt (listing 21)',
      period: FEBRUARY,
    },
    {
      kind: 'REFUND_AFTER_PAYOUT',
      date: '2026-02-05T10:00:00.000Z',
      currency: 'CAD',
      amountCents: asCents(-5470),
      description: '#DDDD4444',
      period: FEBRUARY,
    },
  ];
  const LEDGER: StorePayoutLedger = payoutLedgerView(
    payoutLedger(ORDERS, ADJUSTMENTS, [
      {
        periodStart: JANUARY.start,
        currency: 'USD',
        status: 'PAID',
        amountCents: asCents(0),
        reference: 'tr_1Example',
        paidAt: '2026-02-02T06:00:00.000Z',
      },
    ]),
  );

  it('shows the listing fee and the refund after payout, deducted from the period, and the payout reference', async () => {
    adminApi({ payouts: LEDGER });
    renderAdmin('payouts');
    const periods = await screen.findByRole('region', { name: 'Payout periods' });
    const [, february, january] = within(periods).getAllByRole('row');
    // $194.00 of sales, less the $0.10 fee and the $54.70 refund after January's payout.
    expect(cells(february!).slice(7, 12)).toEqual([
      '-$0.10',
      '-$54.70',
      '$0.00',
      '$139.20',
      'Not paid yet',
    ]);
    expect(cells(january!)[11]).toBe('Paidtr_1Example');
    const adjustments = screen.getByRole('region', { name: 'Fees and adjustments' });
    const [, fee, refund] = within(adjustments).getAllByRole('row');
    expect(cells(fee!)).toEqual([
      'Feb 11, 2026',
      'Listing fee',
      'Linen Shirt (listing 21)',
      'Feb 16, 2026',
      '-$0.10 CAD',
    ]);
    expect(cells(refund!)).toEqual([
      'Feb 5, 2026',
      'Refund after payout',
      '#DDDD4444',
      'Feb 16, 2026',
      '-$54.70 CAD',
    ]);
    expect(screen.getByText(/first 20 products are free to list/)).toHaveTextContent('$0.10');
  });

  it('downloads a period’s statement as PDF or CSV with the token', async () => {
    const api = adminApi({ payouts: LEDGER });
    const createObjectURL = vi.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = renderAdmin('payouts');
    await screen.findByRole('region', { name: 'Payout periods' });
    api.fetchMock.mockImplementationOnce(async () => new Response('type,date', { status: 200 }));
    await user.click(
      screen.getByRole('button', { name: 'CSV statement, Feb 2, 2026 – Feb 15, 2026' }),
    );
    await waitFor(() =>
      expect(api.paths()).toContain('GET /api/store/payouts/statements/2026-02-02/csv'),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('shows a period below zero as carried, and its balance taken from the next one (decision 025)', async () => {
    const carried = payoutLedgerView(
      payoutLedger(
        ORDERS.filter((order) => order.currency === 'CAD'),
        [
          {
            kind: 'LISTING_FEE',
            date: '2026-01-25T10:00:00.000Z',
            currency: 'CAD',
            amountCents: asCents(-30),
            description: 'Linen Shirt (listing 23)',
            period: JANUARY,
          },
          {
            kind: 'BALANCE_CARRIED',
            date: '2026-02-02T00:00:00.000Z',
            currency: 'CAD',
            amountCents: asCents(-30),
            description: carriedFrom(JANUARY),
            period: FEBRUARY,
          },
        ],
        [
          {
            periodStart: JANUARY.start,
            currency: 'CAD',
            status: 'CARRIED',
            amountCents: asCents(-30),
            reference: null,
            paidAt: null,
          },
        ],
      ),
    );
    adminApi({ payouts: carried });
    renderAdmin('payouts');
    const periods = await screen.findByRole('region', { name: 'Payout periods' });
    const [, february, january] = within(periods).getAllByRole('row');
    expect(cells(february!).slice(7, 12)).toEqual([
      '$0.00',
      '$0.00',
      '-$0.30',
      '$193.70',
      'Not paid yet',
    ]);
    expect(cells(january!).slice(7, 12)).toEqual([
      '-$0.30',
      '$0.00',
      '$0.00',
      '-$0.30',
      PAYOUT_MESSAGES.carriedToNextPayout,
    ]);
    const adjustments = screen.getByRole('region', { name: 'Fees and adjustments' });
    expect(cells(within(adjustments).getAllByRole('row')[1]!)).toEqual([
      'Feb 2, 2026',
      'Balance carried',
      'carried from 2026-01-19 to 2026-02-01',
      'Feb 16, 2026',
      '-$0.30 CAD',
    ]);
  });

  it('shows the Stripe account status and sends the brand to onboarding', async () => {
    const api = adminApi({
      payouts: LEDGER,
      account: { provider: 'stripe', status: 'details_needed', accountId: 'acct_1' },
      extra: (method, path) =>
        method === 'POST' && path === '/store/payouts/account/onboarding'
          ? new Response(JSON.stringify({ url: 'https://connect.stripe.com/setup/e/acct_1/x' }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : undefined,
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const { user } = renderAdmin('payouts');
      expect(await screen.findByTestId('payout-account-status')).toHaveTextContent(
        PAYOUT_MESSAGES.accountStatus.details_needed,
      );
      await user.click(screen.getByRole('button', { name: PAYOUT_MESSAGES.continueSetup }));
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/x'),
      );
      expect(api.paths()).toContain('POST /api/store/payouts/account/onboarding');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('no button once payouts are enabled', async () => {
    adminApi({
      payouts: LEDGER,
      account: { provider: 'stripe', status: 'payouts_enabled', accountId: 'acct_1' },
    });
    renderAdmin('payouts');
    expect(await screen.findByTestId('payout-account-status')).toHaveTextContent('Payouts enabled');
    expect(screen.queryByRole('button', { name: /with Stripe/ })).toBeNull();
  });
});
