import type { OrderItemStatus, StoreOrderItemView, StoreOrderView } from '@marketplace/shared';
import { ApiError } from '../../../lib/api-client';

/** The statuses a seller's decision can still change (spec 4); later ones are final. */
const DECIDABLE: readonly OrderItemStatus[] = ['PLACED', 'ACCEPTED', 'REJECTED_REFUND_IN_PROGRESS'];

export const canAccept = ({ status }: Pick<StoreOrderItemView, 'status'>) =>
  DECIDABLE.includes(status) && status !== 'ACCEPTED';

export const canReject = ({ status }: Pick<StoreOrderItemView, 'status'>) =>
  DECIDABLE.includes(status) && status !== 'REJECTED_REFUND_IN_PROGRESS';

/** What a refund sends back: everything the buyer paid for this parcel, less earlier refunds. */
export function refundableAmount(
  order: Pick<StoreOrderView, 'subtotal' | 'shipping' | 'refunded'>,
): number {
  const cents = (amount: number) => Math.round(amount * 100);
  return Math.max(0, cents(order.subtotal) + cents(order.shipping) - cents(order.refunded)) / 100;
}

/** Spec 8 for the seller's order actions: the server's message, else the action's own words. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** A moment (an order placed), in the seller's own time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
