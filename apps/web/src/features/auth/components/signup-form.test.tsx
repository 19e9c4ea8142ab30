import { MESSAGES, PASSWORDS_DO_NOT_MATCH } from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoute, requestBody } from '../../../test/render';

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
    // inline alert, field error and toast
    await waitFor(() => expect(screen.getAllByText(MESSAGES.userNameTaken)).toHaveLength(3));
    expect(screen.getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true');
    expect(location().pathname).toBe('/signup');
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
