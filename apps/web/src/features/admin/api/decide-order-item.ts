import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  canPrintShippingLabel,
  canShipStoreOrder,
  type OrderItemDecision,
  type OrderItemStatus,
  type StoreOrderView,
} from '@marketplace/shared';
import { apiClient, type Page } from '../../../lib/api-client';
import { storeOrdersQueryKey } from './get-store-orders';
import { storePayoutsQueryKey } from './get-store-payouts';

export interface OrderItemDecisionResult {
  orderItemId: number;
  status: OrderItemStatus;
}

/** Spec 7: accepting and rejecting are two calls with the same body. */
const DECISION_PATHS: Record<OrderItemDecision['newStatus'], string> = {
  ACCEPTED: '/store/orders/accept',
  REJECTED_REFUND_IN_PROGRESS: '/store/orders/reject',
};

/** POST /store/orders/accept or /store/orders/reject. */
export function decideOrderItem(decision: OrderItemDecision): Promise<OrderItemDecisionResult> {
  return apiClient.post<OrderItemDecisionResult>(DECISION_PATHS[decision.newStatus], decision);
}

function withItemStatus(
  order: StoreOrderView,
  { orderItemId, status }: OrderItemDecisionResult,
): StoreOrderView {
  if (!order.items.some((item) => item.id === orderItemId)) return order;
  const items = order.items.map((item) => (item.id === orderItemId ? { ...item, status } : item));
  // The API computes canShip and canPrintLabel with these same rules, so Ship and the label
  // turn on without a reload.
  const parcel = { status: order.status, items };
  return {
    ...order,
    items,
    canShip: canShipStoreOrder(parcel),
    canPrintLabel: canPrintShippingLabel(parcel),
  };
}

export function useDecideOrderItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideOrderItem,
    onSuccess: (result) => {
      // Spec 4: the item's status changes in place; the list is not reloaded.
      queryClient.setQueriesData<Page<StoreOrderView>>(
        { queryKey: storeOrdersQueryKey },
        (page) => page && { ...page, items: page.items.map((o) => withItemStatus(o, result)) },
      );
      if (result.status === 'REJECTED_REFUND_IN_PROGRESS') {
        // A reject refunds the item at once: the order's refunded money (what Refund would
        // still send back) and the store's payouts come fresh from the API behind the status.
        void queryClient.invalidateQueries({ queryKey: storeOrdersQueryKey });
        void queryClient.invalidateQueries({ queryKey: storePayoutsQueryKey });
      }
    },
  });
}
