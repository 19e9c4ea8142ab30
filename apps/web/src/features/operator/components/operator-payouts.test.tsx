import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DuePayouts, PayoutPreview, PayoutRun } from '@marketplace/shared';
import { jsonResponse, mockFetch, renderRoute, requestBody } from '../../../test/render';
import { OperatorPayouts } from './operator-payouts';

const RUN: PayoutRun = {
  id: 'run-1',
  provider: 'stripe',
  periodStart: '2026-01-05',
  periodEnd: '2026-01-19',
  startedAt: '2026-01-19T06:00:00.000Z',
  finishedAt: '2026-01-19T06:00:05.000Z',
  file: null,
  results: [
    {
      storeId: 's1',
      storeName: 'Maple Denim Co',
      currency: 'CAD',
      amount: 89.7,
      outcome: 'PAID',
      reference: 'tr_1Maple',
      reason: null,
    },
    {
      storeId: 's2',
      storeName: 'Rain Hats',
      currency: 'CAD',
      amount: 40,
      outcome: 'SKIPPED',
      reference: null,
      reason: 'Not onboarded to Stripe payouts yet.',
    },
    {
      storeId: 's3',
      storeName: 'Tiny Tees',
      currency: 'CAD',
      amount: -0.3,
      outcome: 'CARRIED',
      reference: null,
      reason: 'The net is below zero: nothing is sent, and the brand’s next payout takes it.',
    },
  ],
};

const DUE_PERIOD: PayoutPreview = {
  periodStart: '2026-01-05',
  periodEnd: '2026-01-19',
  brands: [
    {
      storeId: 's1',
      storeName: 'Maple Denim Co',
      currency: 'CAD',
      amount: 89.7,
      outcome: 'TO_PAY',
      reason: null,
    },
    {
      storeId: 's4',
      storeName: 'North Shore Knits',
      currency: 'CAD',
      amount: 276.08,
      outcome: 'TO_PAY',
      reason: null,
    },
    {
      storeId: 's2',
      storeName: 'Rain Hats',
      currency: 'CAD',
      amount: 40,
      outcome: 'SKIPPED',
      reason: 'Not onboarded to Stripe payouts yet.',
    },
  ],
  toPay: [{ currency: 'CAD', amount: 365.78, brandCount: 2 }],
};

const render = () =>
  renderRoute('/operator', { routes: [{ path: '/operator', element: <OperatorPayouts /> }] });

