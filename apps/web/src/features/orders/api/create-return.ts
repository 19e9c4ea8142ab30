import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReturnInput, ReturnView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { orderHistoryQueryKey } from './get-order-history';
import { returnableQueryKey } from './get-returnable';
import { orderReturnsQueryKey } from './get-returns';

/** POST /orders/returns: lines of one delivered parcel and a reason; answers the label. */
export function createReturn(input: CreateReturnInput): Promise<ReturnView> {
  return apiClient.post<ReturnView>('/orders/returns', input);
}

export function useCreateReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderReturnsQueryKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: returnableQueryKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: orderHistoryQueryKey }),
      ]),
  });
}
