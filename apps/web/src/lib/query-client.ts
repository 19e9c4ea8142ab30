import { QueryClient } from '@tanstack/react-query';
import { ApiError, TokenExpiredError } from './api-client';

/** A client error (4xx) or an expired session will not fix itself: do not retry those. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof TokenExpiredError) return false;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/**
 * Puts a write's answer in the cache as the query's data. A read of that query still on its way
 * may have been answered before the write: it is cancelled first, or its older answer would
 * replace the newer one when it lands (the bag count after an add read 0).
 */
export async function replaceQueryData<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  data: T,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, data);
}
