import { z } from 'zod';
import { MAX_RECORD_ID, type Currency } from './constants';
import type { OrderItemStatus, ShippingAddress } from './checkout';

/** A brand's part of an order (spec 3 "Store order"): one parcel, shipped and refunded as one. */
export const STORE_ORDER_STATUSES = ['PLACED', 'SHIPPED', 'REFUNDED'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

export const STORE_ORDER_STATUS_LABELS: Record<StoreOrderStatus, string> = {
  PLACED: 'Placed',
  SHIPPED: 'Shipped',
  REFUNDED: 'Refunded',
};

/** Spec 8 and issue 6: the seller's order handling words. */
export const STORE_ORDER_MESSAGES = {
  itemUpdated: (status: string) => `Order item marked as ${status}.`,
  itemUpdateFailed: 'Failed to update order item status',
  noStore: 'Open a store to manage orders.',
  notFound: 'Order not found.',
  itemNotFound: 'This item is not part of the order.',
  wrongDecision: 'Use accept to accept an item and reject to reject it.',
  alreadyDecided: (status: string) => `This item is already ${status}.`,
  refundStarted:
    'The money for this item has gone back to the buyer; it can no longer be accepted.',
  notDecidable: 'Only placed items can be accepted or rejected.',
  shipBlocked: 'Accept or reject every item before shipping.',
  nothingToShip: 'Every item was rejected: there is nothing to ship.',
  alreadyShipped: 'This order has already shipped.',
  shipped: 'Order marked as shipped.',
  shipFailed: 'Failed to ship the order.',
  nothingToRefund: 'This order has nothing left to refund.',
  refunded: 'Order refunded.',
  refundFailed: 'Failed to refund the order.',
  providerRefundFailed: 'The payment provider could not send the refund. Please try again.',
  /** The provider did not answer: the refund may have gone through and is checked again later. */
  refundPending:
    'The payment service did not answer in time. The refund will be completed automatically: do not refund again.',
  labelFailed: 'Failed to open the shipping label.',
  loadFailed: 'Failed to load orders.',
  payoutsFailed: 'Failed to load payouts.',
} as const;

/** POST /store/orders/accept and /reject (spec 7). */
export const orderItemDecisionSchema = z
  .object({
    storeOrderId: z.uuid(STORE_ORDER_MESSAGES.notFound),
    orderItemId: z.coerce
      .number()
      .int()
      .positive(STORE_ORDER_MESSAGES.itemNotFound)
      .max(MAX_RECORD_ID, STORE_ORDER_MESSAGES.itemNotFound),
    newStatus: z.enum(['ACCEPTED', 'REJECTED_REFUND_IN_PROGRESS'] satisfies OrderItemStatus[]),
  })
  .strict();
export type OrderItemDecision = z.infer<typeof orderItemDecisionSchema>;

export const storeOrderIdParamsSchema = z.object({ id: z.uuid(STORE_ORDER_MESSAGES.notFound) });

/** POST /store/orders/{id}/ship: spec 7 sends no body; a carrier's tracking number may be given. */
export const shipStoreOrderSchema = z
  .object({
    trackingNumber: z
      .string()
      .trim()
      .min(6)
      .max(40)
      .regex(/^[A-Za-z0-9-]+$/)
      .optional(),
  })
  .strict()
  .nullish();

export const storeOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export interface StoreOrderItemView {
  id: number;
  itemId: number;
  itemName: string;
  thumbnail: string | null;
  size: string;
  color: string;
  quantity: number;
  itemPrice: number;
  status: OrderItemStatus;
  /** Spec 2 "Ordered": the quantity of this product across all the store's orders. */
  ordered: number;
}

/** GET /store/orders (spec 3 "Store order" plus what shipping it needs). */
export interface StoreOrderView {
  id: string;
  orderId: string;
  /** The short order number shown to people (the order id's first 8 characters). */
  reference: string;
  status: StoreOrderStatus;
  placedAt: string;
  currency: Currency;
  /** The items' total (spec 2 "Subtotal"). */
  subtotal: number;
  /** What the buyer paid for this brand's parcel. */
  shipping: number;
  refunded: number;
  shippingMethod: 'STANDARD' | 'EXPRESS';
  shippingAddress: ShippingAddress | null;
  trackingNumber: string | null;
  shippedAt: string | null;
  /** Spec 4: no item PLACED or IN_CART, something to ship, not shipped yet. */
  canShip: boolean;
  canRefund: boolean;
  items: StoreOrderItemView[];
}

/** Spec 4: Ship is enabled only when no item is PLACED or IN_CART (and once, with something to ship). */
export function canShipStoreOrder(order: {
  status: StoreOrderStatus;
  items: { status: OrderItemStatus }[];
}): boolean {
  return (
    order.status === 'PLACED' &&
    !order.items.some((item) => item.status === 'PLACED' || item.status === 'IN_CART') &&
    order.items.some((item) => item.status === 'ACCEPTED')
  );
}
