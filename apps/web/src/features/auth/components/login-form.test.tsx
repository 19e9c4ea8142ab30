import { LOGIN_INPUT_MAX_LENGTH, LOGIN_REQUIRED_MESSAGE, MESSAGES } from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, getUserName } from '../../../lib/session';
import {
  jsonResponse,
  makeToken,
  mockFetch,
  nowInSeconds,
  renderRoute,
  requestBody,
} from '../../../test/render';

async function renderLogin() {
  const utils = renderRoute('/login');
  await screen.findByRole('heading', { name: 'Login Now' });
  return utils;
}

async function submit(
  user: ReturnType<typeof renderRoute>['user'],
  userName: string,
  password: string,
) {
  if (userName) await user.type(screen.getByLabelText('User name or email'), userName);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

/** The message shows inline (alert in the form) and as a toast. */
async function expectMessage(message: string) {
  await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
}

describe('login page', () => {
  it('has links to /forgot-password and /signup, and inputs limited to 40 characters', async () => {
    await renderLogin();
    expect(screen.getByLabelText('User name or email')).toHaveAttribute(
      'maxLength',
      String(LOGIN_INPUT_MAX_LENGTH),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxLength', '40');
    expect(screen.getByRole('link', { name: /forgot/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: /create an account/i })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it.each([
    ['', ''],
    ['alice', ''],
    ['', 'secret'],
    ['   ', 'secret'],
  ])('empty fields (%j, %j): inline and toast message, no request', async (userName, password) => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    const { user } = await renderLogin();
    await submit(user, userName, password);
    await expectMessage(LOGIN_REQUIRED_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([400, 401])('status %i: Incorrect username or password', async (status) => {
    mockFetch(() => jsonResponse(status, { message: 'whatever the server says' }));
    const { user } = await renderLogin();
    await submit(user, 'alice', 'wrong-password');
    await expectMessage(MESSAGES.incorrectCredentials);
    expect(getToken()).toBeNull();
  });

  it("other statuses show the server's message", async () => {
    mockFetch(() => jsonResponse(429, { message: 'Too many attempts. Try again in 60 seconds.' }));
    const { user } = await renderLogin();
    await submit(user, 'alice', 'secret');
    await expectMessage('Too many attempts. Try again in 60 seconds.');
  });

  it('500 with a server message shows that message', async () => {
    mockFetch(() => jsonResponse(500, { message: 'Database unavailable' }));
    const { user } = await renderLogin();
    await submit(user, 'alice', 'secret');
    await expectMessage('Database unavailable');
  });

  it('500 without a message: Login failed', async () => {
    mockFetch(() => new Response(null, { status: 500 }));
    const { user } = await renderLogin();
    await submit(user, 'alice', 'secret');
    await expectMessage(MESSAGES.loginFailed);
  });

  it("no response: the error's message", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await renderLogin();
    await submit(user, 'alice', 'secret');
    await expectMessage('Failed to fetch');
  });

  it('no response without a message: Network error', async () => {
    mockFetch(() => Promise.reject(new TypeError('')));
    const { user } = await renderLogin();
    await submit(user, 'alice', 'secret');
    await expectMessage(MESSAGES.networkError);
  });

  it('a token without 3 parts: Received malformed token, nothing stored, stays on /login', async () => {
    mockFetch(() => jsonResponse(200, { accessToken: 'only.two' }));
    const { user, location } = await renderLogin();
    await submit(user, 'alice', 'secret');
    await expectMessage(MESSAGES.malformedToken);
    expect(getToken()).toBeNull();
    expect(getUserName()).toBeNull();
    expect(location().pathname).toBe('/login');
  });

  it("success: trims the name, stores the token and the token's sub as userName, toasts and goes to /", async () => {
    const token = makeToken({ sub: 'alice', exp: nowInSeconds() + 3600 });
    const fetchMock = mockFetch((method, path) =>
      method === 'POST' && path === '/auth/login'
        ? jsonResponse(200, { accessToken: token })
        : jsonResponse(200, {
            userName: 'alice',
            firstName: 'A',
            lastName: 'N',
            email: 'alice@example.com',
            storeName: null,
            addresses: [],
          }),
    );
    const { user, location } = await renderLogin();
    await submit(user, '  alice@example.com  ', 'secret');
    expect(await screen.findByText(MESSAGES.loginSuccess)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(requestBody(fetchMock, 'POST', '/auth/login')).toEqual({
      userName: 'alice@example.com',
      password: 'secret',
    });
    expect(getToken()).toBe(token);
    expect(getUserName()).toBe('alice');
  });

  it('disables the inputs and the button while submitting', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await renderLogin();
    await submit(user, 'alice', 'secret');
    await waitFor(() => expect(screen.getByLabelText('User name or email')).toBeDisabled());
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: /logging in/i })).toBeDisabled();
    answer(jsonResponse(401, { message: MESSAGES.incorrectCredentials }));
    await waitFor(() => expect(screen.getByLabelText('User name or email')).toBeEnabled());
  });
});
