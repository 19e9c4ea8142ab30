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
import { preloadSections } from './lib/lazy-section';
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

const ssrData = document.getElementById(SSR_DATA_ID);
const redirect = ssrData?.textContent ? null : firstVisitRedirect(window.location.pathname);
if (redirect) {
  window.location.replace(`${redirect}${window.location.search}${window.location.hash}`);
} else if (ssrData?.textContent) {
  // Server-rendered (decision 024): the page's data is in the HTML, so nothing is fetched again.
  hydrateSsrData(queryClient, ssrData.textContent);
  // The lazy sections' chunks are asked for at once; React keeps their server HTML until they
  // are there. The page's chunk (preloaded since the first paint) and its catalog (English is
  // in the entry; French a chunk) come before hydrating: a page React had to wait for would be
  // drawn anew, losing what was typed, if the layout around it changed meanwhile.
  void preloadSections().catch(() => {});
  void Promise.all([loadTranslator(locale), preloadPage(pagePath).catch(() => {})]).then(
    ([translator]) => {
      // From here React hears clicks (hydrate-after-paint.js replays those made before).
      document.dispatchEvent(new Event('app:hydrating'));
      startTransition(() => void hydrateRoot(container, app(translator)));
    },
  );
} else {
  preloadRouteData(queryClient, {
    pathname: pagePath,
    search: window.location.search,
    locale,
  });
  const root = createRoot(container);
  // The page's chunk and the lazy sections' load side by side and come with the first render
  // (no bar drawn without its search box, no page loader first).
  // A transition renders in slices that leave the main thread free in between (no long task).
  void Promise.all([
    loadTranslator(locale),
    preloadSections().catch(() => {}),
    preloadPage(pagePath).catch(() => {}),
  ]).then(([translator]) => startTransition(() => root.render(app(translator))));
}
