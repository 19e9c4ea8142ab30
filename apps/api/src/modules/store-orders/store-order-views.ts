import {
  canPrintShippingLabel,
  canRefundStoreOrder,
  canShipStoreOrder,
  fromCents,
  orderProgress,
  orderReference,
  type Currency,
  type OrderItemStatus,
  type ShippingMethod,
  type StoreOrderStatus,
  type StoreOrderView,
} from '@marketplace/shared';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider';
import type { ItemRow } from './refund-amounts';
import type { StoreOrderRecord, StoreOrdersRepository } from './store-orders.repository';

/** Each item's status, as the shared lifecycle reads a parcel. */
export function itemStatuses(items: ItemRow[]): { status: OrderItemStatus }[] {
  return items.map((item) => ({ status: item.status as OrderItemStatus }));
}

/** The store orders as their brand sees them: each with its items and the buttons it allows. */
export async function storeOrderViews(
  deps: {
    repository: StoreOrdersRepository;
    shipping: ShippingProvider;
    trackingSimulator?: boolean;
  },
  storeId: string,
  rows: StoreOrderRecord[],
): Promise<StoreOrderView[]> {
  const { repository } = deps;
  const items = await repository.itemsOf(rows.map((r) => r.id));
  const ordered = await repository.orderedQuantities(storeId, [
    ...new Set(items.map((i) => i.itemId)),
  ]);
  return rows.map((row) => {
    const own = items.filter((i) => i.storeOrderId === row.id);
    const status = row.status as StoreOrderStatus;
    const view = { status, items: itemStatuses(own) };
    const amounts = {
      subtotal: fromCents(row.subtotalCents),
      shipping: fromCents(row.shippingCents),
      tax: fromCents(row.taxCents),
      refunded: fromCents(row.refundedCents),
    };
    return {
      id: row.id,
      orderId: row.orderId,
      reference: orderReference(row.orderId),
      status,
      progress: orderProgress(own),
      placedAt: row.placedAt.toISOString(),
      currency: row.currency as Currency,
      ...amounts,
      shippingMethod: row.shippingMethod as ShippingMethod,
      shippingAddress: row.shippingAddress ?? null,
      trackingNumber: row.trackingNumber,
      carrier: row.carrier,
      shippedAt: row.shippedAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      deliveryAssumed: row.deliveryAssumed,
      trackingUrl: row.trackingUrl,
      labelUrl: row.labelUrl,
      canAdvanceTracker:
        deps.trackingSimulator === true &&
        row.labelBoughtAt !== null &&
        row.trackingNumber !== null &&
        (deps.shipping.simulates?.(row.trackingNumber) ?? false) &&
        (status === 'SHIPPED' || status === 'IN_TRANSIT'),
      canShip: canShipStoreOrder(view),
      canRefund: canRefundStoreOrder({ ...amounts, status }),
      canPrintLabel: canPrintShippingLabel(view),
      items: own.map((item) => ({
        id: item.id,
        itemId: item.itemId,
        itemName: item.itemName,
        thumbnail: item.thumbnail,
        size: item.size,
        color: item.color,
        quantity: item.quantity,
        itemPrice: fromCents(item.itemPriceCents),
        status: item.status as OrderItemStatus,
        ordered: ordered.get(item.itemId) ?? item.quantity,
      })),
    };
  });
}
