import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, SIGNED_OUT, subscribeToSession, type Session } from '../lib/session';

/** The stored token and user name; components re-render on login and logout. */
export function useSession(): Session & { isLoggedIn: boolean } {
  const session = useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => SIGNED_OUT);
  return { ...session, isLoggedIn: Boolean(session.token && session.userName) };
}
