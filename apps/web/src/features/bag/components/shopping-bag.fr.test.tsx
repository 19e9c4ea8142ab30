import type { Cart, CartItem } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, requestBody, validToken } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { ShoppingBag } from './shopping-bag';

const JEANS: CartItem = {
  itemId: 7,
  itemOptionId: 71,
  itemName: 'Railtown Raw Selvedge Jeans',
  thumbnail: null,
  currency: 'CAD',
  itemPrice: 189,
  originalPrice: 210,
  size: 'ONE SIZE',
  color: 'BLUE',
  quantity: 2,
  store: 'Maple Denim Co',
  available: 3,
  limit: 10,
  unavailable: false,
};

const CART: Cart = { items: [JEANS], subtotal: 378, currency: 'CAD' };

describe('Shopping bag in French', () => {
  it('writes the bag, its line and its summary in Canadian French, with fr-CA prices', async () => {
    setSession(validToken('alice'), 'alice');
    // French pages ask for the brands' French names (decision 030); English ones never do.
    mockFetch((method, path) =>
      method === 'GET' && path === '/orders/cart?lang=fr-CA'
        ? jsonResponse(200, CART)
        : jsonResponse(404, { message: 'Not found.' }),
    );
    await renderInFrench(<ShoppingBag />);

    expect(screen.getByRole('heading', { level: 1, name: 'ARTICLES DU PANIER' })).toBeVisible();
    const line = within(await screen.findByRole('list', { name: 'Articles dans votre panier' }));
    expect(line.getByText('Couleur : Bleu')).toBeVisible();
    expect(line.getByText('Taille : Taille unique')).toBeVisible();
    expect(line.getByText('Limite de 10 par client')).toBeVisible();
    expect(line.getByText('189,00 $ CAD')).toBeVisible();
    expect(line.getByLabelText('auparavant 210,00 $ CAD')).toBeVisible();
    expect(line.getByText('378,00 $ CAD')).toBeVisible();
    expect(
      line.getByRole('button', { name: 'Augmenter la quantité de Railtown Raw Selvedge Jeans' }),
    ).toBeEnabled();
    expect(line.getByRole('button', { name: 'Retirer Railtown Raw Selvedge Jeans' })).toBeVisible();

    const summary = within(screen.getByRole('complementary', { name: 'RÉSUMÉ DE LA COMMANDE' }));
    expect(summary.getByText('Sous-total (2 articles)')).toBeVisible();
    expect(summary.getByText('Calculé à la caisse')).toBeVisible();
    expect(summary.getByText('Livraison')).toBeVisible();
    expect(summary.getByRole('button', { name: 'Passer à la caisse' })).toBeEnabled();
    expect(summary.getAllByText(/378,00 \$ CAD/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/\$\d/)).toBeNull();
  });

  it('says an empty bag is empty, in French', async () => {
    setSession(validToken('alice'), 'alice');
    mockFetch(() => jsonResponse(200, { items: [], subtotal: 0, currency: null }));
    await renderInFrench(<ShoppingBag />);
    expect(await screen.findByText('Votre panier est vide.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continuer à magasiner' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('starts the checkout in French with the French return pages (/fr/...), so Stripe sends the shopper back in French', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch((method, path) =>
      method === 'GET' && path === '/orders/cart?lang=fr-CA'
        ? jsonResponse(200, CART)
        : // In French (decision 030): a 409 names the products as the bag does.
          method === 'POST' && path === '/orders/checkout?lang=fr-CA'
          ? new Promise<Response>(() => {})
          : jsonResponse(404, { message: 'Not found.' }),
    );
    const { user } = await renderInFrench(<ShoppingBag />);
    const checkout = await screen.findByRole('button', { name: 'Passer à la caisse' });
    await user.click(checkout);
    await waitFor(() => expect(checkout).toBeDisabled());
    expect(requestBody(fetchMock, 'POST', '/orders/checkout?lang=fr-CA')).toEqual({
      successUrl: '/fr/checkout/success',
      cancelUrl: '/fr/checkout/cancel',
    });
  });
});
