import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const STORAGE_KEY = 'scrollPositions';
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
  } catch {
    return [];
  }
}

function store(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage may be unavailable (private mode): positions then last for this page view.
  }
}

/**
 * How this document was reached: a new visit (a link from elsewhere, an address typed), or a
 * reload, back or forward, which return to where the page was.
 */
function documentArrival(): string {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type ?? 'navigate';
}

/**
 * Until the app's first navigation, a new visit's page is not scrolled to a kept position: the
 * position kept for the same address belongs to an earlier visit.
 */
let arrivedAnew = documentArrival() === 'navigate';

/**
 * A history entry's key. The entry a document opens on has none of its own (the router calls
 * each 'default'), so it is told apart by its address: a page loaded anew must not take the
 * position of the page this tab showed before it.
 */
const entryKey = (location: Location) =>
  location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;

const keepsScroll = (state: unknown) =>
  typeof state === 'object' && state !== null && 'keepScroll' in state && state.keepScroll === true;

/**
 * Back and forward return to where the page was scrolled; any other navigation starts at the
 * top (or at the #fragment it names), except one whose state says `keepScroll: true` (a filter
 * changed in a sidebar). Positions are kept per history entry.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = entryKey(location);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Read on scroll, not on leaving: by then the next page may already have shortened it.
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', store);
      store();
    };
  }, [key]);

  useLayoutEffect(() => {
    if (location.key !== 'default') arrivedAnew = false;
    const saved = arrivedAnew ? undefined : positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== 'POP' && !keepsScroll(location.state)) {
      window.scrollTo(0, 0);
    }
  }, [key, location.key, location.hash, location.state, navigationType]);
}
