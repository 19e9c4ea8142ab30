import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, subscribeToSession, type Session } from '../lib/session';

/** The stored token and user name; components re-render on login and logout. */
export function useSession(): Session & { isLoggedIn: boolean } {
  const session = useSyncExternalStore(subscribeToSession, getSessionSnapshot, getSessionSnapshot);
  return { ...session, isLoggedIn: Boolean(session.token && session.userName) };
}
