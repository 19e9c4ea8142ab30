import {
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_REVERTED,
  FORGOT_PASSWORD_SENT,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_PUBLIC,
  PASSWORD_TOO_COMMON,
  RESET_LINK_INVALID,
} from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, setSession } from '../../../lib/session';
import {
  jsonResponse,
  mockFetch,
  renderRoute,
  requestBody,
  validToken,
} from '../../../test/render';
import { PASSWORD_RESET_DONE } from './reset-password-form';

describe('forgot password', () => {
  it('sends the email and shows the same confirmation whatever the account', async () => {
    const fetchMock = mockFetch(() => jsonResponse(202, { message: 'accepted' }));
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_SENT)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/auth/forgot-password')).toEqual({
      email: 'nobody@example.com',
    });
  });

  it('validates the email before sending', async () => {
    const fetchMock = mockFetch(() => jsonResponse(202, {}));
    const { user } = renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('reset password', () => {
  it('without a token: the invalid-link message and a link to /forgot-password', async () => {
    renderRoute('/reset-password');
    expect(await screen.findByText(RESET_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /new reset link/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends the token and the new password, then goes to /login', async () => {
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    const { user, location } = renderRoute('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(requestBody(fetchMock, 'POST', '/auth/reset-password')).toEqual({
      token: 'abc123',
      password: 'new-password-1',
    });
  });

  it("a rejected link shows the server's message", async () => {
    mockFetch(() => jsonResponse(400, { message: RESET_LINK_INVALID }));
    const { user } = renderRoute('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(RESET_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /new reset link/i })).toBeInTheDocument();
  });
});

describe('reset password: a refused password', () => {
  it('says why beside the field and keeps the link usable', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(400, {
        message: PASSWORD_TOO_COMMON,
        fieldErrors: { password: PASSWORD_TOO_COMMON },
      }),
    );
    const { user } = renderRoute('/reset-password?token=abc123');
    // Not in the web app's short list: only the server's long one refuses it.
    await user.type(await screen.findByLabelText('New password'), 'maplewood22');
    await user.type(screen.getByLabelText('Confirm new password'), 'maplewood22');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        PASSWORD_TOO_COMMON,
      ),
    );
    expect(screen.queryByRole('link', { name: /new reset link/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['aaaaaaaa', PASSWORD_ONE_CHARACTER],
    ['Password123!', PASSWORD_PUBLIC],
  ])('refuses %s at once, without calling the API (issue 38)', async (password, message) => {
    const fetchMock = mockFetch(() => jsonResponse(204, null));
    const { user } = renderRoute('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), password);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(message),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('undo an email change', () => {
  it('sends the token once, ends the session here and says a reset link was mailed', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { message: EMAIL_CHANGE_REVERTED, email: 'alice@example.com' }),
    );
    renderRoute('/revert-email?token=undo123');
    expect(await screen.findByText(EMAIL_CHANGE_REVERTED)).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      "Your account's email is alice@example.com again.",
    );
    // Issue 38: no reset link on the page; it went by mail to the restored address.
    expect(screen.queryByRole('link', { name: 'Choose a new password' })).not.toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/auth/revert-email')).toEqual({ token: 'undo123' });
    const reverts = fetchMock.mock.calls.filter(([input]) =>
      String(input).endsWith('revert-email'),
    );
    expect(reverts).toHaveLength(1);
    expect(getToken()).toBeNull();
  });

  it("a used or made-up link shows the server's message and a way to reset", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        message: EMAIL_CHANGE_LINK_INVALID,
        fieldErrors: { token: EMAIL_CHANGE_LINK_INVALID },
      }),
    );
    renderRoute('/revert-email?token=used');
    expect(await screen.findByText(EMAIL_CHANGE_LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token: the invalid-link message, and nothing sent', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    renderRoute('/revert-email');
    expect(await screen.findByText(EMAIL_CHANGE_LINK_INVALID)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
