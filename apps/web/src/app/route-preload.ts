import type { Locale } from '@marketplace/shared';
import type { QueryClient } from '@tanstack/react-query';
import { readCity } from '../hooks/use-selected-city';
import { getSessionSnapshot } from '../lib/session';
import { matchPage, ROUTE_DATA } from './route-data';
import { appRoutes } from './router';

const preloaded = new Set<string>();

/** Asks for an image ahead of the page that will show it (the page's largest paint). */
function preloadImage(href: string | null | undefined): void {
  if (!href || preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  document.head.append(link);
}

/**
 * On a first visit to a page the browser draws (not server-rendered), the page's declared
 * queries (app/route-data.ts), then its largest image, are requested while the page's chunk is
 * still loading, instead of after it: the page's queries find them in the cache. Failures are
 * left to the page, which asks again.
 */
export function preloadRouteData(
  queryClient: QueryClient,
  { pathname, search, locale }: { pathname: string; search: string; locale: Locale },
): void {
  const page = matchPage(appRoutes, pathname);
  const data = page && ROUTE_DATA[page.routePath];
  if (!page || !data) return;
  const { token, userName } = getSessionSnapshot();
  const [first, ...rest] = data.queries({
    params: page.params,
    search,
    city: readCity(),
    viewer: token && userName ? userName : null,
    locale,
  });
  if (!first) return;
  void queryClient
    .fetchQuery(first)
    .then((answer: unknown) => preloadImage(data.leadImage?.(answer)))
    .catch(() => {});
  for (const options of rest) void queryClient.prefetchQuery(options);
}
