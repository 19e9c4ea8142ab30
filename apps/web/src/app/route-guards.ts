import { redirect } from 'react-router';
import { clearSession, getToken, getUserName, hasValidSession, isTokenValid } from '../lib/session';

/** Spec 5: /shopping-bag and /admin need a token, a user name and an unexpired token. */
export function requireSession() {
  if (!hasValidSession()) {
    clearSession();
    throw redirect('/login');
  }
  return null;
}

/**
 * /user: without a session the page itself shows the 'Login Required' modal (spec 2);
 * a stored but expired token is cleared and the user goes straight to /login (spec 5).
 */
export function userPageGuard() {
  const token = getToken();
  const userName = getUserName();
  if (token && userName && !isTokenValid(token)) {
    clearSession();
    throw redirect('/login');
  }
  if (Boolean(token) !== Boolean(userName)) clearSession();
  return null;
}
