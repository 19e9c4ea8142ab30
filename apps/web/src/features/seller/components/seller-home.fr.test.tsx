import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInFrench } from '../../../test/render-in-french';
import { SellerLanding } from './seller-landing';
import { SellerStart } from './seller-start';

// Issue 19: /fr/seller-home, the page that turns a shopper into a seller, in Canadian French.

describe('seller home in French', () => {
  it('writes the pitch and spec 9’s figures in French, with fr-CA money and percentages', async () => {
    await renderInFrench(
      <SellerLanding>
        <SellerStart isLoggedIn={false} profile={{ isPending: false, storeName: undefined }} />
      </SellerLanding>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Vendez avec nous' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Commencer à vendre' })).toHaveAttribute(
      'href',
      '#open-store',
    );
    expect(screen.getByText('de commission par vente')).toBeVisible();
    expect(screen.getByText('Ensuite 0,10 $ par fiche produit.')).toBeVisible();
    expect(screen.getByText('2 semaines')).toBeVisible();
    expect(screen.getByText('Versé toutes les 2 semaines.')).toBeVisible();
    expect(screen.getByText('2,9 % + 0,30 $')).toBeVisible();
    expect(screen.getByText('20 % par vente')).toBeVisible();
    expect(
      screen.getByText(
        /^Vos 20 premières fiches produits sont gratuites, puis 0,10 \$ par fiche\. Chaque produit compte jusqu’à \d+ photos\.$/,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'La livraison est gratuite pour les clients au-delà de 200,00 $ USD (États-Unis) ou de 300,00 $ CAD (Canada); sinon, ils paient 10,00 $ par marque.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Comment ça marche' })).toBeVisible();

    const start = within(
      screen.getByRole('heading', { name: 'Prêt à ouvrir votre boutique?' }).parentElement!,
    );
    const next = `?next=${encodeURIComponent('/seller-home#open-store')}`;
    expect(start.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      `/login${next}`,
    );
    expect(start.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute(
      'href',
      `/signup${next}`,
    );
    expect(document.body.textContent).not.toMatch(/\$\d[\d,]*\.\d\d/);
  });

  it('labels the open-store form in French', async () => {
    await renderInFrench(
      <SellerStart isLoggedIn profile={{ isPending: false, storeName: null }} />,
    );
    const form = within(screen.getByRole('form', { name: 'Ouvrir votre boutique' }));
    expect(form.getByLabelText('Nom de la boutique')).toBeInTheDocument();
    expect(form.getByLabelText('Ville')).toBeInTheDocument();
    // The cities by their names, the codes kept as the values the API takes.
    expect(
      Array.from((form.getByLabelText('Ville') as HTMLSelectElement).options, (option) => [
        option.value,
        option.textContent,
      ]),
    ).toEqual([
      ['VANCOUVER', 'Vancouver'],
      ['MONTREAL', 'Montréal'],
      ['TORONTO', 'Toronto'],
      ['LOS ANGELES', 'Los Angeles'],
      ['NEW YORK', 'New York'],
    ]);
    expect(form.getByLabelText('Image de la boutique (facultatif)')).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Ouvrir votre boutique' })).toBeEnabled();
  });

  it('sends a seller to the dashboard, in French', async () => {
    await renderInFrench(
      <SellerStart isLoggedIn profile={{ isPending: false, storeName: 'Maple Denim Co' }} />,
    );
    expect(screen.getByRole('heading', { name: 'Maple Denim Co est ouverte' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Aller à votre tableau de bord' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });
});
