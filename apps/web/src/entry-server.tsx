// The server-rendering entry (decision 024): built by `vite build --ssr` into apps/web/dist-ssr
// and loaded by the API's web-app plugin, which writes the HTML around what this renders.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, appRoutes } from './app/router';
import type { LazyPage } from './app/lazy-page';
import {
  DEFAULT_CITY,
  LOCALE_PATH_PREFIX,
  splitLocalePath,
  type Translator,
} from '@marketplace/shared';
import { loadTranslator } from './i18n/catalogs';
import { fetchRouteData, leadImageOf, matchPage } from './app/route-data';
import { parseProductId } from './features/product/utils/item-options';
import { ApiError, setApiTransport } from './lib/api-client';
import { preloadSections } from './lib/lazy-section';
import { createQueryClient } from './lib/query-client';
import { pageHead, renderHead, type PageKind } from './ssr/head';
import { keepNotFound, serializeSsrData, SSR_DATA_ID } from './ssr/ssr-data';

export { SSR_DATA_ID };

/** How the renderer reaches the API: the API itself, in process (app.inject). */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** Path and query, as requested. */
  url: string;
  /** The site's address (PUBLIC_URL), for canonical and absolute URLs. */
  origin: string;
}

export interface RenderedPage {
  status: number;
  /** `<html lang>`. */
  lang: string;
  /** Title, description, canonical, preview tags and JSON-LD, escaped. */
  head: string;
  /** The page's modules (build manifest keys): the server links their chunks and CSS. */
  modules: string[];
  /** The page's largest image (its LCP), from its declared data: asked before anything else. */
  leadImage: string | null;
  /** The data script, placed after the app's HTML. */
  dataScript: string;
  /** How often the tree has been rendered so far (data passes and the stream). */
  renders(): number;
  /**
   * After the stream: whether the page was drawn with every query it asked answered (a 404
   * counts as one). A route whose declared data (app/route-data.ts) misses a query is drawn
   * with that part loading; a query refused otherwise, with that part failed.
   */
  complete(): boolean;
  /**
   * Renders the app into `write`/`end`: at once when the shell is ready (browsers) or when
   * everything is (crawlers). Resolves when writing starts; rejects if the shell failed.
   */
  stream(sink: StreamSink, options: { allReady: boolean }): Promise<void>;
}

export type StreamSink = NodeJS.WritableStream;

/** Route paths drawn on the server; every other page (behind login) stays client-rendered. */
const PUBLIC_ROUTES: Record<
  string,
  (params: Record<string, string | undefined>, search: string) => PageKind
> = {
  '': () => ({ kind: 'home' }),
  about: () => ({ kind: 'about' }),
  products: (_, search) => ({ kind: 'products', search }),
  'product/:id': (params) => ({ kind: 'product', id: parseProductId(params.id) }),
  storePage: () => ({ kind: 'stores' }),
  'store/:storeId': (params) => ({ kind: 'store', storeId: params.storeId ?? '' }),
  'seller-home': () => ({ kind: 'seller-home' }),
  login: () => ({ kind: 'login' }),
  signup: () => ({ kind: 'signup' }),
  'forgot-password': () => ({ kind: 'forgot-password' }),
  '*': () => ({ kind: 'not-found' }),
};

/**
 * Each page's requests go to its own ApiFetch (its visitor's address, its list of answers),
 * even while other pages render at the same time: the API client's one transport looks it up.
 */
const currentFetch = new AsyncLocalStorage<ApiFetch>();
setApiTransport((url, init) => {
  const fetchApi = currentFetch.getStore();
  if (!fetchApi) throw new Error(`No page is being rendered to fetch ${url} for.`);
  return fetchApi(url, init);
});

/** Answers that say the API could not answer for now, not that the page's data is wrong. */
const isUnavailable = (status: number) =>
  status === 429 || status === 502 || status === 503 || status === 504;

/** Renders the page's tree as often as it takes to learn every query it asks (at most this). */
const MAX_DATA_ROUNDS = 3;

function hasPreload(type: unknown): type is LazyPage {
  return typeof type === 'function' && typeof (type as Partial<LazyPage>).preload === 'function';
}

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

function app(
  queryClient: ReturnType<typeof createQueryClient>,
  url: string,
  translator: Translator,
): ReactNode {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient} translator={translator}>
        <StaticRouter location={url} basename={LOCALE_PATH_PREFIX[translator.locale] || undefined}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Renders a public page, or answers null for a page that stays client-rendered. Its data comes
 * through the same queries the browser would run (so the dehydrated cache is exactly what the
 * page asks for): the tree is rendered without output until no query it asks is left unfetched.
 */
export function renderPage(
  request: RenderRequest,
  fetchApi: ApiFetch,
): Promise<RenderedPage | null> {
  return currentFetch.run(fetchApi, () => prepare(request));
}

/**
 * Whether a query was refused for another reason than "not found" (a 4xx, or anything while
 * the page streamed): the page is drawn with that part failed, and not kept (issue 38).
 */
