import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import {
  adminApi,
  deferred,
  expectInlineAndToast,
  product,
  renderAdmin,
} from '../testing/admin-api';
import { DELETE_PRODUCT_FAILED, productDeletedMessage } from '../utils/messages';

const JACKET = product();
const TEE = product({ id: 8, name: 'Kits Tee', tags: ['cotton'] });

async function openDeleteDialog(user: ReturnType<typeof renderAdmin>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  return screen.findByRole('dialog', { name: 'Delete product' });
}

describe('delete product dialog', () => {
  it('cannot be closed while deleting; then the row goes, a toast says so and the list reloads', async () => {
    const response = deferred<Response>();
    const api = adminApi({
      items: [JACKET, TEE],
      extra: (method, path) =>
        method === 'DELETE' && path === `/item/${TEE.id}` ? response.promise : undefined,
    });
    const { user } = renderAdmin('products');
    const dialog = await openDeleteDialog(user, 'Kits Tee');
    const d = within(dialog);
    expect(dialog).toHaveTextContent('Delete “Kits Tee”?');
    await user.click(d.getByRole('button', { name: 'Delete' }));

    const pending = await d.findByRole('button', { name: 'Deleting...' });
    expect(pending).toBeDisabled();
    expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(d.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.modal')!);
    expect(screen.getByRole('dialog', { name: 'Delete product' })).toBeInTheDocument();
    expect(api.writes()).toEqual([`DELETE /api/item/${TEE.id}`]);

    const listsBefore = api.listRequests().length;
    api.state.items = [JACKET];
    response.resolve(new Response(null, { status: 204 }));

    expect(await screen.findByText(productDeletedMessage('Kits Tee'))).toBeInTheDocument();
    expect(productDeletedMessage('Kits Tee')).toBe('"Kits Tee" was deleted.');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete product' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Edit Kits Tee' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Harbour Jacket' })).toBeInTheDocument();
    await waitFor(() => expect(api.listRequests().length).toBeGreaterThan(listsBefore));
  });

  it('Cancel closes the dialog without deleting', async () => {
    const api = adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openDeleteDialog(user, 'Harbour Jacket');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete product' })).not.toBeInTheDocument(),
    );
    expect(api.writes()).toEqual([]);
  });

  it.each([
    {
      what: 'the response text',
      answer: () =>
        new Response('This product has open orders.', {
          status: 409,
          headers: { 'content-type': 'text/plain' },
        }),
      message: 'This product has open orders.',
    },
    {
      what: "the API's JSON message",
      answer: () => jsonResponse(404, { message: 'Product not found.' }),
      message: 'Product not found.',
    },
    {
      what: 'the fallback',
      answer: () => Promise.reject(new TypeError('')),
      message: DELETE_PRODUCT_FAILED,
    },
  ])(
    'a failure shows $what, keeps the row and lets the dialog close',
    async ({ answer, message }) => {
      adminApi({ extra: (method) => (method === 'DELETE' ? answer() : undefined) });
      const { user } = renderAdmin('products');
      const dialog = await openDeleteDialog(user, 'Harbour Jacket');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expectInlineAndToast(dialog, message));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: 'Edit Harbour Jacket' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
    },
  );
});
