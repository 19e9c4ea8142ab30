import { asCents, payoutLedger, payoutLedgerView, type ReturnView } from '@marketplace/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { loadTranslator } from '../../../i18n/catalogs';
import { setSession } from '../../../lib/session';
import { createTestQueryClient, jsonResponse, validToken } from '../../../test/render';
import { STORE_NAME, adminApi, orderItem, storeOrder } from '../testing/admin-api';
import { AdminDashboard } from './admin-dashboard';

/**
 * Issue 19: the seller's dashboard on a French page (/fr/admin), as the browser shows it: the
 * router's basename is /fr, and the fr-CA catalog is loaded.
 */
async function renderDashboardInFrench(tab: 'orders' | 'returns' | 'products' | 'payouts') {
  setSession(validToken('maple'), 'maple');
  const translator = await loadTranslator('fr-CA');
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createTestQueryClient()} translator={translator}>
      <MemoryRouter basename="/fr" initialEntries={[`/fr/admin?tab=${tab}`]}>
        <AdminDashboard profile={{ status: 'success', storeName: STORE_NAME }} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

/** No English price ("$162.00") is left on the page. */
const expectNoEnglishPrices = () =>
  expect(document.body.textContent).not.toMatch(/\$\d[\d,]*\.\d\d/);

describe('the seller dashboard in French', () => {
  it('writes the orders tab in French, with fr-CA prices, and keeps /fr on its settings link', async () => {
    adminApi({
      shipFrom: null,
      orders: [
        storeOrder({
          subtotal: 239,
          items: [
            orderItem({ itemPrice: 189 }),
            orderItem({
              id: 102,
              itemName: 'Kits Tee',
              size: 'S',
              color: 'RED',
              status: 'ACCEPTED',
              itemPrice: 50,
            }),
          ],
        }),
      ],
    });
    const { user } = await renderDashboardInFrench('orders');

    expect(
      screen.getByRole('heading', { level: 1, name: `Tableau de bord de ${STORE_NAME}` }),
    ).toBeVisible();
    for (const name of ['Commandes', 'Retours', 'Produits', 'Versements', 'Paramètres'])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();

    // The ship-from prompt's link stays on the French pages (a raw href dropped /fr).
    expect(await screen.findByRole('link', { name: 'Ouvrir les paramètres' })).toHaveAttribute(
      'href',
      '/fr/admin?tab=settings',
    );

    const orders = await screen.findByRole('region', { name: 'Commandes' });
    expect(headers(orders).slice(0, 4)).toEqual([
      'Nº de commande',
      'Statut',
      'Sous-total',
      'Actions',
    ]);
    expect(within(orders).getByText('239,00 $ CAD')).toBeInTheDocument();
    expect(within(orders).getByText('10 févr. 2026')).toBeInTheDocument();
    expect(
      within(orders).getByRole('button', { name: 'Rembourser la commande 9A8B7C6D' }),
    ).toBeEnabled();

    await user.click(within(orders).getByRole('button', { name: /9A8B7C6D/, expanded: false }));
    const items = within(orders).getByRole('region', { name: 'Articles de la commande 9A8B7C6D' });
    expect(headers(items)).toEqual([
      'Produit',
      'Taille',
      'Couleur',
      'Qté',
      'Prix',
      'Commandé',
      'Statut',
      'Actions',
    ]);
    expect(within(items).getByText('Bleu')).toBeInTheDocument();
    expect(within(items).getByText('Rouge')).toBeInTheDocument();
    expect(within(items).getByText('189,00 $ CAD')).toBeInTheDocument();
    expect(
      within(items).getByRole('button', { name: 'Accepter Harbour Jacket (M, Bleu)' }),
    ).toBeEnabled();
    expect(screen.getByText('Livrer à')).toBeVisible();
    expect(screen.getByText(/Standard ·/)).toHaveTextContent('Standard · 10,00 $ CAD');
    expect(screen.getByText('Pas encore expédiée')).toBeVisible();
    expect(
      screen.getByText('Acceptez ou refusez chaque article avant l’expédition.'),
    ).toBeVisible();

    await user.click(
      within(items).getByRole('button', { name: 'Refuser Harbour Jacket (M, Bleu)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refuser l’article' });
    expect(dialog).toHaveTextContent(
      'Refuser Harbour Jacket (M, Bleu)? Son montant retourne aussitôt sur la carte de l’acheteur',
    );
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeVisible();
    expectNoEnglishPrices();
  });

  it('writes the payouts tab in French: headings, fr-CA money and dates, the policy', async () => {
    adminApi({
      payouts: payoutLedgerView(
        payoutLedger(
          [
            {
              storeOrderId: 'aaaaaaaa-1111-4222-8333-444455556666',
              reference: 'AAAA1111',
              placedAt: '2026-02-10T15:30:00.000Z',
              currency: 'CAD',
              grossCents: asCents(18900),
              shippingChargedCents: asCents(1000),
              refundedCents: asCents(0),
              orderTotalCents: asCents(19900),
            },
          ],
          [],
          [],
        ),
      ),
    });
    await renderDashboardInFrench('payouts');

    const periods = await screen.findByRole('region', { name: 'Périodes de versement' });
    expect(headers(periods)).toEqual([
      'Période',
      'Date de versement',
      'Devise',
      'Commandes',
      'Ventes',
      'Commission',
      'Livraison',
      'Frais de fiches produits',
      'Remboursements après versement',
      'Solde reporté',
      'Net',
      'Versement',
      'Relevé',
    ]);
    const [, period] = within(periods).getAllByRole('row');
    expect(within(period!).getByRole('rowheader')).toHaveTextContent(
      '2 févr. 2026 – 15 févr. 2026',
    );
    expect(within(period!).getByText('189,00 $')).toBeInTheDocument();
    expect(within(period!).getByText('Pas encore payée')).toBeInTheDocument();
    expect(
      within(period!).getByRole('button', { name: 'Relevé PDF, 2 févr. 2026 – 15 févr. 2026' }),
    ).toBeEnabled();

    const lines = screen.getByRole('region', { name: 'Versements par commande' });
    expect(within(lines).getByText('189,00 $ CAD')).toBeInTheDocument();
    expect(
      within(lines).getByRole('columnheader', {
        name: 'Taxes perçues (la place de marché les remet)',
      }),
    ).toBeInTheDocument();

    const policy = screen.getByText(/^Chaque vente comporte/, { selector: 'p' });
    for (const figure of [
      '20 %',
      '2,9 % + 0,30 $',
      '17,1 %',
      '80,00 $ CAD',
      'toutes les 2 semaines',
    ])
      expect(policy.textContent?.replace(/\s/g, ' ')).toContain(figure);
    expect(
      screen.getByText(
        'Les versements vous sont envoyés par virement bancaire à chaque date de versement.',
      ),
    ).toBeVisible();
    expectNoEnglishPrices();
  });

  it('writes the products tab and the product dialog in French', async () => {
    adminApi();
    const { user } = await renderDashboardInFrench('products');

    const products = await screen.findByRole('region', { name: 'Produits' });
    expect(headers(products)).toEqual([
      'Vignette',
      'Nom',
      'Prix',
      'Rabais',
      'Devise',
      'Disponible',
      'Mots-clés',
      'Actions',
    ]);
    expect(within(products).getByText('180,00 $')).toBeInTheDocument();
    expect(within(products).getByText('Oui')).toBeInTheDocument();
    expect(within(products).getByRole('button', { name: 'Modifier Harbour Jacket' })).toBeVisible();
    expect(
      within(products).getByRole('button', { name: 'Supprimer Harbour Jacket' }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ajouter un produit' }));
    const form = await screen.findByRole('form', { name: 'Ajouter un produit' });
    expect(within(form).getByLabelText('Catégorie')).toHaveDisplayValue('Choisissez une catégorie');
    expect(within(form).getByRole('option', { name: 'Homme' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Largeur (po)')).toBeInTheDocument();
    expect(
      within(form).getByText(
        'Aucune option pour l’instant : ajoutez une ligne pour chaque couleur et taille que vous vendez.',
      ),
    ).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Ajouter une option' }));
    const option = within(form).getByRole('group', { name: 'Option 1' });
    expect(within(option).getByRole('option', { name: 'Bleu' })).toBeInTheDocument();
    expect(within(option).getByRole('button', { name: 'Retirer l’option 1' })).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Créer le produit' }));
    // Spec 5's rules, from the shared schema, in French beside their field.
    expect((await within(form).findAllByText('Le nom est obligatoire.')).length).toBeGreaterThan(0);
    expect(within(form).getByText('Choisissez une couleur')).toBeInTheDocument();
  });

  it('writes the returns tab in French, with fr-CA amounts', async () => {
    const value: ReturnView = {
      id: 'r1',
      orderId: '9a8b7c6d-1111-4222-8333-444455556666',
      reference: '9A8B7C6D',
      storeOrderId: '3f2b8c1e-5d4a-4b6f-9c2d-1a2b3c4d5e6f',
      storeName: STORE_NAME,
      buyerName: 'Jamie Chen',
      status: 'REQUESTED',
      reason: 'RUNS_SMALL',
      currency: 'CAD',
      requestedAt: '2026-02-20T12:00:00.000Z',
      receivedAt: null,
      damaged: false,
      note: null,
      label: null,
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
          itemPrice: 189,
          tax: 24.57,
          status: 'RETURN_REQUESTED',
        },
      ],
      amount: 189,
      tax: 24.57,
      refundedAt: null,
      refundDueBy: null,
      refundOverdue: false,
    };
    adminApi({
      extra: (method, path) =>
        method === 'GET' && path.startsWith('/store/returns')
          ? jsonResponse(200, [value], { 'X-Total-Count': '1' })
          : undefined,
    });
    await renderDashboardInFrench('returns');

    const returns = await screen.findByRole('list', { name: 'Retours' });
    expect(within(returns).getByText('Retour demandé')).toBeVisible();
    expect(
      within(returns).getByText(/Ne convient pas — taille petite · demandé le 20 févr\. 2026/),
    ).toBeVisible();
    expect(within(returns).getByText('Harbour Jacket (M, Bleu) × 1')).toBeVisible();
    expect(
      within(returns).getByText('Remboursement de 189,00 $ CAD (taxes 24,57 $ CAD)'),
    ).toBeVisible();
    expectNoEnglishPrices();
  });
});
