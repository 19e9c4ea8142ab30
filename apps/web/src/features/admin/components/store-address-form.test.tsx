import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, STORE_MESSAGES } from '@marketplace/shared';
import { jsonResponse, requestBody } from '../../../test/render';
import { SHIP_FROM, STORE_NAME, adminApi, renderAdmin } from '../testing/admin-api';

describe('store settings: the ship-from address (issue 16)', () => {
  it('fills the form with the address, checks it with the shared rules, and saves it with PUT /store', async () => {
    const api = adminApi({
      extra: (method, path) =>
        method === 'PUT' && path === '/store' ? jsonResponse(200, {}) : undefined,
    });
    const { user } = renderAdmin('settings');
    const form = await screen.findByRole('form', { name: 'Ship-from address' });
    expect(within(form).getByLabelText('Street address')).toHaveValue('1 Water Street');
    expect(within(form).getByLabelText('Country')).toHaveValue('CA');

    const postal = within(form).getByLabelText('Postal or ZIP code');
    await user.clear(postal);
    await user.type(postal, '12345');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText(ADDRESS_MESSAGES.postalCode)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.clear(postal);
    await user.type(postal, 'v6b 2a2');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(api.writes()).toEqual(['PUT /api/store']));
    expect(requestBody(api.fetchMock, 'PUT', '/store')).toEqual({
      name: STORE_NAME,
      description: 'Raw denim from Railtown.',
      city: 'VANCOUVER',
      shipFromAddress: {
        fullName: SHIP_FROM.fullName,
        streetAddress: SHIP_FROM.streetAddress,
        apartment: null,
        defaultAddress: false,
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6B 2A2',
      },
    });
  });

  it('sends returns to the ship-from address until the brand gives a return address of its own (issue 39.3)', async () => {
    const api = adminApi({
      extra: (method, path) =>
        method === 'PUT' && path === '/store' ? jsonResponse(200, {}) : undefined,
    });
    const { user } = renderAdmin('settings');
    const form = await screen.findByRole('form', { name: 'Return address' });
    const sameAsShipFrom = within(form).getByRole('checkbox', {
      name: 'Returns go to the ship-from address',
    });
    expect(sameAsShipFrom).toBeChecked();
    expect(within(form).queryByLabelText('Street address')).toBeNull();

    await user.click(sameAsShipFrom);
    await user.type(within(form).getByLabelText('Contact name'), 'Returns Desk');
    await user.type(within(form).getByLabelText('Street address'), '200 Granville Street');
    await user.type(within(form).getByLabelText('City'), 'Vancouver');
    await user.type(within(form).getByLabelText('Province or state'), 'BC');
    await user.click(within(form).getByRole('button', { name: 'Save return address' }));
    // The postal code is missing: the shared rule says so and nothing is sent.
    expect(await within(form).findByText(ADDRESS_MESSAGES.postalCode)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.type(within(form).getByLabelText('Postal or ZIP code'), 'V6C 1S4');
    await user.click(within(form).getByRole('button', { name: 'Save return address' }));
    await waitFor(() => expect(api.writes()).toEqual(['PUT /api/store']));
    expect(requestBody(api.fetchMock, 'PUT', '/store')).toEqual({
      name: STORE_NAME,
      description: 'Raw denim from Railtown.',
      city: 'VANCOUVER',
      returnAddress: {
        fullName: 'Returns Desk',
        streetAddress: '200 Granville Street',
        apartment: null,
        defaultAddress: false,
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6C 1S4',
      },
    });
  });

  it('asks a store without a ship-from address for it on the Orders tab', async () => {
    adminApi({ shipFrom: null });
    renderAdmin('orders');
    expect(await screen.findByText(STORE_MESSAGES.shipFromPrompt, { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      '/admin?tab=settings',
    );
  });

  it('does not ask a store that has one', async () => {
    const api = adminApi();
    renderAdmin('orders');
    await waitFor(() => expect(api.paths()).toContain('GET /api/store'));
    expect(screen.queryByText(STORE_MESSAGES.shipFromPrompt, { exact: false })).toBeNull();
  });
});
