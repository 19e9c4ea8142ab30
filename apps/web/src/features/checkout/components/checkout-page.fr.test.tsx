import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { mockFetch, validToken } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { checkoutApi } from '../testing/checkout-api';
import { CheckoutPage } from './checkout-page';

describe('Checkout in French', () => {
  it('writes the form and the summary in Canadian French, with fr-CA prices and French errors', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch(checkoutApi());
    const { user } = await renderInFrench(<CheckoutPage />);

    const form = await screen.findByRole('form', { name: 'Passer à la caisse' });
    // The checkout is opened in French: a 409 would name the products as the French bag does.
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).endsWith('/orders/checkout?lang=fr-CA')),
    ).toBe(true);
    expect(within(form).getByRole('group', { name: 'Adresse de livraison' })).toBeVisible();
    expect(within(form).getByLabelText('Nom complet')).toHaveValue('Alice Ng');
    expect(within(form).getByLabelText('Province')).toHaveDisplayValue('Colombie-Britannique');
    expect(within(form).getByLabelText('Pays')).toHaveDisplayValue('Canada');
    expect(within(form).getByRole('radio', { name: 'Livraison standard' })).toBeChecked();
    expect(within(form).getByLabelText('Numéro de carte')).toBeVisible();

    const summary = within(screen.getByRole('complementary', { name: 'Résumé de la commande' }));
    expect(summary.getByText('Sous-total').nextElementSibling).toHaveTextContent('222,00 $ CAD');
    expect(summary.getByText('Livraison (Livraison standard)')).toBeVisible();
    // The taxes under their French names (TPS, TVP), the rates written the French way.
    expect(await summary.findByText('TPS 5 %')).toBeVisible();
    expect(summary.getByText('TVP 7 %')).toBeVisible();
    expect(summary.queryByText(/GST|PST/)).toBeNull();
    expect(
      summary.getByText(/^Vos articles sont réservés jusqu’à \d{1,2} h \d{2}\.$/),
    ).toBeVisible();

    await user.clear(within(form).getByLabelText('Nom complet'));
    await user.click(screen.getByRole('button', { name: 'PASSER LA COMMANDE' }));
    expect(await screen.findByText('Le nom complet est obligatoire.')).toBeVisible();
    expect(screen.getByText('Entrez un numéro de carte valide.')).toBeVisible();
  });
});
