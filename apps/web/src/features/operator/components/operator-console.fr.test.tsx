import type {
  MoneyAtAGlance,
  OperatorBrand,
  OperatorBrandPage,
  ReportedReviewPage,
  TaxReport,
} from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, validToken } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { OperatorConsole } from './operator-console';

// Chart.js draws on a canvas, which jsdom has not (its French legends: money-chart-data.test.ts).
vi.mock('./money-chart', () => ({ MoneyChart: () => <div data-testid="money-chart" /> }));

/** Intl writes fr-CA amounts and percentages with no-break spaces: compare as one reads them. */
const read = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const BRAND: OperatorBrand = {
  storeId: '11111111-2222-4333-8444-555566667777',
  name: 'Maple Denim Co',
  city: 'VANCOUVER',
  status: 'ACTIVE',
  ownerUserName: 'maple-denim',
  createdAt: '2026-01-01T00:00:00.000Z',
  products: 6,
  orders: 3,
  sales: [{ currency: 'CAD', amount: 189 }],
  returnsRate: 0.25,
};

const brandPage = (brands: OperatorBrand[], total = brands.length): OperatorBrandPage => ({
  brands,
  total,
  page: 1,
  pageSize: 20,
});

function serve(routes: Record<string, () => Response>) {
  setSession(validToken('olivia'), 'olivia');
  return mockFetch((method, path) => {
    const handler = routes[`${method} ${path}`];
    return handler ? handler() : jsonResponse(404, { message: `No mock for ${method} ${path}` });
  });
}