function refusedAny(queryClient: ReturnType<typeof createQueryClient>): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some(
      ({ state }) =>
        state.status === 'error' &&
        !(state.error instanceof ApiError && state.error.status === 404),
    );
}

/** Queries the page asked for while rendering that nobody fetched (their data is missing). */
function unasked(queryClient: ReturnType<typeof createQueryClient>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );
}

async function prepare(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, 'http://ssr.invalid');
  // The same page in each language: the locale is the URL's prefix (/fr), the route what follows.
  const { locale, path } = splitLocalePath(url.pathname);
  const translator = await loadTranslator(locale);
  const match = matchPage(appRoutes, path);
  const toKind = match && PUBLIC_ROUTES[match.routePath];
  if (!match || !toKind) return null;
  const page = toKind(match.params, url.search);

  const pages = match.matches
    .map(({ route }) => (route.element as { type?: unknown } | undefined)?.type)
    .filter(hasPreload);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const location = `${url.pathname}${url.search}`;
  const address = {
    params: match.params,
    search: url.search,
    city: DEFAULT_CITY,
    viewer: null,
    locale,
  };
  // The page's chunk and the data its route declares (app/route-data.ts), side by side; the
  // lazy sections once the page is in, since a page's module declares its own.
  const [, declared] = await Promise.all([
    Promise.all(pages.map((type) => type.preload())).then(preloadSections),
    fetchRouteData(queryClient, match.routePath, address),
  ]);
  let renders = 0;
  // A route that declares its data is rendered once, by the stream. Any other is rendered
  // without output until no query it asks is left unfetched (a pass per layer of queries).
  if (declared === 'unknown') {
    for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
      renderToString(app(queryClient, location, translator));
      renders++;
      const missing = unasked(queryClient);
      const inFlight = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.fetchStatus === 'fetching');
      if (missing.length === 0 && inFlight.length === 0) break;
      await Promise.all([
        ...missing.map((query) => query.fetch().catch(() => undefined)),
        ...inFlight.map((query) => query.promise?.catch(() => undefined)),
      ]);
    }
  }

  const queries = queryClient.getQueryCache().getAll();
  let status =
    page.kind === 'not-found' || (page.kind === 'product' && page.id === null) ? 404 : 200;
  for (const query of queries) {
    if (query.state.status !== 'error') continue;
    const error = query.state.error;
    if (error instanceof ApiError && error.status === 404) {
      status = 404;
      keepNotFound(queryClient, query);
    } else if (error instanceof ApiError && isUnavailable(error.status)) {
      // The API could not answer for now (too many requests, busy, its database away): the
      // page is not drawn from the refusal (a product would read "not found"), it is a 503
      // for the server to answer (issue 38, finding 3).
      throw Object.assign(new Error(error.message, { cause: error }), { statusCode: 503 });
    } else if (!(error instanceof ApiError && error.status < 500)) {
      // The API failed (or could not be reached) for a query the page needs: the error page.
      throw new Error(error instanceof Error ? error.message : 'A query failed.', { cause: error });
    }
  }

  const head = renderHead(
    pageHead(queryClient, {
      page,
      origin: request.origin,
      lang: locale,
      status,
      t: (message, values) => translator.t(message, values),
    }),
  );
  const dataScript = `<script type="application/json" id="${SSR_DATA_ID}">${serializeSsrData(queryClient, status)}</script>`;

  return {
    status,
    lang: locale,
    head,
    modules: pages.map((type) => type.source),
    leadImage: status === 200 ? (leadImageOf(queryClient, match.routePath, address) ?? null) : null,
    dataScript,
    renders: () => renders,
    complete: () => unasked(queryClient).length === 0 && !refusedAny(queryClient),
    stream(sink, { allReady }) {
      renders++;
      return new Promise<void>((resolve, reject) => {
        let renderError: unknown = null;
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          if (renderError) {
            stream.abort();
            reject(renderError instanceof Error ? renderError : new Error(String(renderError)));
            return;
          }
          stream.pipe(sink);
          resolve();
        };
        const stream = renderToPipeableStream(app(queryClient, location, translator), {
          // A finished Suspense boundary (a lazy section, decision 031) is written in place,
          // however large the page before it: React would otherwise send large ones after the
          // shell with an inline script to move them, which the content security policy forbids.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onShellReady() {
            // A turn later: React finishes the tasks it queued beside the shell (the lazy
            // sections' Suspense fallbacks), so the page goes out whole, without the inline
            // script React adds while a task is pending. What still waits on data streams.
            if (!allReady) setImmediate(start);
          },
          onAllReady() {
            if (allReady) start();
          },
          onShellError(error) {
            renderError = error;
            start();
          },
          onError(error) {
            // Before the answer starts, an error fails the whole page (the 500 error page);
            // after, React leaves that part to the browser, which renders it again.
            if (!started) renderError ??= error;
          },
        });
      });
    },
  };
}
