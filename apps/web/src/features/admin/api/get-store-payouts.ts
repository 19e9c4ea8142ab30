import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePayoutLedger } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /store/payouts: each store order's payout line, listing fees and refunds after payout, and each period. */
export function getStorePayouts(signal?: AbortSignal): Promise<StorePayoutLedger> {
  return apiClient.get<StorePayoutLedger>('/store/payouts', { signal });
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
