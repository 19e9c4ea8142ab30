import {
  canMove,
  carrierTrackingUrl,
  localizedText,
  orderProgress,
  fromCents,
  sumCents,
  type Currency,
  type FulfilmentStatus,
  type Locale,
  type OrderItemStatus,
  type OrderStatus,
  type OrderView,
  type ShippingMethod,
  taxLineViews,
} from '@marketplace/shared';
import type { OrderItemRow, OrderRow, Parcel, TaxLineRow } from './orders.repository';

/** The order as its buyer sees it: each item with how it shipped, and what went back. */
export function toView(
  order: OrderRow,
  lines: OrderItemRow[],
  parcels: Parcel[],
  taxLines: TaxLineRow[],
  locale: Locale,
): OrderView {
  const refunded = sumCents(...parcels.map((parcel) => parcel.refundedCents));
  const parcelOf = (line: OrderItemRow) => parcels.find((p) => p.id === line.storeOrderId);
  const storeOf = (parcel: Parcel) =>
    lines.find((line) => line.storeOrderId === parcel.id)?.storeName ?? '';
  return {
    id: order.id,
    status: order.status as OrderStatus,
    progress: orderProgress(lines),
    createdAt: order.createdAt.toISOString(),
    placedAt: order.placedAt?.toISOString() ?? null,
    currency: order.currency as Currency,
    subtotal: fromCents(order.subtotalCents),
    shipping: fromCents(order.shippingCents),
    tax: fromCents(order.taxCents),
    taxLines: taxLineViews(taxLines),
    totalAmount: fromCents(order.totalCents),
    refunded: fromCents(refunded),
    balance: fromCents(order.totalCents - refunded),
    shippingMethod: order.shippingMethod as ShippingMethod,
    shippingAddress: order.shippingAddress ?? null,
    receiptEmailed: order.receiptEmailedAt !== null,
    items: lines.map((line) => ({
      id: line.id,
      itemId: line.itemId,
      itemName: localizedText(line.itemName, line.itemNameFr, locale),
      thumbnail: line.thumbnail,
      store: line.storeName,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      itemPrice: fromCents(line.itemPriceCents),
      tax: fromCents(line.taxCents),
      status: line.status as OrderItemStatus,
      // Only a shipped item went with its parcel's carrier (a rejected one stayed behind).
      ...(line.status === 'SHIPPED'
        ? {
            carrier: parcelOf(line)?.carrier ?? null,
            trackingNumber: parcelOf(line)?.trackingNumber ?? null,
          }
        : { carrier: null, trackingNumber: null }),
    })),
    parcels: parcels.map((parcel) => {
      const status = parcel.status as FulfilmentStatus;
      return {
        id: parcel.id,
        store: storeOf(parcel),
        status,
        progress: orderProgress(lines.filter((line) => line.storeOrderId === parcel.id)),
        carrier: parcel.carrier,
        trackingNumber: parcel.trackingNumber,
        // The provider's page, else the carrier's own for a number the brand typed (issue 39.29).
        trackingUrl:
          parcel.trackingUrl ?? carrierTrackingUrl(parcel.carrier, parcel.trackingNumber),
        shippedAt: parcel.shippedAt?.toISOString() ?? null,
        deliveredAt: parcel.deliveredAt?.toISOString() ?? null,
        deliveryAssumed: parcel.deliveryAssumed,
        canConfirmDelivery: canMove('storeOrder', status, 'DELIVERED', 'buyer'),
        events: parcel.events.map((event) => ({
          status: event.status,
          occurredAt: event.occurredAt.toISOString(),
          message: event.message,
          location: event.location,
        })),
      };
    }),
  };
}
