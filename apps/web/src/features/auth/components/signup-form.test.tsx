import {
  MESSAGES,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_MENTIONS_IDENTITY,
  PASSWORD_TOO_COMMON,
} from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeToken,
  mockFetch,
  nowInSeconds,
  renderRoute,
  requestBody,
} from '../../../test/render';

type User = ReturnType<typeof renderRoute>['user'];

const VALID = {
  'First name': 'Zoë',
  'Last name': 'Tremblay',
  'User name': 'zoe_t',
  Email: 'zoe@example.com',
  Password: 'correct-horse',
  'Confirm password': 'correct-horse',
};

async function renderSignup() {
  const utils = renderRoute('/signup');
  await screen.findByRole('heading', { name: 'Create Account' });
  return utils;
}

async function fill(user: User, values: Partial<Record<keyof typeof VALID, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label, { exact: true }), value);
  }
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create Account' }));

describe('signup page', () => {
  it('shows an illustration, an email-type field and a link back to /login', async () => {
    await renderSignup();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(document.querySelector('.fashion-illustration svg')).not.toBeNull();
  });

  it('requires every field, without calling the API', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, {}));
    const { user } = await renderSignup();
    await submit(user);
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('User name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Passwords do not match', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, {}));
    const { user } = await renderSignup();
    await fill(user, { ...VALID, 'Confirm password': 'another-pass' });
    await submit(user);
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('success: sends {password, userDto}, toasts and goes to /login', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { userName: 'zoe_t' }));
    const { user, location } = await renderSignup();
    await fill(user, VALID);
    await submit(user);
    expect(await screen.findByText(MESSAGES.signupSuccess)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(requestBody(fetchMock, 'POST', '/auth/registerUser')).toEqual({
      password: 'correct-horse',
      userDto: {
        firstName: 'Zoë',
        lastName: 'Tremblay',
        userName: 'zoe_t',
        email: 'zoe@example.com',
        addresses: [],
      },
    });
  });

  it('issue 39.9: /login has the new user name filled in and keeps `next`: one password entry finishes', async () => {
    const token = makeToken({ sub: 'zoe_t', exp: nowInSeconds() + 3600 });
    const fetchMock = mockFetch((method, path) => {
      if (method === 'POST' && path === '/auth/registerUser')
        return jsonResponse(201, { userName: 'zoe_t' });
      if (method === 'POST' && path === '/auth/login')
        return jsonResponse(200, { accessToken: token });
      if (path.startsWith('/orders/cart'))
        return jsonResponse(200, { items: [], subtotal: 0, currency: 'CAD' });
      return jsonResponse(200, {
        userName: 'zoe_t',
        firstName: 'Zoë',
        lastName: 'Tremblay',
        email: 'zoe@example.com',
        storeName: null,
        addresses: [],
      });
    });
    const { user, location } = renderRoute('/signup?next=%2Fshopping-bag');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fill(user, VALID);
    await submit(user);
    await screen.findByRole('heading', { name: 'Login Now' });
    expect(location().pathname).toBe('/login');
    expect(location().search).toBe('?next=%2Fshopping-bag');
    // The user name is in the router's state, never in the address.
    expect(location().search).not.toContain('zoe_t');
    // The login page is a lazy chunk: it may render a moment after the address changes.
    expect(await screen.findByLabelText('User name or email')).toHaveValue('zoe_t');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.keyboard('correct-horse{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/shopping-bag'));
    expect(requestBody(fetchMock, 'POST', '/auth/login')).toEqual({
      userName: 'zoe_t',
      password: 'correct-horse',
    });
  });

  it('issue 39.9: a `next` that is not a page of this site is dropped on the way to /login', async () => {
    mockFetch(() => jsonResponse(201, { userName: 'zoe_t' }));
    const { user, location } = renderRoute('/signup?next=https%3A%2F%2Fevil.example%2F');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fill(user, VALID);
    await submit(user);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(location().search).toBe('');
    // The login page is a lazy chunk: it may render a moment after the address changes.
    expect(await screen.findByLabelText('User name or email')).toHaveValue('zoe_t');
  });

  it("409: the server's message, and its field error beside the field", async () => {
    mockFetch(() =>
      jsonResponse(409, {
        message: MESSAGES.userNameTaken,
        fieldErrors: { userName: MESSAGES.userNameTaken },
      }),
    );
    const { user, location } = await renderSignup();
    await fill(user, VALID);
    await submit(user);
    // Once beside the field and once in the toast: no third copy above the button.
    await waitFor(() => expect(screen.getAllByText(MESSAGES.userNameTaken)).toHaveLength(2));
    expect(screen.getByLabelText('User name')).toHaveAccessibleDescription(MESSAGES.userNameTaken);
    expect(screen.getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true');
    expect(location().pathname).toBe('/signup');
  });

  it("the server's field error goes away as soon as that field changes", async () => {
    mockFetch(() =>
      jsonResponse(409, {
        message: MESSAGES.emailTaken,
        fieldErrors: { email: MESSAGES.emailTaken },
      }),
    );
    const { user } = await renderSignup();
    await fill(user, VALID);
    await submit(user);
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    // Another field's change leaves it.
    await user.type(screen.getByLabelText('First name'), 'x');
    expect(email).toHaveAccessibleDescription(MESSAGES.emailTaken);
    await user.type(email, 'm');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(email).not.toHaveAccessibleDescription(MESSAGES.emailTaken);
    // Nothing else on the page keeps saying it (the toast closes by itself).
    expect(
      screen.getAllByText(MESSAGES.emailTaken).filter((node) => !node.closest('.Toastify')),
    ).toEqual([]);
  });

  it('refuses a password made of the user name at once, without calling the API', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, {}));
    const { user } = await renderSignup();
    await fill(user, { ...VALID, Password: 'Zoe_T2024!', 'Confirm password': 'Zoe_T2024!' });
    await submit(user);
    expect(await screen.findByText(PASSWORD_MENTIONS_IDENTITY)).toBeInTheDocument();
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("400 too common: the server's reason beside the password field", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        message: PASSWORD_TOO_COMMON,
        fieldErrors: { password: PASSWORD_TOO_COMMON },
      }),
    );
    const { user } = await renderSignup();
    await fill(user, { ...VALID, Password: 'iloveyou1', 'Confirm password': 'iloveyou1' });
    await submit(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(
      PASSWORD_TOO_COMMON,
    );
  });

  it.each([500, 503])('%i: Internal server error. Please try again later.', async (status) => {
    mockFetch(() => jsonResponse(status, { message: 'stack trace that must not show' }));
    const { user } = await renderSignup();
    await fill(user, VALID);
    await submit(user);
    await waitFor(() => expect(screen.getAllByText(MESSAGES.signupServerError)).toHaveLength(2));
    expect(screen.queryByText('stack trace that must not show')).not.toBeInTheDocument();
  });

  it('no response: Registration failed', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await renderSignup();
    await fill(user, VALID);
    await submit(user);
    await waitFor(() => expect(screen.getAllByText(MESSAGES.signupFailed)).toHaveLength(2));
  });

  it('disables the inputs while submitting', async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    const { user } = await renderSignup();
    await fill(user, VALID);
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeDisabled());
    expect(screen.getByLabelText('First name')).toBeDisabled();
  });
});
