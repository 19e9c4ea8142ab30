import { SALES_TAX_MESSAGES, STORE_ORDER_MESSAGES, summarizePayouts } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { adminApi, deferred, renderAdmin } from '../testing/admin-api';
import { TAX_COLUMN } from './payouts-panel';

/** Three store orders: two CAD ones in February's first period (one small enough for the
 * shipping reimbursement), and a USD one refunded in full in the period before. */
const PAYOUTS = summarizePayouts([
  {
    storeOrderId: 'aaaaaaaa-1111-4222-8333-444455556666',
    reference: 'AAAA1111',
    placedAt: '2026-02-10T15:30:00.000Z',
    currency: 'CAD',
    gross: 162,
    shippingCharged: 10,
    refunded: 0,
    orderTotal: 172,
    // Vancouver: GST and PST on the jacket and its shipping (issue 15); never the brand's.
    taxCollected: 20.64,
  },
  {
    storeOrderId: 'bbbbbbbb-1111-4222-8333-444455556666',
    reference: 'BBBB2222',
    placedAt: '2026-02-12T09:00:00.000Z',
    currency: 'CAD',
    gross: 50,
    shippingCharged: 10,
    refunded: 0,
    orderTotal: 60,
  },
  {
    storeOrderId: 'cccccccc-1111-4222-8333-444455556666',
    reference: 'CCCC3333',
    placedAt: '2026-01-20T12:00:00.000Z',
    currency: 'USD',
    gross: 100,
    shippingCharged: 0,
    refunded: 100,
    orderTotal: 210,
  },
]);

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
      'Net',
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
      '$194.00',
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
    expect(headings.at(-1)).toBe(TAX_COLUMN);
  });

  it('says plainly when there is nothing to pay out yet', async () => {
    adminApi({ payouts: { lines: [], periods: [] } });
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
