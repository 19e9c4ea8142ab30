import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoute, requestBody } from '../../../test/render';
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
