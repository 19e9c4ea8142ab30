import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { option, productFixture } from '../testing/product-fixtures';
import { ProductDetail } from './product-detail';

describe('Product page in French', () => {
  it('names the options, the facts and the button in Canadian French, colours by their French names', async () => {
    mockFetch((method, path) =>
      method === 'GET' && path === '/item/public/7?lang=fr-CA'
        ? jsonResponse(200, productFixture({ materials: 'Laine', care: 'Lavage à la main' }))
        : jsonResponse(404, { message: 'Not found.' }),
    );
    const { user } = await renderInFrench(<ProductDetail productId="7" />);

    const button = await screen.findByRole('button', { name: 'Ajouter au panier' });
    const colours = screen.getByRole('group', { name: 'Couleur' });
    expect(within(colours).getByRole('button', { name: 'Rouge' })).toBeVisible();
    expect(within(colours).getByRole('button', { name: 'Bleu' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Taille' })).toBeVisible();
    expect(screen.getByLabelText('Quantité')).toHaveValue(1);
    expect(screen.getByText('Marque')).toBeVisible();
    expect(screen.getByText('Catégorie').nextElementSibling).toHaveTextContent('Homme');
    expect(screen.getByRole('heading', { name: 'Matières' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Entretien' })).toBeVisible();

    await user.click(within(colours).getByRole('button', { name: 'Rouge' }));
    expect(screen.getByRole('group', { name: 'Couleur: Rouge' })).toBeVisible();
    expect(screen.getByText('Choisissez une taille.')).toBeVisible();

    await user.click(button);
    expect(await screen.findByText('Veuillez choisir une taille.')).toBeInTheDocument();
  });

  it('clamps the quantity to what is left and says so in French', async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        productFixture({ itemOptions: [option(71, 'NAVY', 'ONE SIZE', { count: 2 })] }),
      ),
    );
    const { user } = await renderInFrench(<ProductDetail productId="7" />);
    expect(await screen.findByRole('button', { name: 'Marine' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Taille unique' })).toBeVisible();
    expect(screen.getByText('Plus que 2 en stock.')).toBeVisible();

    const quantity = screen.getByLabelText('Quantité');
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(quantity).toHaveValue(2);
    expect(screen.getByText('Plus que 2')).toBeVisible();
  });

  it('says in French that a product does not exist', async () => {
    mockFetch(() => jsonResponse(404, { message: 'Not found.' }));
    await renderInFrench(<ProductDetail productId="7" />);
    expect(await screen.findByText('Produit introuvable.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Parcourir les produits' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});
