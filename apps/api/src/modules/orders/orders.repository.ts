import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Cents, OrderItemStatus } from '@marketplace/shared';
import type { Db } from '../../db/client';
import { orderItems, orderTaxLines, orders, storeOrders, trackingEvents } from '../../db/schema';

/**
 * Order item statuses that mean the buyer has the product in hand, for reviews' "Verified
 * purchase": shipped, as before delivery was tracked, and every status after it in the state
 * machine but REFUNDED (a returned product was still received and worn).
 */
export const RECEIVED_STATUSES: OrderItemStatus[] = [
  'SHIPPED',
  'IN_TRANSIT',
  'DELIVERED',
  'RETURN_REQUESTED',
  'RETURN_IN_TRANSIT',
  'RETURN_RECEIVED',
];

/** Order item statuses that count as sold (placed and not refused or refunded). */
export const SOLD_STATUSES: OrderItemStatus[] = ['PLACED', 'ACCEPTED', ...RECEIVED_STATUSES];

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type TaxLineRow = typeof orderTaxLines.$inferSelect;

export interface Parcel {
  id: string;
  orderId: string;
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  deliveryAssumed: boolean;
  refundedCents: Cents;
  /** Its recorded tracking history, oldest first (issue 16). */
  events: { status: string; occurredAt: Date; message: string; location: string | null }[];
}

/** The buyer's placed orders as My Orders reads them, and what other modules ask of sales. */
export class OrdersRepository {
  constructor(private readonly db: Db) {}

  linesOf(orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id));
  }

  /** The brands' parcels of these orders: how each shipped and what went back (My Orders). */
  async parcelsOf(orderIds: string[]): Promise<Parcel[]> {
    if (orderIds.length === 0) return [];
    const parcels = await this.db
      .select({
        id: storeOrders.id,
        orderId: storeOrders.orderId,
        status: storeOrders.status,
        carrier: storeOrders.carrier,
        trackingNumber: storeOrders.trackingNumber,
        trackingUrl: storeOrders.trackingUrl,
        shippedAt: storeOrders.shippedAt,
        deliveredAt: storeOrders.deliveredAt,
        deliveryAssumed: storeOrders.deliveryAssumed,
        refundedCents: storeOrders.refundedCents,
      })
      .from(storeOrders)
      .where(inArray(storeOrders.orderId, orderIds))
      .orderBy(asc(storeOrders.placedAt), asc(storeOrders.id));
    if (parcels.length === 0) return [];
    const events = await this.db
      .select({
        storeOrderId: trackingEvents.storeOrderId,
        status: trackingEvents.status,
        occurredAt: trackingEvents.occurredAt,
        message: trackingEvents.message,
        location: trackingEvents.location,
      })
      .from(trackingEvents)
      .where(
        inArray(
          trackingEvents.storeOrderId,
          parcels.map((p) => p.id),
        ),
      )
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
    return parcels.map((parcel) => ({
      ...parcel,
      events: events
        .filter((e) => e.storeOrderId === parcel.id)
        .map(({ storeOrderId: _id, ...event }) => event),
    }));
  }

  placedOf(userId: string): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'PLACED')))
      .orderBy(desc(orders.createdAt));
  }

  /** The tax lines of these orders, in the order they were written. */
  taxLinesOf(orderIds: string[]): Promise<TaxLineRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(orderTaxLines)
      .where(inArray(orderTaxLines.orderId, orderIds))
      .orderBy(asc(orderTaxLines.id));
  }

  /** Which of these users have a placed order holding the item. */
  /** Which of these users received the item: an order item of it in a RECEIVED_STATUSES status. */
  async receivedBy(itemId: number, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ userId: orders.userId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.itemId, itemId),
          inArray(orderItems.status, RECEIVED_STATUSES),
          inArray(orders.userId, userIds),
        ),
      );
    return rows.map((r) => r.userId);
  }

  /**
   * The products with the most units sold, most first. It reads every sold line: callers
   * keep the answer for minutes (ItemsService), it is never asked per page view.
   */
  async bestsellers(limit: number): Promise<{ itemId: number; units: number }[]> {
    return this.db
      .select({ itemId: orderItems.itemId, units: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .where(inArray(orderItems.status, SOLD_STATUSES))
      .groupBy(orderItems.itemId)
      .orderBy(desc(sql`2`), asc(orderItems.itemId))
      .limit(limit);
  }
}
