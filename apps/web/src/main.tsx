import './styles/bootstrap.scss';
import './styles/theme.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { LOCALE_PATH_PREFIX, splitLocalePath, type Translator } from '@marketplace/shared';
import { AppProviders } from './app/providers';
import type { LazyPage } from './app/lazy-page';
import { preloadRouteData } from './app/route-preload';
import { AppRoutes, appRoutes } from './app/router';
import { loadTranslator } from './i18n/catalogs';
import { firstVisitRedirect } from './i18n/locale-choice';
import { setApiLanguage } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { hydrateSsrData, SSR_DATA_ID } from './ssr/ssr-data';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

const queryClient = createQueryClient();
// The URL names the page's language (English unprefixed, French under /fr): the router works
// below that prefix, so every link and navigation inside the app keeps the language.
const { locale, path: pagePath } = splitLocalePath(window.location.pathname);
// A page the server did not render has index.html's lang until now.
document.documentElement.lang = locale;
// The API answers errors in the page's language, not the browser's.
setApiLanguage(locale);
const app = (translator: Translator) => (
  <StrictMode>
    <AppProviders queryClient={queryClient} translator={translator}>
      <BrowserRouter basename={LOCALE_PATH_PREFIX[locale] || undefined}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

/** The page's chunk, loaded before hydrating so the page hydrates as the server drew it. */
function preloadPage(pathname: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(appRoutes, pathname) ?? []).map(({ route }) => {
      const type = (route.element as { type?: Partial<LazyPage> } | undefined)?.type;
      return typeof type?.preload === 'function' ? type.preload() : undefined;
    }),
  );
}

const isHydrated = () => document.documentElement.dataset.hydrated === 'true';

/**
 * Until React has taken a server-rendered page over, a form would submit itself the browser's
 * way (its fields in the URL). The submission is held, and made again through React once the
 * layout marks the page hydrated (data-hydrated on <html>).
 */
function holdSubmissionsUntilHydrated(): void {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const hold = (event: Event) => {
    if (isHydrated() || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    held = { form: event.target, submitter: (event as SubmitEvent).submitter };
  };
  document.addEventListener('submit', hold, true);
  const watch = new MutationObserver(() => {
    if (!isHydrated()) return;
    watch.disconnect();
    document.removeEventListener('submit', hold, true);
    if (held?.form.isConnected) held.form.requestSubmit(held.submitter);
  });
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
}

const ssrData = document.getElementById(SSR_DATA_ID);
const redirect = ssrData?.textContent ? null : firstVisitRedirect(window.location.pathname);
if (redirect) {
  window.location.replace(`${redirect}${window.location.search}${window.location.hash}`);
} else if (ssrData?.textContent) {
  // Server-rendered (decision 024): the page's data is in the HTML, so nothing is fetched again.
  hydrateSsrData(queryClient, ssrData.textContent);
  holdSubmissionsUntilHydrated();
  // The page's chunk is asked for at once; React keeps the server's HTML until it is there.
  void preloadPage(pagePath).catch(() => {});
  // The page's catalog (English is in the entry; French a chunk) before hydrating in it.
  void loadTranslator(locale).then((translator) =>
    startTransition(() => void hydrateRoot(container, app(translator))),
  );
} else {
  preloadRouteData(queryClient, {
    pathname: pagePath,
    search: window.location.search,
    locale,
  });
  const root = createRoot(container);
  // A transition renders in slices that leave the main thread free in between (no long task).
  void loadTranslator(locale).then((translator) =>
    startTransition(() => root.render(app(translator))),
  );
}
