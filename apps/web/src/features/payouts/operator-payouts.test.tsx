import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PayoutRun } from '@marketplace/shared';
import { jsonResponse, mockFetch, renderRoute, requestBody } from '../../test/render';
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

const render = () =>
  renderRoute('/operator', { routes: [{ path: '/operator', element: <OperatorPayouts /> }] });

describe('operator payouts', () => {
  it('checks the payout date before sending, runs the period and shows each brand once', async () => {
    const runs: PayoutRun[] = [];
    const fetchMock = mockFetch((method, path) => {
      if (method === 'GET' && path.startsWith('/operator/payouts/runs?'))
        return jsonResponse(200, runs, { 'X-Total-Count': String(runs.length) });
      if (method === 'POST' && path === '/operator/payouts/run') {
        runs.unshift(RUN);
        return jsonResponse(200, RUN);
      }
      return jsonResponse(404, { message: 'Not found.' });
    });
    const { user } = render();
    expect(await screen.findByText('No payout runs yet.')).toBeInTheDocument();

    const date = screen.getByLabelText('Payout date (the day a period ends)');
    await user.type(date, '2026-01-20');
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    expect(
      await screen.findByText(
        'Not a payout date: payout dates are every 14 days from 2026-01-19 (2026-01-19, 2026-02-02, 2026-02-16 and so on).',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(date);
    await user.type(date, '2026-01-19');
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
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
    await waitFor(() => expect(screen.queryByText('No payout runs yet.')).toBeNull());
  });

  it('shows the server’s refusal of a period not ended', async () => {
    mockFetch((method, path) => {
      if (method === 'GET') return jsonResponse(200, [], { 'X-Total-Count': '0' });
      if (path === '/operator/payouts/run')
        return jsonResponse(409, {
          message: 'This period has not ended yet: it can be paid from its payout date.',
        });
      return jsonResponse(404, {});
    });
    const { user } = render();
    await user.type(screen.getByLabelText('Payout date (the day a period ends)'), '2026-12-21');
    await user.click(screen.getByRole('button', { name: 'Run payouts' }));
    expect(
      await screen.findByText(
        'This period has not ended yet: it can be paid from its payout date.',
      ),
    ).toBeInTheDocument();
  });
});
