import type { OrderView } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, validToken } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { OrderHistory } from './order-history';

const ORDER: OrderView = {
  id: 'aaaa1111-0000-4000-8000-000000000001',
  status: 'PLACED',
  progress: 'PLACED',
  createdAt: '2026-09-03T10:00:00.000Z',
  placedAt: '2026-09-03T10:05:00.000Z',
  currency: 'CAD',
  subtotal: 189,
  shipping: 0,
  tax: 0,
  taxLines: [],
  totalAmount: 189,
  refunded: 0,
  balance: 189,
  shippingMethod: 'STANDARD',
  shippingAddress: null,
  items: [
    {
      id: 11,
      itemId: 21,
      itemName: 'Harbour Linen Shirt',
      thumbnail: null,
      store: 'Pacific Thread',
      size: 'S',
      color: 'BLUE',
      quantity: 1,
      itemPrice: 189,
      tax: 0,
      status: 'SHIPPED',
      carrier: 'Postes Canada',
      trackingNumber: 'CP123456789CA',
    },
  ],
  parcels: [],
};

describe('My Orders in French', () => {
  it('writes an order, its date, status, items and prices in Canadian French', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch((method, path) =>
      method === 'GET' && path.startsWith('/orders')
        ? jsonResponse(200, [ORDER])
        : jsonResponse(404, { message: 'Not found.' }),
    );
    const { user } = await renderInFrench(<OrderHistory />);

    const orders = await screen.findByRole('list', { name: 'Vos commandes' });
    // The lines' names as bought, in French where the brand wrote them (decision 030).
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/orders/history?lang=fr-CA',
    );
    const toggle = within(orders).getByRole('button', { name: /Commande/ });
    expect(toggle).toHaveTextContent('3 sept. 2026');
    // Its item is shipped, and so is the order (issue 39 item 7).
    expect(toggle).toHaveTextContent('Expédiée');
    expect(toggle).toHaveTextContent('189,00 $ CAD');
    expect(toggle).toHaveTextContent('Afficher 1 article');

    await user.click(toggle);
    const items = within(screen.getByRole('list', { name: 'Articles de la commande AAAA1111' }));
    expect(items.getByText('Pacific Thread · Taille S · Couleur Bleu · Qté 1')).toBeVisible();
    expect(
      items.getByText('Expédié par Postes Canada, numéro de suivi CP123456789CA'),
    ).toBeVisible();
    expect(items.getByText('Taxes 0,00 $ CAD')).toBeVisible();
    expect(screen.getByText('Sous-total')).toBeVisible();
    expect(screen.getByText('Livraison').nextElementSibling).toHaveTextContent('Gratuite');
  });
});
