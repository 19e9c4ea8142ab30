/**
 * Code outside React (the API client) must be able to send the browser to /login. The router
 * registers its navigate function here so that this is a client-side navigation (and tests can
 * observe it); before that, a full page load does the job.
 */
type Navigator = (to: string) => void;

const fallback: Navigator = (to) => window.location.assign(to);
let current: Navigator = fallback;

export function registerNavigator(navigator: Navigator | null): void {
  current = navigator ?? fallback;
}

export function navigateTo(to: string): void {
  current(to);
}
