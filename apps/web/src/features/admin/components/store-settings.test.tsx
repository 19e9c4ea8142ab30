import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BankAccountAnswer } from '@marketplace/shared';
import { jsonResponse, requestBody } from '../../../test/render';
import {
  SHIP_FROM,
  STORE_NAME,
  adminApi,
  ownStore,
  renderAdmin,
  sentForm,
} from '../testing/admin-api';

// Issue 39.3: Settings edits the store's profile and, with the local payouts, its bank details.

function settingsApi(bank: BankAccountAnswer = { needed: true, bankAccount: null }) {
  let answer = bank;
  return adminApi({
    extra: (method, path, init) => {
      if (method === 'PUT' && path === '/store')
        return jsonResponse(200, { ...ownStore(STORE_NAME, SHIP_FROM), description: 'New words.' });
      if (method === 'GET' && path === '/store/payouts/bank-account')
        return jsonResponse(200, answer);
      if (method === 'PUT' && path === '/store/payouts/bank-account') {
        const sent = JSON.parse(String(init?.body)) as {
          accountHolder: string;
          accountNumber: string;
        };
        const saved = {
          country: 'CA' as const,
          accountHolder: sent.accountHolder,
          accountLast4: sent.accountNumber.slice(-4),
          updatedAt: '2026-12-01T00:00:00.000Z',
        };
        answer = { needed: true, bankAccount: saved };
        return jsonResponse(200, saved);
      }
      return undefined;
    },
  });
}

describe('store settings (issue 39.3)', () => {
  it('edits the store profile: name, descriptions, city, logo, banner and notes in one PUT /store', async () => {
    const api = settingsApi();
    const { user } = renderAdmin('settings');
    const form = within(await screen.findByRole('form', { name: 'Store profile' }));
    expect(form.getByLabelText('Store name')).toHaveValue(STORE_NAME);
    expect(form.getByLabelText('Description')).toHaveValue('Raw denim from Railtown.');

    await user.clear(form.getByLabelText('Description'));
    await user.type(form.getByLabelText('Description'), 'New words.');
    await user.type(form.getByLabelText('Description (French)'), 'Nouveaux mots.');
    await user.type(form.getByLabelText('Shipping notes'), 'Ships in 2 days.');
    await user.type(form.getByLabelText('Return notes'), '30 days, unworn.');
    await user.upload(
      form.getByLabelText('Banner'),
      new File(['png'], 'banner.png', { type: 'image/png' }),
    );
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(api.writes()).toEqual(['PUT /api/store']));
    const sent = sentForm(api.fetchMock, 'PUT');
    expect(
      Object.fromEntries([...sent.entries()].filter(([, v]) => typeof v === 'string')),
    ).toEqual({
      name: STORE_NAME,
      description: 'New words.',
      descriptionFr: 'Nouveaux mots.',
      city: 'VANCOUVER',
      shippingNotes: 'Ships in 2 days.',
      returnNotes: '30 days, unworn.',
    });
    expect((sent.get('banner') as File).name).toBe('banner.png');
    expect(sent.get('thumbnail')).toBeNull();
    expect(await screen.findByText('Store profile saved.')).toBeInTheDocument();
  });

  it('checks the bank details with the shared rules, saves them, and shows them masked', async () => {
    const api = settingsApi();
    const { user } = renderAdmin('settings');
    const form = within(await screen.findByRole('form', { name: 'Bank details' }));
    expect(form.getByText('Add your bank details so we can pay you out.')).toBeVisible();
    await user.type(form.getByLabelText('Account holder'), 'Maya Roy');
    await user.type(form.getByLabelText('Transit number (5 digits)'), '1234');
    await user.type(form.getByLabelText('Institution number (3 digits)'), '003');
    await user.type(form.getByLabelText('Account number (7 to 12 digits)'), '1234567890');
    await user.click(form.getByRole('button', { name: 'Save bank details' }));
    expect(await form.findByText('The transit number is 5 digits.')).toBeVisible();
    expect(api.writes()).toEqual([]);

    await user.type(form.getByLabelText('Transit number (5 digits)'), '5');
    await user.click(form.getByRole('button', { name: 'Save bank details' }));
    await waitFor(() => expect(api.writes()).toEqual(['PUT /api/store/payouts/bank-account']));
    expect(requestBody(api.fetchMock, 'PUT', '/store/payouts/bank-account')).toEqual({
      country: 'CA',
      accountHolder: 'Maya Roy',
      transitNumber: '12345',
      institutionNumber: '003',
      accountNumber: '1234567890',
    });
    expect(
      await form.findByText('Payouts go to the account of Maya Roy ending in 7890 (Canada).'),
    ).toBeVisible();
    expect(form.getByLabelText('Account number (7 to 12 digits)')).toHaveValue('');

    // A US account asks for the ABA routing number, checked by its checksum.
    await user.selectOptions(form.getByLabelText('Country of the account'), 'US');
    await user.type(form.getByLabelText('Account holder'), 'Sam Lee');
    await user.type(form.getByLabelText('ABA routing number (9 digits)'), '011000016');
    await user.type(form.getByLabelText('Account number (4 to 17 digits)'), '123456789');
    await user.click(form.getByRole('button', { name: 'Replace bank details' }));
    expect(
      await form.findByText('This routing number is not valid: check its 9 digits.'),
    ).toBeVisible();
  });

  it('asks for no bank details when Stripe pays the store', async () => {
    settingsApi({ needed: false, bankAccount: null });
    renderAdmin('settings');
    await screen.findByRole('form', { name: 'Store profile' });
    await waitFor(() => expect(screen.queryByText('Loading your bank details…')).toBeNull());
    expect(screen.queryByRole('form', { name: 'Bank details' })).toBeNull();
  });
});
