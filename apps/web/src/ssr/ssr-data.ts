import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** The `<script type="application/json">` that carries a server-rendered page's data. */
export const SSR_DATA_ID = 'ssr-data';

/** What the server drew the page with, for the browser to hydrate it without asking again. */
export interface SsrData {
  queries: DehydratedState;
  /** The page's status: a 404 page hydrates its not-found content as the server drew it. */
  status: number;
}

interface SerializedApiError {
  apiError: true;
  status: number;
  message: string;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A 404 answer is part of the page (the not-found content): it travels with the data, and the
 * query is not asked again on mount, on the server as in the browser, so both draw the same.
 */
export function keepNotFound(queryClient: QueryClient, query: Query): void {
  if (query.state.status === 'error' && isNotFound(query.state.error))
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
}

/**
 * JSON for an inline script: `<` is written `\u003c`, so text from the data (a product
 * named `</script><script>…`) can neither close the script nor open a comment; U+2028 and
 * U+2029 are escaped too. JSON.parse reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function serializeSsrData(queryClient: QueryClient, status: number): string {
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && isNotFound(query.state.error)),
  });
  for (const query of queries.queries) {
    const error = query.state.error;
    if (error instanceof ApiError) {
      const plain: SerializedApiError = {
        apiError: true,
        status: error.status,
        message: error.message,
      };
      (query.state as { error: unknown }).error = plain;
    }
  }
  const data: SsrData = { queries, status };
  return scriptJson(data);
}

function reviveError(error: unknown): unknown {
  if (error && typeof error === 'object' && (error as SerializedApiError).apiError) {
    const { status, message } = error as SerializedApiError;
    return new ApiError(status, { message });
  }
  return error;
}

/** Puts the server's data in the browser's query cache, before the first render. */
export function hydrateSsrData(queryClient: QueryClient, json: string): SsrData {
  const data = JSON.parse(json) as SsrData;
  // The server checked the data when it sent the page (a kept page is sent only while its data
  // is unchanged): it is as fresh as now, whatever the clocks say.
  const now = Date.now();
  for (const query of data.queries.queries) {
    const state = query.state as { error: unknown; dataUpdatedAt: number; errorUpdatedAt: number };
    state.error = reviveError(state.error);
    if (state.dataUpdatedAt) state.dataUpdatedAt = now;
    if (state.errorUpdatedAt) state.errorUpdatedAt = now;
  }
  hydrate(queryClient, data.queries);
  for (const query of queryClient.getQueryCache().getAll()) keepNotFound(queryClient, query);
  return data;
}