describe('the operator console in French', () => {
  it('writes the brands, their figures and the decision dialog in Canadian French', async () => {
    serve({
      'GET /operator/brands?page=1': () =>
        jsonResponse(
          200,
          brandPage(
            [
              BRAND,
              {
                ...BRAND,
                storeId: 'b2',
                name: 'Harbour Knits',
                status: 'PENDING',
                sales: [],
                city: 'MONTREAL',
              },
            ],
            45,
          ),
        ),
      'GET /operator/brands?status=SUSPENDED&page=1': () => jsonResponse(200, brandPage([])),
    });
    const { user } = await renderInFrench(<OperatorConsole />, { url: '/operator' });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Console des exploitants' }),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Marques', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Avis signalés' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Finances' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Versements' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Journal des décisions' })).toBeVisible();

    const table = await screen.findByRole('region', { name: 'Marques' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Marque',
      'Statut',
      'Ville',
      'Produits',
      'Commandes',
      'Ventes',
      'Taux de retour*',
      'Actions',
    ]);
    expect(
      within(table).getByRole('columnheader', { name: /Taux de retour/ }),
    ).toHaveAccessibleDescription(
      'Taux de retour\u00a0: parmi les commandes de la marque livrées depuis son ouverture, la part remboursée après la livraison (un retour ou le remboursement d’un article livré).',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => read(cell.textContent)),
      ),
    ).toEqual([
      // The city's French name (issue 39 item 13).
      ['Active', 'Vancouver', '6', '3', '189,00 $ CAD', '25 %', 'Suspendre'],
      [
        'En attente d’approbation',
        'Montréal',
        '6',
        '3',
        '—',
        '25 %',
        'ApprouverRefuser la demande',
      ],
    ]);
    const pager = screen.getByRole('navigation', { name: 'Pages des marques' });
    expect(pager).toHaveTextContent('Page 1 de 3');
    expect(within(pager).getByRole('button', { name: 'Précédente' })).toBeDisabled();
    expect(within(pager).getByRole('button', { name: 'Suivante' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Suspendre Maple Denim Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre Maple Denim Co' });
    expect(
      within(dialog).getByText(
        'Les produits de Maple Denim Co quittent le catalogue aussitôt. Ses commandes en cours peuvent encore être expédiées et remboursées.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    expect(await within(dialog).findByText('Indiquez une raison.')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Raison'), 'Contrefaçon\u200b');
    await user.click(within(dialog).getByRole('button', { name: 'Suspendre' }));
    expect(
      await within(dialog).findByText('Raison : retirez les caractères invisibles ou de contrôle.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    await user.selectOptions(screen.getByLabelText('Statut'), 'Suspendue');
    expect(await screen.findByText('Aucune marque n’est suspendue.')).toBeVisible();
    expect(screen.getByRole('option', { name: 'Toutes les marques' })).toBeInTheDocument();
  });

  it('writes the reported reviews and their decisions in Canadian French', async () => {
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
          reports: [
            { reason: 'Offensive language.', createdAt: '2026-11-02T15:00:00.000Z' },
            { reason: 'Spam.', createdAt: '2026-11-03T15:00:00.000Z' },
          ],
          firstReportedAt: '2026-11-02T15:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    };
    serve({ 'GET /operator/reviews?page=1': () => jsonResponse(200, queue) });
    const { user } = await renderInFrench(<OperatorConsole />, { url: '/operator?tab=reviews' });

    expect(
      await screen.findByRole('heading', {
        name: /^Railtown Jeans · 1 sur 5 étoiles, par Tom R\./,
      }),
    ).toBeVisible();
    expect(screen.getByText(/^2 signalements, le premier le 2 nov\. 2026/)).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Conserver l’avis de Tom R. sur Railtown Jeans' }),
    ).toHaveTextContent('Conserver');
    await user.click(
      screen.getByRole('button', { name: 'Masquer l’avis de Tom R. sur Railtown Jeans' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Masquer cet avis' });
    expect(
      within(dialog).getByText(
        'Il quitte les avis du produit, sa moyenne et ses conseils de taille. L’auteur en est informé, avec la raison.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Masquer' })).toBeEnabled();
  });

  it('writes the money, the tax report and the overdue refunds with fr-CA dates and amounts', async () => {
    const money: MoneyAtAGlance = {
      from: '2026-10-01',
      to: '2026-11-01',
      weeks: [
        {
          week: '2026-10-05',
          currency: 'CAD',
          gmv: 1189,
          orders: 4,
          commission: 237.8,
          taxCollected: 60,
          refunds: 20,
          returns: 3,
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
          amount: 189,
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
          jurisdiction: 'CA-QC',
          jurisdictionName: 'Quebec',
          taxType: 'QST',
          taxableAmount: 460,
          collected: 45.89,
          refunded: 0,
          net: 45.89,
        },
        ...(['HST', 'GST', 'PST', 'STATE', 'LOCAL'] as const).map((taxType) => ({
          currency: 'CAD' as const,
          jurisdiction: `X-${taxType}`,
          jurisdictionName: taxType === 'STATE' || taxType === 'LOCAL' ? 'New York' : 'Ontario',
          taxType,
          taxableAmount: 1,
          collected: 0,
          refunded: 0,
          net: 0,
        })),
      ],
      totals: [{ currency: 'CAD', collected: 45.89, refunded: 0, net: 45.89 }],
    };
    setSession(validToken('olivia'), 'olivia');
    mockFetch((_method, path) => {
      if (path.startsWith('/operator/money?')) return jsonResponse(200, money);
      if (path.startsWith('/operator/tax-report?')) return jsonResponse(200, taxReport);
      return jsonResponse(404, {});
    });
    const { user } = await renderInFrench(<OperatorConsole />, { url: '/operator?tab=money' });

    const weeks = await screen.findByRole('region', { name: 'Finances par semaine' });
    expect(
      within(weeks)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Semaine du',
      'VBM',
      'Commandes',
      'Commission',
      'Taxes perçues',
      'Remboursements',
      'Retours',
    ]);
    expect(read(within(weeks).getAllByRole('row')[1]!.textContent)).toBe(
      '5 oct. 20261 189,00 $ CAD4237,80 $ CAD60,00 $ CAD20,00 $ CAD3',
    );

    expect(screen.getByRole('heading', { name: 'Taxes perçues, par administration fiscale' }));
    const tax = await screen.findByRole('region', { name: 'Rapport de taxes' });
    // Issue 39 item 12: each tax named in French, not by its code (GST, STATE).
    expect(
      within(tax)
        .getAllByRole('row')
        .slice(1, -1)
        .map((row) => row.querySelectorAll('td')[0]!.textContent),
    ).toEqual(['TVQ', 'TVH', 'TPS', 'TVP', 'Taxe d’État', 'Taxe locale']);
    expect(read(within(tax).getAllByRole('row').at(-1)!.textContent)).toBe(
      'Total CAD45,89 $ CAD0,00 $ CAD45,89 $ CAD',
    );

    expect(screen.getByRole('heading', { name: 'Remboursements et retours en retard' }));
    const overdue = screen.getByRole('region', { name: 'Remboursements en retard' });
    expect(
      within(overdue)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Commande',
      'Marque',
      'Acheteur',
      'Reçu',
      'Remboursement dû au plus tard le',
      'Montant',
    ]);
    expect(read(within(overdue).getAllByRole('row')[1]!.textContent)).toBe(
      '#AB12CD34Maple Denim Coshopper20 oct. 202623 oct. 2026189,00 $ CAD',
    );
    expect(screen.queryByText(/\$\d/)).toBeNull();

    // The shared rule's message, in French.
    // A start the day after the end, whatever today is (the end defaults to tomorrow).
    const end = (screen.getByLabelText('Au (non inclus)') as HTMLInputElement).value;
    const dayAfterEnd = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await user.clear(screen.getByLabelText('Du'));
    await user.type(screen.getByLabelText('Du'), dayAfterEnd);
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(await screen.findByText('La période doit se terminer après son début.')).toBeVisible();
  });
});
