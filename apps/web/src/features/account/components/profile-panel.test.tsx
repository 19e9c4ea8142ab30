import {
  ADDRESS_MESSAGES,
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  MESSAGES,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_MENTIONS_IDENTITY,
  PASSWORD_TOO_COMMON,
  type UserProfile,
} from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, setSession } from '../../../lib/session';
import {
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';
import { PASSWORD_CHANGED } from './change-password-form';
import { PROFILE_UPDATED } from './profile-form';

const PROFILE: UserProfile = {
  userName: 'alice',
  firstName: 'Alice',
  lastName: 'Ng',
  email: 'alice@example.com',
  storeName: null,
  role: 'buyer',
  addresses: [
    {
      streetAddress: '123 Main St',
      apartment: null,
      city: 'Vancouver',
      province: 'BC',
      country: 'CA',
      postalCode: 'V6B 1A1',
      defaultAddress: true,
    },
  ],
};

type User = ReturnType<typeof renderRoute>['user'];

async function openProfile(handler: Parameters<typeof mockFetch>[0]) {
  setSession(validToken('alice'), 'alice');
  const fetchMock = mockFetch(handler);
  const utils = renderRoute('/user');
  await utils.user.click(await screen.findByRole('tab', { name: 'Profile' }));
  return { ...utils, fetchMock };
}

/** A tiny stand-in for the API: GET returns the stored profile, PUT answers with `put`. */
const profileApi = (put?: (body: unknown) => Response) => {
  let stored: UserProfile = PROFILE;
  return async (method: string, path: string, init: RequestInit | undefined): Promise<Response> => {
    if (path === '/user/alice' && method === 'GET') return jsonResponse(200, stored);
    if (path === '/user/alice' && method === 'PUT' && put) {
      const response = put(JSON.parse(String(init?.body)));
      if (response.ok) stored = (await response.clone().json()) as UserProfile;
      return response;
    }
    return jsonResponse(404, { message: 'Not found.' });
  };
};

async function startEditing(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return screen.findByRole('form', { name: 'Edit profile' });
}

describe('My account: profile', () => {
  it('My Orders is the default pill; the profile loads when Profile is chosen', async () => {
    setSession(validToken('alice'), 'alice');
    mockFetch(profileApi());
    const { user } = renderRoute('/user');
    expect(await screen.findByRole('tab', { name: 'My Orders' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('Alice Ng')).toBeInTheDocument();
    expect(screen.getByText(/123 Main St/)).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();
  });

  it('a failed load shows Failed to load user (inline and as a toast)', async () => {
    await openProfile(() => jsonResponse(500, { message: 'boom' }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.loadUserFailed)).toHaveLength(2));
  });

  it('edit and save sends the PUT body and shows the updated profile', async () => {
    const { user, fetchMock } = await openProfile(
      profileApi((body) => jsonResponse(200, { ...PROFILE, ...(body as object) })),
    );
    const form = await startEditing(user);
    const f = within(form);
    await user.clear(f.getByLabelText('First name'));
    await user.type(f.getByLabelText('First name'), 'Alicia');

    await user.click(f.getByRole('button', { name: 'Add address' }));
    const second = within(f.getByRole('group', { name: 'Address 2' }));
    await user.type(second.getByLabelText('Street address'), '1 Pike St');
    await user.type(second.getByLabelText('City'), 'Seattle');
    await user.selectOptions(second.getByLabelText('Country'), 'US');
    // The labels follow the country.
    await user.selectOptions(second.getByLabelText('State'), 'WA');
    await user.type(second.getByLabelText('ZIP code'), '98101');
    await user.click(second.getByLabelText('Default address'));

    await user.click(f.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', '/user/alice')).toEqual({
      firstName: 'Alicia',
      lastName: 'Ng',
      email: 'alice@example.com',
      addresses: [
        { ...PROFILE.addresses[0], defaultAddress: false },
        {
          streetAddress: '1 Pike St',
          apartment: null,
          city: 'Seattle',
          province: 'WA',
          country: 'US',
          postalCode: '98101',
          defaultAddress: true,
        },
      ],
    });
    expect(await screen.findByText('Alicia Ng')).toBeInTheDocument();
  });

  it('shows a schema error (invalid postal code) without calling the API', async () => {
    const { user, fetchMock } = await openProfile(profileApi(() => jsonResponse(200, PROFILE)));
    const form = await startEditing(user);
    const first = within(within(form).getByRole('group', { name: 'Address 1' }));
    expect(first.getByLabelText('Province')).toHaveValue('BC');
    await user.clear(first.getByLabelText('Postal code'));
    await user.type(first.getByLabelText('Postal code'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(ADDRESS_MESSAGES.postalCode)).toBeInTheDocument();
    expect(first.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("shows the server's field error (409 email taken) beside the field", async () => {
    const { user } = await openProfile(
      profileApi(() =>
        jsonResponse(409, {
          message: MESSAGES.emailTaken,
          fieldErrors: { email: MESSAGES.emailTaken },
        }),
      ),
    );
    const form = await startEditing(user);
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'bob@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(form).getAllByText(MESSAGES.emailTaken).length).toBeGreaterThanOrEqual(1);
  });

  it('removes an address', async () => {
    const { user, fetchMock } = await openProfile(
      profileApi((body) => jsonResponse(200, { ...PROFILE, ...(body as object) })),
    );
    const form = await startEditing(user);
    await user.click(within(form).getByRole('button', { name: 'Remove address 1' }));
    expect(within(form).queryByRole('group', { name: 'Address 1' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByText(PROFILE_UPDATED);
    expect(requestBody(fetchMock, 'PUT', '/user/alice')).toMatchObject({ addresses: [] });
  });
});

describe('My account: a new email needs the current password', () => {
  it('asks for it only once the email changes, and sends it with the new email', async () => {
    const { user, fetchMock } = await openProfile(
      profileApi((body) => jsonResponse(200, { ...PROFILE, ...(body as object) })),
    );
    const form = await startEditing(user);
    const f = within(form);
    expect(f.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(f.getByLabelText('Email'));
    await user.type(f.getByLabelText('Email'), 'alice@new.example');
    await user.click(f.getByRole('button', { name: 'Save changes' }));
    // Required before anything is sent.
    expect(await f.findByText(CURRENT_PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.type(f.getByLabelText('Current password'), 'correct horse battery');
    await user.click(f.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PROFILE_UPDATED)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', '/user/alice')).toMatchObject({
      email: 'alice@new.example',
      currentPassword: 'correct horse battery',
    });
  });

  it('shows a wrong current password beside the field', async () => {
    const { user } = await openProfile(
      profileApi(() =>
        jsonResponse(400, {
          message: CURRENT_PASSWORD_INCORRECT,
          fieldErrors: { currentPassword: CURRENT_PASSWORD_INCORRECT },
        }),
      ),
    );
    const form = await startEditing(user);
    const f = within(form);
    await user.clear(f.getByLabelText('Email'));
    await user.type(f.getByLabelText('Email'), 'alice@new.example');
    await user.type(f.getByLabelText('Current password'), 'a wrong guess');
    await user.click(f.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(f.getByLabelText('Current password')).toHaveAccessibleDescription(
        expect.stringContaining(CURRENT_PASSWORD_INCORRECT),
      ),
    );
  });
});

describe('My account: change password', () => {
  const passwordApi = (answer: (body: unknown) => Response) => {
    const profile = profileApi();
    return (method: string, path: string, init: RequestInit | undefined) =>
      path === '/user/alice/password' && method === 'PUT'
        ? answer(JSON.parse(String(init?.body)))
        : profile(method, path, init);
  };

  async function openPasswordForm(answer: (body: unknown) => Response) {
    const utils = await openProfile(passwordApi(answer));
    await utils.user.click(await screen.findByRole('button', { name: 'Change password' }));
    const form = within(await screen.findByRole('form', { name: 'Change password' }));
    const fill = async (current: string, next: string, confirm = next) => {
      await utils.user.type(form.getByLabelText('Current password'), current);
      await utils.user.type(form.getByLabelText('New password'), next);
      await utils.user.type(form.getByLabelText('Confirm new password'), confirm);
      await utils.user.click(form.getByRole('button', { name: 'Change password' }));
    };
    return { ...utils, form, fill };
  }

  it('sends the current and new password, and keeps this session with the fresh token', async () => {
    const fresh = validToken('alice');
    const { fill, fetchMock } = await openPasswordForm(() =>
      jsonResponse(200, { accessToken: fresh }),
    );
    await fill('correct horse battery', 'a new passphrase here');
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', '/user/alice/password')).toEqual({
      currentPassword: 'correct horse battery',
      newPassword: 'a new passphrase here',
    });
    expect(getToken()).toBe(fresh);
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
  });

  it('checks the confirmation and the user name before sending', async () => {
    const { fill, form, fetchMock, user } = await openPasswordForm(() => jsonResponse(200, {}));
    await fill('correct horse battery', 'Alice2024!!');
    expect(await form.findByText(PASSWORD_MENTIONS_IDENTITY)).toBeInTheDocument();
    await user.clear(form.getByLabelText('Confirm new password'));
    await user.type(form.getByLabelText('Confirm new password'), 'something else');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it.each([
    ['newPassword', 'New password', PASSWORD_TOO_COMMON],
    ['currentPassword', 'Current password', CURRENT_PASSWORD_INCORRECT],
  ])("shows the server's %s error beside its field", async (field, label, message) => {
    const { fill, form } = await openPasswordForm(() =>
      jsonResponse(400, { message, fieldErrors: { [field]: message } }),
    );
    await fill('correct horse battery', 'baseball1234');
    await waitFor(() => expect(form.getByLabelText(label)).toHaveAccessibleDescription(message));
  });

  it('a 429 shows the server message above the buttons', async () => {
    const message = 'Too many login attempts. Please try again in 1 minute(s).';
    const { fill, form } = await openPasswordForm(() =>
      jsonResponse(429, { message }, { 'retry-after': '30' }),
    );
    await fill('correct horse battery', 'a new passphrase here');
    expect(await form.findByRole('alert')).toHaveTextContent(message);
  });
});
