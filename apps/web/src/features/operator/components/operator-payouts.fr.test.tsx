import type { PayoutRun } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, requestBody } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { OperatorPayouts } from './operator-payouts';

/** Intl writes fr-CA amounts with no-break spaces: compare as one reads them. */
const read = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

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
      storeName: 'Atelier Mont-Royal',
      currency: 'CAD',
      amount: 189,
      outcome: 'PAID',
      reference: 'tr_1Atelier',
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

describe('operator payouts in French', () => {
  it('shows the period due, asks before paying and writes the outcomes in Canadian French', async () => {
    const runs: PayoutRun[] = [];
    const due = {
      periods: [
        {
          periodStart: '2026-01-05',
          periodEnd: '2026-01-19',
          brands: [
            {
              storeId: 's1',
              storeName: 'Atelier Mont-Royal',
              currency: 'CAD',
              amount: 189,
              outcome: 'TO_PAY',
              reason: null,
            },
          ],
          toPay: [{ currency: 'CAD', amount: 189, brandCount: 1 }],
        },
      ],
      nextPayoutDate: '2026-02-02',
    };
    const fetchMock = mockFetch((method, path) => {
      if (method === 'GET' && path === '/operator/payouts/due') return jsonResponse(200, due);
      if (method === 'GET' && path.startsWith('/operator/payouts/runs?'))
        return jsonResponse(200, runs, { 'X-Total-Count': String(runs.length) });
      if (method === 'POST' && path === '/operator/payouts/run') {
        runs.unshift(RUN);
        return jsonResponse(200, RUN);
      }
      return jsonResponse(404, { message: 'Not found.' });
    });
    const { user } = await renderInFrench(<OperatorPayouts />);

    expect(screen.getByRole('heading', { level: 2, name: 'Versements' })).toBeVisible();
    expect(await screen.findByText('Aucune exécution de versements pour l’instant.')).toBeVisible();
    const preview = await screen.findByRole('region', {
      name: 'Aperçu des versements du 5 janv. 2026 au 19 janv. 2026',
    });
    expect(read(within(preview).getAllByRole('row')[1]!.textContent)).toBe(
      'Atelier Mont-Royal189,00 $ CADÀ verser',
    );
    await user.click(screen.getByRole('button', { name: /^Verser 189,00.\$ CAD à 1 marque$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lancer les versements' });
    expect(read(dialog.textContent)).toContain('Verser 189,00 $ CAD à 1 marque?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /^Verser 189,00.\$ CAD$/ }));
    expect(await screen.findByRole('heading', { name: 'Cette exécution' })).toBeVisible();
    expect(requestBody(fetchMock, 'POST', '/operator/payouts/run')).toEqual({
      period: '2026-01-19',
    });
    const [thisRun] = screen.getAllByRole('region', {
      name: 'Versements du 5 janv. 2026 au 19 janv. 2026',
    });
    expect(
      within(thisRun!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Marque', 'Résultat', 'Montant', 'Référence ou raison']);
    expect(
      within(thisRun!)
        .getAllByRole('row')
        .slice(1)
        .map((row) => read(row.textContent)),
    ).toEqual([
      'Atelier Mont-RoyalPayé189,00 $ CADtr_1Atelier',
      'Rain HatsSauté40,00 $ CADPas encore inscrite aux versements Stripe.',
      'Tiny TeesReporté (sous zéro)-0,30 $ CADLe net est négatif : rien n’est envoyé, et le prochain versement de la marque l’absorbe.',
    ]);

    // The list of runs: the period, the provider and when it finished, in French.
    expect(await screen.findByRole('heading', { name: 'Exécutions' })).toBeVisible();
    expect(
      await screen.findByRole('heading', {
        level: 4,
        name: /^du 5 janv\. 2026 au 19 janv\. 2026 · stripe · terminée le 19 janv\. 2026/,
      }),
    ).toBeVisible();
    expect(screen.queryByText(/\$\d/)).toBeNull();
  });

  it('says in French that the payouts due and the runs could not be loaded', async () => {
    mockFetch(() => jsonResponse(500, {}));
    await renderInFrench(<OperatorPayouts />);
    expect(
      await screen.findByText(/Les exécutions de versements n’ont pas pu être chargées\./),
    ).toBeVisible();
    expect(await screen.findByText(/Les versements dus n’ont pas pu être chargés\./)).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Réessayer' })).toHaveLength(2);
  });
});
