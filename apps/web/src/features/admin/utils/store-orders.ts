import type { StoreOrderItemView, StoreOrderView } from '@marketplace/shared';
import { ApiError } from '../../../lib/api-client';

/**
 * Spec 4's decisions: a placed item is accepted or rejected, an accepted one may still be
 * rejected. A rejected item's money has gone back, so it can no longer be accepted (issue 13).
 */
export const canAccept = ({ status }: Pick<StoreOrderItemView, 'status'>) => status === 'PLACED';

export const canReject = ({ status }: Pick<StoreOrderItemView, 'status'>) =>
  status === 'PLACED' || status === 'ACCEPTED';

/**
 * What a refund sends back: everything the buyer paid for this parcel (its sales tax included,
 * issue 15), less earlier refunds.
 */
export function refundableAmount(
  order: Pick<StoreOrderView, 'subtotal' | 'shipping' | 'tax' | 'refunded'>,
): number {
  const cents = (amount: number) => Math.round(amount * 100);
  const paid = cents(order.subtotal) + cents(order.shipping) + cents(order.tax);
  return Math.max(0, paid - cents(order.refunded)) / 100;
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
