import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, shippingWebhookEvents, storeOrders, trackingEvents } from '../../db/schema';

/**
 * Fulfilment's reads and its own writes outside a store order's lock: parcels by tracking
 * number, the webhook events handled, tracking histories and labels. Writes that move a parcel
 * go through the store order's lock (StoreOrdersService.withParcel).
 */
export class FulfilmentRepository {
  constructor(private readonly db: Db) {}

  /**
   * The parcel with this tracking number (a webhook's), if it is one of ours: the one that
   * registered it first, by its label or its shipment with the seller's carrier (issue 38: a
   * seller who typed another parcel's number must not receive that parcel's scans).
   */
  async findByTrackingNumber(
    trackingNumber: string,
  ): Promise<{ id: string; storeId: string } | undefined> {
    const [row] = await this.db
      .select({ id: storeOrders.id, storeId: storeOrders.storeId })
      .from(storeOrders)
      .where(eq(storeOrders.trackingNumber, trackingNumber))
      .orderBy(
        sql`${storeOrders.trackingRegisteredAt} asc nulls last`,
        // At the same instant, our label's parcel: the number was issued to it.
        sql`${storeOrders.labelBoughtAt} is null`,
        asc(storeOrders.placedAt),
        asc(storeOrders.id),
      )
      .limit(1);
    return row;
  }

  /** A store order of this buyer's (404 for anyone else's). */
  async findForBuyer(
    id: string,
    buyerId: string,
  ): Promise<{ id: string; storeId: string } | undefined> {
    const [row] = await this.db
      .select({ id: storeOrders.id, storeId: storeOrders.storeId })
      .from(storeOrders)
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(and(eq(storeOrders.id, id), eq(orders.userId, buyerId)));
    return row;
  }

  /** Whether a tracking webhook event was handled already. */
  async webhookEventSeen(eventId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ eventId: shippingWebhookEvents.eventId })
      .from(shippingWebhookEvents)
      .where(eq(shippingWebhookEvents.eventId, eventId));
    return row !== undefined;
  }

  /** Records an event handled outside any store order (a return's tracking). */
  async recordWebhookEvent(eventId: string, provider: string, trackingNumber: string) {
    await this.db
      .insert(shippingWebhookEvents)
      .values({ eventId, provider, trackingNumber })
      .onConflictDoNothing();
  }

  /** The recorded tracking history of these parcels, oldest first. */
  trackingEventsOf(storeOrderIds: string[]) {
    if (storeOrderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(trackingEvents)
      .where(inArray(trackingEvents.storeOrderId, storeOrderIds))
      .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
  }

  /** The label a store order bought: its PDF (local) or its URL (EasyPost). */
  async labelOf(id: string): Promise<{ labelPdf: Buffer | null; labelUrl: string | null }> {
    const [row] = await this.db
      .select({ labelPdf: storeOrders.labelPdf, labelUrl: storeOrders.labelUrl })
      .from(storeOrders)
      .where(eq(storeOrders.id, id));
    return { labelPdf: row?.labelPdf ?? null, labelUrl: row?.labelUrl ?? null };
  }

  /** Parcels on their way that shipped before `before` (the assumed-delivery sweep), oldest first. */
  undeliveredShippedBefore(before: Date, limit = 100) {
    return this.db
      .select({ id: storeOrders.id, storeId: storeOrders.storeId })
      .from(storeOrders)
      .where(
        and(
          inArray(storeOrders.status, ['SHIPPED', 'IN_TRANSIT']),
          lt(storeOrders.shippedAt, before),
        ),
      )
      .orderBy(asc(storeOrders.shippedAt))
      .limit(limit);
  }
}
