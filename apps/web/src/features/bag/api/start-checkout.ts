import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody, CheckoutSession } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** Spec 7: the cart page's POST /orders/checkout with its return pages; the answer says where to pay. */
export function startCheckout(body: CheckoutBody): Promise<CheckoutSession> {
  return apiClient.post<CheckoutSession>('/orders/checkout', body);
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
