import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShippingAddress, StoreOwnerView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /store: the seller's own store with its addresses (issue 16). */
export const ownStoreQueryKey = ['own-store'] as const;

export function useOwnStore() {
  return useQuery({
    queryKey: ownStoreQueryKey,
    queryFn: ({ signal }) => apiClient.get<StoreOwnerView>('/store', { signal }),
  });
}

/** PUT /store with the store's fields as they are and its new ship-from address. */
export function useSaveStoreAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ store, shipFrom }: { store: StoreOwnerView; shipFrom: ShippingAddress }) =>
      apiClient.put('/store', {
        name: store.name,
        description: store.description,
        city: store.city,
        shipFromAddress: shipFrom,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownStoreQueryKey }),
  });
}
