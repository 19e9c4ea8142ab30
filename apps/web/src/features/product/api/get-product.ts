import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemDetail } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function getProduct(id: number, signal?: AbortSignal): Promise<ItemDetail> {
  return apiClient.get<ItemDetail>(`/item/public/${id}`, { signal });
}

export const productQueryKey = (id: number) => ['product', id] as const;

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

/** The product of the page; idle when the URL's id is not a product id. */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
