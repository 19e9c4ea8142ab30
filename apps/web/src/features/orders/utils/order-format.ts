import type { OrderItemStatus, OrderStatus, OrderView } from '@marketplace/shared';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: 'Awaiting payment',
  PLACED: 'Placed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

export const ORDER_ITEM_STATUS_LABELS: Record<OrderItemStatus, string> = {
  IN_CART: 'In bag',
  RESERVED: 'Reserved',
  PLACED: 'Placed',
  ACCEPTED: 'Accepted',
  REJECTED_REFUND_IN_PROGRESS: 'Rejected, refund in progress',
  SHIPPED: 'Shipped',
  REFUNDED: 'Refunded',
};

/** The order number shoppers quote: the first block of the order's id. */
export const shortOrderId = (id: string) => id.slice(0, 8).toUpperCase();

export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** Spec 2: newest first by createdAt (the API's order is not relied on). */
export function newestFirst(orders: readonly OrderView[]): OrderView[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
