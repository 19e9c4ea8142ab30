import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { currentPage, loginUrl } from '../lib/login-return';
import { getToken, getUserName, hasValidSession, isTokenValid, clearSession } from '../lib/session';

interface GuardDecision {
  /** The stored session is unusable and must be cleared. */
  clearSession: boolean;
  redirectTo: string | null;
}

/** Spec 5: /shopping-bag and /admin need a token, a user name and an unexpired token. */
export function requireSession(): GuardDecision {
  const valid = hasValidSession();
  // Issue 13: back to this page after logging in; a stored token that no longer works ended.
  return {
    clearSession: !valid,
    redirectTo: valid ? null : loginUrl({ next: currentPage(), ended: Boolean(getToken()) }),
  };
}

/**
 * /user: without a session the page itself shows the 'Login Required' modal (spec 2);
 * a stored but expired token is cleared and the user goes straight to /login (spec 5).
 */
export function userPageGuard(): GuardDecision {
  const token = getToken();
  const userName = getUserName();
  if (token && userName && !isTokenValid(token))
    return { clearSession: true, redirectTo: loginUrl({ next: currentPage(), ended: true }) };
  return { clearSession: Boolean(token) !== Boolean(userName), redirectTo: null };
}

/**
 * Decides once, when the route is entered (as a loader would), before the page renders: the
 * page never mounts for a visitor the guard sends away.
 */
export function Guarded({ guard, children }: { guard: () => GuardDecision; children: ReactNode }) {
  const [decision] = useState(guard);
  useLayoutEffect(() => {
    if (decision.clearSession) clearSession();
  }, [decision]);
  return decision.redirectTo ? <Navigate to={decision.redirectTo} replace /> : children;
}
