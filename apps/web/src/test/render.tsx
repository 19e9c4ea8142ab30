import { vi } from 'vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes, appRoutes } from '../app/router';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  routes?: RouteObject[];
  queryClient?: QueryClient;
}

/**
 * Renders the app (or given routes) at a URL inside the real providers: a memory router that the
 * API client navigates through, a query client that does not retry, and the toast container.
 * `location()` is the router's current location.
 */
export function renderRoute(
  url: string,
  { routes = appRoutes, queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe />
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered yet.');
    return current;
  };
  return { ...result, location, user, queryClient };
}

/** A JWT-shaped token (unsigned: the browser never checks signatures) with the given claims. */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const nowInSeconds = () => Math.floor(Date.now() / 1000);
export const validToken = (sub = 'alice') => makeToken({ sub, exp: nowInSeconds() + 3600 });
export const expiredToken = (sub = 'alice') => makeToken({ sub, exp: nowInSeconds() - 60 });

/** A fetch Response with a JSON body. */
export function jsonResponse(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Replaces global fetch with a mock answering by "METHOD /path" (without /api). */
export function mockFetch(
  handler: (
    method: string,
    path: string,
    init: RequestInit | undefined,
  ) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const path = url.pathname.replace(/^\/api/, '') + url.search;
    return handler((init?.method ?? 'GET').toUpperCase(), path, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The parsed JSON body of the fetch call that matched method and path. */
export function requestBody(
  fetchMock: ReturnType<typeof mockFetch>,
  method: string,
  path: string,
): unknown {
  const call = fetchMock.mock.calls.find(
    ([input, init]) => String(input).endsWith(path) && (init?.method ?? 'GET') === method,
  );
  if (!call) throw new Error(`No ${method} ${path} request was made.`);
  return JSON.parse(String(call[1]?.body));
}
