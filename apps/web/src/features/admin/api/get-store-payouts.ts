import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePayouts } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /store/payouts: each store order's payout line and the totals of each period. */
export function getStorePayouts(signal?: AbortSignal): Promise<StorePayouts> {
  return apiClient.get<StorePayouts>('/store/payouts', { signal });
}

export const storePayoutsQueryKey = ['store-payouts'] as const;

export function storePayoutsQueryOptions() {
  return queryOptions({
    queryKey: storePayoutsQueryKey,
    queryFn: ({ signal }) => getStorePayouts(signal),
  });
}

export function useStorePayouts() {
  return useQuery(storePayoutsQueryOptions());
}
