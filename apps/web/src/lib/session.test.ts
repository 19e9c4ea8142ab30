import { describe, expect, it, vi } from 'vitest';
import { expiredToken, makeToken, nowInSeconds, validToken } from '../test/render';
import {
  clearSession,
  decodeTokenPayload,
  getToken,
  getUserName,
  hasValidSession,
  isTokenValid,
  SESSION_CHANGE_EVENT,
  setSession,
} from './session';

describe('session', () => {
  it('stores the token and user name under the spec keys and announces changes', () => {
    const listener = vi.fn();
    window.addEventListener(SESSION_CHANGE_EVENT, listener);
    setSession('a.b.c', 'alice');
    expect(localStorage.getItem('token')).toBe('a.b.c');
    expect(localStorage.getItem('userName')).toBe('alice');
    clearSession();
    expect(getToken()).toBeNull();
    expect(getUserName()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    window.removeEventListener(SESSION_CHANGE_EVENT, listener);
  });

  it('a token is valid only when decodable with exp (seconds) later than now', () => {
    expect(isTokenValid(validToken())).toBe(true);
    expect(isTokenValid(expiredToken())).toBe(false);
    expect(isTokenValid(makeToken({ sub: 'alice' }))).toBe(false);
    expect(isTokenValid('not-a-jwt')).toBe(false);
    expect(isTokenValid('a.%%%.c')).toBe(false);
    expect(isTokenValid(null)).toBe(false);
  });

  it('decodes base64url payloads, including non-ASCII user names', () => {
    const token = makeToken({ sub: 'zoë', exp: nowInSeconds() + 10 });
    expect(decodeTokenPayload(token)?.sub).toBe('zoë');
  });

  it('a valid session needs token, user name and an unexpired token', () => {
    expect(hasValidSession()).toBe(false);
    localStorage.setItem('token', validToken());
    expect(hasValidSession()).toBe(false);
    localStorage.setItem('userName', 'alice');
    expect(hasValidSession()).toBe(true);
    localStorage.setItem('token', expiredToken());
    expect(hasValidSession()).toBe(false);
  });
});
