import { nextPath, splitLocalePath } from '@marketplace/shared';

export const LOGIN_PATH = '/login';
export const SIGNUP_PATH = '/signup';
/** The page to come back to after logging in (issue 13), a path of this site only. */
export const NEXT_PARAM = 'next';
/** Set when the wall follows a session that ended (expired, refused), so the page says so. */
export const SESSION_PARAM = 'session';
export const SESSION_ENDED = 'ended';

/**
 * /login, or /signup, with the page to come back to and why the shopper was sent there.
 * A `next` that is not a page of this site is dropped, never followed.
 */
export function authUrl(
  path: typeof LOGIN_PATH | typeof SIGNUP_PATH,
  { next, ended = false }: { next?: string | null; ended?: boolean } = {},
): string {
  const params = new URLSearchParams();
  const back = nextPath(next);
  if (back && back !== '/') params.set(NEXT_PARAM, back);
  if (ended) params.set(SESSION_PARAM, SESSION_ENDED);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Router state from the sign-up form to /login (issue 39.9): the new account's user name, so
 * one password entry finishes. In the state, not the URL, so it stays out of history and logs.
 */
export interface SignedUpState {
  signedUpUserName: string;
}

/** The user name a sign-up handed to /login, when it is one the login form could hold. */
export function signedUpUserName(state: unknown, maxLength: number): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const userName = (state as Partial<SignedUpState>).signedUpUserName;
  return typeof userName === 'string' && userName.trim() && userName.length <= maxLength
    ? userName
    : null;
}

export const loginUrl = (options?: Parameters<typeof authUrl>[1]) => authUrl(LOGIN_PATH, options);

/**
 * The page the browser shows now, as a `next` (the login wall itself is never one): the
 * router's path, below the language's prefix, which the router adds back when it goes there.
 */
export function currentPage(): string {
  return `${splitLocalePath(window.location.pathname).path}${window.location.search}`;
}

/** Where to go after logging in: the `next` of this page's query when safe, else home (spec 2). */
export function afterLogin(search: URLSearchParams): string {
  return nextPath(search.get(NEXT_PARAM)) ?? '/';
}
