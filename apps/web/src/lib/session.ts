/** The browser session of spec 3: the token and the user name, in localStorage. */
export const TOKEN_KEY = 'token';
export const USER_NAME_KEY = 'userName';
/** Fired on this window whenever the session changes (the storage event only reaches other tabs). */
export const SESSION_CHANGE_EVENT = 'marketplace:session-change';

export interface Session {
  token: string | null;
  userName: string | null;
}

export interface TokenPayload {
  sub?: string;
  exp?: number;
  [claim: string]: unknown;
}

function notify(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

// On the server (decision 024) there is no localStorage: every visitor is signed out there.
const hasStorage = () => typeof localStorage !== 'undefined';

export function getToken(): string | null {
  return hasStorage() ? localStorage.getItem(TOKEN_KEY) : null;
}

export function getUserName(): string | null {
  return hasStorage() ? localStorage.getItem(USER_NAME_KEY) : null;
}

export function setSession(token: string, userName: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_NAME_KEY, userName);
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_NAME_KEY);
  notify();
}

/** Spec 5: a login response is usable only when the token has three dot-separated parts. */
export function hasThreeParts(token: string): boolean {
  return token.split('.').length === 3;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload, or null when the token cannot be decoded. The signature is the server's job. */
export function decodeTokenPayload(token: string): TokenPayload | null {
  if (!hasThreeParts(token)) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(token.split('.')[1] ?? ''));
    return payload && typeof payload === 'object' ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** Spec 5: valid only if it can be decoded and its exp (seconds) is later than now. */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  if (!token) return false;
  const payload = decodeTokenPayload(token);
  return typeof payload?.exp === 'number' && payload.exp * 1000 > now;
}

/** A stored token and user name, and the token still valid: what protected routes need. */
export function hasValidSession(): boolean {
  return Boolean(getToken() && getUserName() && isTokenValid(getToken()));
}

let cached: Session = { token: null, userName: null };

/**
 * What a server-rendered page was drawn with (decision 024): signed out. Hydration renders
 * with it too, then the stored session fills the signed-in parts in.
 */
export const SIGNED_OUT: Session = Object.freeze({ token: null, userName: null });

/** A stable snapshot for useSyncExternalStore: the same object until the values change. */
export function getSessionSnapshot(): Session {
  const token = getToken();
  const userName = getUserName();
  if (cached.token !== token || cached.userName !== userName) cached = { token, userName };
  return cached;
}

export function subscribeToSession(listener: () => void): () => void {
  window.addEventListener(SESSION_CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(SESSION_CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
