import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceiveReturnInput, ReturnView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { storeOrdersQueryKey } from './get-store-orders';
import { storePayoutsQueryKey } from './get-store-payouts';
import { storeReturnsQueryKey } from './get-store-returns';

/** POST /store/returns/{id}/receive: received (or damaged, with a note); the refund goes out. */
export function receiveReturn({
  returnId,
  body,
}: {
  returnId: string;
  body: ReceiveReturnInput;
}): Promise<ReturnView> {
  return apiClient.post<ReturnView>(`/store/returns/${encodeURIComponent(returnId)}/receive`, body);
}

export function useReceiveReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveReturn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeReturnsQueryKey }),
        queryClient.invalidateQueries({ queryKey: storeOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: storePayoutsQueryKey }),
      ]),
  });
}
