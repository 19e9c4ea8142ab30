import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemDetail } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { storeProductsQueryKey } from './get-store-products';

export function deleteProduct(id: number): Promise<void> {
  return apiClient.delete<void>(`/item/${id}`);
}

export function useDeleteProduct(storeName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Pick<ItemDetail, 'id' | 'name'>) => deleteProduct(item.id),
    onSuccess: (_data, item) => {
      // Spec 4: the row goes at once, then the list reloads with a fresh cache-busting query.
      queryClient.setQueryData<ItemDetail[]>(storeProductsQueryKey(storeName), (items) =>
        items?.filter((one) => one.id !== item.id),
      );
      void queryClient.invalidateQueries({ queryKey: storeProductsQueryKey(storeName) });
    },
  });
}
