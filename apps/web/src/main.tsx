import './styles/bootstrap.scss';
import './styles/theme.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { AppProviders } from './app/providers';
import type { LazyPage } from './app/lazy-page';
import { preloadRouteData } from './app/route-preload';
import { AppRoutes, appRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { hydrateSsrData, SSR_DATA_ID } from './ssr/ssr-data';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
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
if (ssrData?.textContent) {
  // Server-rendered (decision 024): the page's data is in the HTML, so nothing is fetched again.
  hydrateSsrData(queryClient, ssrData.textContent);
  // A chunk that fails to load leaves the server's HTML in place until React renders the page.
  void preloadPage(window.location.pathname)
    .catch(() => {})
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  preloadRouteData(queryClient, window.location);
  const root = createRoot(container);
  // A transition renders in slices that leave the main thread free in between (no long task).
  startTransition(() => root.render(app));
}
