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