/** The console's API: the periods due (emptied by a run), the runs, and the run itself. */
function payoutsApi(due: DuePayouts, runResponse = () => jsonResponse(200, RUN)) {
  const runs: PayoutRun[] = [];
  const state = { due };
  const fetchMock = mockFetch((method, path) => {
    if (method === 'GET' && path === '/operator/payouts/due') return jsonResponse(200, state.due);
    if (method === 'GET' && path.startsWith('/operator/payouts/runs?'))
      return jsonResponse(200, runs, { 'X-Total-Count': String(runs.length) });
    if (method === 'POST' && path === '/operator/payouts/run') {
      const response = runResponse();
      if (response.ok) {
        runs.unshift(RUN);
        state.due = { ...state.due, periods: [] };
      }
      return response;
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('operator payouts', () => {
  it('shows each period due with what each brand will be paid, asks "Pay $365.78 to 2 brands?" and only then runs it (issue 39.2)', async () => {
    const fetchMock = payoutsApi({ periods: [DUE_PERIOD], nextPayoutDate: '2026-02-02' });
    const { user } = render();
    // No date to type: the periods due come from the server.
    expect(screen.queryByLabelText(/Payout date/)).toBeNull();
    const preview = await screen.findByRole('region', {
      name: 'Preview of the payouts of Jan 5, 2026 to Jan 19, 2026',
    });
    expect(
      within(preview)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Maple Denim Co$89.70 CADTo pay',
      'North Shore Knits$276.08 CADTo pay',
      'Rain Hats$40.00 CADSkipped · Not onboarded to Stripe payouts yet.',
    ]);

    await user.click(screen.getByRole('button', { name: 'Pay $365.78 CAD to 2 brands' }));
    let dialog = await screen.findByRole('dialog', { name: 'Run payouts' });
    expect(dialog).toHaveTextContent('Pay $365.78 CAD to 2 brands?');
    expect(posts(fetchMock)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay $365.78 CAD to 2 brands' }));
    dialog = await screen.findByRole('dialog', { name: 'Run payouts' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $365.78 CAD' }));
    const thisRun = await screen.findByRole('heading', { name: 'This run' });
    expect(requestBody(fetchMock, 'POST', '/operator/payouts/run')).toEqual({
      period: '2026-01-19',
    });
    const table = thisRun.nextElementSibling as HTMLElement;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Maple Denim CoPaid$89.70 CADtr_1Maple',
      'Rain HatsSkipped$40.00 CADNot onboarded to Stripe payouts yet.',
      'Tiny TeesCarried (below zero)-$0.30 CADThe net is below zero: nothing is sent, and the brand’s next payout takes it.',
    ]);
    // Paid: the period is no longer due.
    expect(
      await screen.findByText('No payouts are due. The next payout date is Feb 2, 2026.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('No payout runs yet.')).toBeNull());
  });

  it('runs a period that only carries balances below zero, saying nothing is sent', async () => {
    const carriedOnly: PayoutPreview = {
      periodStart: '2026-01-05',
      periodEnd: '2026-01-19',
      brands: [
        {
          storeId: 's3',
          storeName: 'Tiny Tees',
          currency: 'CAD',
          amount: -0.3,
          outcome: 'CARRIED',
          reason: 'The net is below zero: nothing is sent, and the brand’s next payout takes it.',
        },
      ],
      toPay: [],
    };
    const fetchMock = payoutsApi({ periods: [carriedOnly], nextPayoutDate: '2026-02-02' });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Run payouts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run payouts' });
    expect(dialog).toHaveTextContent(
      'Nothing is sent: the run only carries the balances below zero.',
    );
    expect(posts(fetchMock)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByRole('heading', { name: 'This run' })).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/operator/payouts/run')).toEqual({
      period: '2026-01-19',
    });
  });

  it('shows the server’s refusal in the confirmation', async () => {
    payoutsApi({ periods: [DUE_PERIOD], nextPayoutDate: '2026-02-02' }, () =>
      jsonResponse(409, {
        message: 'This period has not ended yet: it can be paid from its payout date.',
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Pay $365.78 CAD to 2 brands' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run payouts' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay $365.78 CAD' }));
    expect(
      await within(dialog).findByText(
        'This period has not ended yet: it can be paid from its payout date.',
      ),
    ).toBeInTheDocument();
  });

  it('offers a run’s bank file as a download, never its server path (issue 39.2)', async () => {
    const withFile: PayoutRun = { ...RUN, provider: 'local', file: 'payouts-2026-01-19-run-1.csv' };
    const fetchMock = mockFetch((method, path) => {
      if (path === '/operator/payouts/due')
        return jsonResponse(200, { periods: [], nextPayoutDate: '2026-02-02' });
      if (path.startsWith('/operator/payouts/runs?'))
        return jsonResponse(200, [withFile], { 'X-Total-Count': '1' });
      if (path === '/operator/payouts/runs/run-1/file')
        return new Response('reference,store_id', { status: 200 });
      return jsonResponse(404, { message: 'Not found.' });
    });
    const createObjectURL = vi.fn(() => 'blob:bank-file');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Download the bank transfer file' }),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(
      fetchMock.mock.calls.some(([url]) =>
        String(url).endsWith('/operator/payouts/runs/run-1/file'),
      ),
    ).toBe(true);
    expect(screen.queryByText(/File: /)).toBeNull();
  });
});
