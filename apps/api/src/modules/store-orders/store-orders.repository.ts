import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  asCents,
  shareOf,
  sumCents,
  type Cents,
  type OrderActor,
  type OrderItemStatus,
  type StoreOrderFilter,
} from '@marketplace/shared';
import type { TrackingEvent } from '../../providers/shipping/shipping-provider';
import type { Db } from '../../db/client';
import {
  orderItems,
  orderStatusEvents,
  orderTaxLines,
  orders,
  refundTaxLines,
  shippingWebhookEvents,
  storeOrderRefunds,
  storeOrders,
  trackingEvents,
  type RefundCoverage,
} from '../../db/schema';

export type StoreOrderRow = typeof storeOrders.$inferSelect;
/** The columns a store order's record carries (the label's PDF is read on its own; webhooks alone order by the registration time). */
type StoreOrderColumns = Omit<StoreOrderRow, 'labelPdf' | 'trackingRegisteredAt'>;
type OrderItemRow = typeof orderItems.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type StoreTaxLine = typeof orderTaxLines.$inferSelect;
type NewRefundTaxLine = Omit<typeof refundTaxLines.$inferInsert, 'id' | 'refundId'>;

/** The tax part of a refund: its amount, what it covers, and the tax lines it returns. */
export interface RefundTax {
  taxCents: Cents;
  covered: RefundCoverage;
  lines: NewRefundTaxLine[];
}

/** A store order with what the dashboard shows of its buyer's order. */
export interface StoreOrderRecord extends StoreOrderColumns {
  paymentId: string | null;
  buyerId: string;
  orderTotalCents: Cents;
  /** The buyer's whole order's tax (payouts read the total before tax). */
  orderTaxCents: Cents;
  shippingMethod: string;
  shippingAddress: (typeof orders.$inferSelect)['shippingAddress'];
}

/** A store order and its items, read under a row lock: decisions are made on this snapshot. */
export interface LockedStoreOrder {
  order: StoreOrderRecord;
  items: OrderItemRow[];
  /** Refunds that are pending or went through (failed ones do not count). */
  refundedOrPendingCents: Cents;
  /** The tax charged on this store order's items and parcel, line by line. */
  taxLines: StoreTaxLine[];
  /** Items whose own refund (a rejection) is pending or went through. */
  refundedItemIds: Set<number>;
}

const recordColumns = {
  id: storeOrders.id,
  orderId: storeOrders.orderId,
  storeId: storeOrders.storeId,
  status: storeOrders.status,
  currency: storeOrders.currency,
  subtotalCents: storeOrders.subtotalCents,
  shippingCents: storeOrders.shippingCents,
  taxCents: storeOrders.taxCents,
  shippingTaxCents: storeOrders.shippingTaxCents,
  refundedCents: storeOrders.refundedCents,
  refundedTaxCents: storeOrders.refundedTaxCents,
  trackingNumber: storeOrders.trackingNumber,
  carrier: storeOrders.carrier,
  shippedAt: storeOrders.shippedAt,
  deliveredAt: storeOrders.deliveredAt,
  deliveryAssumed: storeOrders.deliveryAssumed,
  labelBoughtAt: storeOrders.labelBoughtAt,
  providerShipmentId: storeOrders.providerShipmentId,
  trackerId: storeOrders.trackerId,
  trackingUrl: storeOrders.trackingUrl,
  labelUrl: storeOrders.labelUrl,
  labelCostCents: storeOrders.labelCostCents,
  labelCurrency: storeOrders.labelCurrency,
  outForDeliveryAt: storeOrders.outForDeliveryAt,
  placedAt: storeOrders.placedAt,
  updatedAt: storeOrders.updatedAt,
  paymentId: orders.paymentId,
  buyerId: orders.userId,
  orderTotalCents: orders.totalCents,
  orderTaxCents: orders.taxCents,
  shippingMethod: orders.shippingMethod,
  shippingAddress: orders.shippingAddress,
};

/** The writes a locked step may make, all in the lock's transaction. */
export class StoreOrderWriter {
  constructor(
    private readonly tx: Tx,
    private readonly storeOrderId: string,
    private readonly actorId: string | null,
    /** Who acts (order_status_events.actor_kind): a signed-in seller unless said otherwise. */
    private readonly actorKind: OrderActor = actorId ? 'seller' : 'system',
  ) {}

  async setItemStatus(orderItemIds: number[], status: OrderItemStatus): Promise<void> {
    if (orderItemIds.length === 0) return;
    await this.tx.update(orderItems).set({ status }).where(inArray(orderItems.id, orderItemIds));
    await this.tx.insert(orderStatusEvents).values(
      orderItemIds.map((orderItemId) => ({
        storeOrderId: this.storeOrderId,
        orderItemId,
        status,
        actorId: this.actorId,
        actorKind: this.actorKind,
      })),
    );
  }

  /**
   * Moves `units` of a line's units to a new line of their own (issue 39.8: a buyer returns one
   * of two), so that each line keeps one status. The new line takes its share of each of the
   * line's tax lines, rounded to the cent, and the line keeps the rest: nothing is gained or lost
   * and a refund of either returns exactly its recorded tax. The new line has the line's history.
   */
  async splitLine(
    line: OrderItemRow,
    units: number,
    taxLines: StoreTaxLine[],
  ): Promise<OrderItemRow> {
    const { tx } = this;
    const share = (cents: Cents) => shareOf(cents, units, line.quantity);
    const own = taxLines.filter((t) => t.orderItemId === line.id);
    const movedTax =
      own.length > 0 ? sumCents(...own.map((t) => share(t.amountCents))) : share(line.taxCents);
    const { id: _id, ...copied } = line;
    const [split] = await tx
      .insert(orderItems)
      .values({
        ...copied,
        quantity: units,
        taxCents: movedTax,
        splitFrom: line.splitFrom ?? line.id,
      })
      .returning();
    await tx
      .update(orderItems)
      .set({ quantity: line.quantity - units, taxCents: asCents(line.taxCents - movedTax) })
      .where(eq(orderItems.id, line.id));
    for (const { id, ...taxLine } of own) {
      const moved = {
        amountCents: share(taxLine.amountCents),
        taxableAmountCents: share(taxLine.taxableAmountCents),
      };
      await tx
        .update(orderTaxLines)
        .set({
          amountCents: asCents(taxLine.amountCents - moved.amountCents),
          taxableAmountCents: asCents(taxLine.taxableAmountCents - moved.taxableAmountCents),
        })
        .where(eq(orderTaxLines.id, id));
      await tx.insert(orderTaxLines).values({ ...taxLine, orderItemId: split!.id, ...moved });
    }
    const history = await tx
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderItemId, line.id))
      .orderBy(asc(orderStatusEvents.id));
    if (history.length > 0)
      await tx
        .insert(orderStatusEvents)
        .values(history.map(({ id: _event, ...event }) => ({ ...event, orderItemId: split!.id })));
    return split!;
  }

  async setOrder(
    fields: Partial<
      Pick<
        StoreOrderRow,
        | 'status'
        | 'trackingNumber'
        | 'carrier'
        | 'shippedAt'
        | 'deliveredAt'
        | 'deliveryAssumed'
        | 'labelBoughtAt'
        | 'providerShipmentId'
        | 'trackerId'
        | 'trackingUrl'
        | 'labelUrl'
        | 'labelPdf'
        | 'labelCostCents'
        | 'labelCurrency'
        | 'outForDeliveryAt'
      >
    >,
  ): Promise<void> {
    const now = new Date();
    await this.tx
      .update(storeOrders)
      .set({
        ...fields,
        ...(fields.trackingNumber ? { trackingRegisteredAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(storeOrders.id, this.storeOrderId));
    if (fields.status) {
      await this.tx.insert(orderStatusEvents).values({
        storeOrderId: this.storeOrderId,
        status: fields.status,
        actorId: this.actorId,
        actorKind: this.actorKind,
      });
    }
  }

  /**
   * Records a tracking webhook's event id in the store order's transaction: false when it was
   * handled already (a provider's resend), so nothing is applied twice.
   */
  async claimWebhookEvent(eventId: string, provider: string, trackingNumber: string) {
    const claimed = await this.tx
      .insert(shippingWebhookEvents)
      .values({ eventId, provider, trackingNumber })
      .onConflictDoNothing()
      .returning({ eventId: shippingWebhookEvents.eventId });
    return claimed.length > 0;
  }

  /** The carrier's scans, each once (every update resends the whole history). */
  async addTrackingEvents(events: TrackingEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.tx
      .insert(trackingEvents)
      .values(
        events.map((event) => ({
          storeOrderId: this.storeOrderId,
          status: event.status,
          occurredAt: new Date(event.occurredAt),
          message: event.message,
          location: event.location,
        })),
      )
      .onConflictDoNothing();
  }

  /**
   * Reserves an amount for a refund about to be sent to the payment provider, with the tax it
   * returns line by line (the tax report's refunds, and the provider's reversal).
   */
  async addPendingRefund(
    amountCents: Cents,
    orderItemId: number | null,
    tax: RefundTax,
  ): Promise<string> {
    const [row] = await this.tx
      .insert(storeOrderRefunds)
      .values({
        storeOrderId: this.storeOrderId,
        orderItemId,
        amountCents,
        taxCents: tax.taxCents,
        covered: tax.covered,
        status: 'PENDING',
        actorId: this.actorId,
      })
      .returning({ id: storeOrderRefunds.id });
    if (tax.lines.length > 0)
      await this.tx
        .insert(refundTaxLines)
        .values(tax.lines.map((line) => ({ ...line, refundId: row!.id })));
    return row!.id;
  }
}

export class StoreOrdersRepository {
  constructor(private readonly db: Db) {}

  /** A store's orders, newest first, with the total for X-Total-Count (one query). */
  async listForStore(
    storeId: string,
    page: number,
    pageSize: number,
    filter?: StoreOrderFilter,
  ): Promise<{ rows: StoreOrderRecord[]; total: number }> {
    const where = and(eq(storeOrders.storeId, storeId), filter && this.filtered(storeId, filter));
    const rows = await this.db
      .select({ ...recordColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(storeOrders)
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(where)
      .orderBy(desc(storeOrders.placedAt), asc(storeOrders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    if (rows.length === 0 && page > 1) {
      const [count] = await this.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(storeOrders)
        .where(where);
      return { rows: [], total: count?.total ?? 0 };
    }
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  }

  /**
   * The dashboard's filters (issue 39 item 17), each read through an index: the store's lines
   * by status (order_items_store_id_status_idx) and its parcels by status.
   */
  private filtered(storeId: string, filter: StoreOrderFilter) {
    const withLines = (...statuses: OrderItemStatus[]) =>
      inArray(
        storeOrders.id,
        this.db
          .select({ id: orderItems.storeOrderId })
          .from(orderItems)
          .where(and(eq(orderItems.storeId, storeId), inArray(orderItems.status, statuses))),
      );
    const notWithLines = (...statuses: OrderItemStatus[]) => sql`not ${withLines(...statuses)}`;
    switch (filter) {
      case 'TO_ACCEPT':
        return withLines('PLACED');
      case 'TO_SHIP':
        return and(eq(storeOrders.status, 'PLACED'), withLines('ACCEPTED'), notWithLines('PLACED'));
      case 'SHIPPED':
        return inArray(storeOrders.status, ['SHIPPED', 'IN_TRANSIT']);
      case 'DELIVERED':
        return eq(storeOrders.status, 'DELIVERED');
      case 'REFUNDED_OR_CANCELLED':
        // Refunded as a whole, or never shipped with every item rejected.
        return sql`(${eq(storeOrders.status, 'REFUNDED')} or (${and(
          eq(storeOrders.status, 'PLACED'),
          notWithLines('PLACED', 'ACCEPTED'),
        )}))`;
    }
  }

  /** Every store order of a store (payouts read them all; a store has thousands at most). */
  allForStore(storeId: string): Promise<StoreOrderRecord[]> {
    return this.db
      .select(recordColumns)
      .from(storeOrders)
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(eq(storeOrders.storeId, storeId))
      .orderBy(desc(storeOrders.placedAt));
  }

  /** Payouts (issue 17): every store order of these stores. */
  allForStores(storeIds: string[]): Promise<StoreOrderRecord[]> {
    if (storeIds.length === 0) return Promise.resolve([]);
    return this.db
      .select(recordColumns)
      .from(storeOrders)
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(inArray(storeOrders.storeId, storeIds));
  }

  /** The stores with an order placed in [start, end). */
  async storeIdsPlacedBetween(start: Date, end: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ storeId: storeOrders.storeId })
      .from(storeOrders)
      .where(and(gte(storeOrders.placedAt, start), lt(storeOrders.placedAt, end)));
    return rows.map((row) => row.storeId);
  }

  /** The refunds that went through, of these store orders. */
  succeededRefundsOf(
    storeOrderIds: string[],
  ): Promise<
    { id: string; storeOrderId: string; amountCents: Cents; taxCents: Cents; createdAt: Date }[]
  > {
    if (storeOrderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: storeOrderRefunds.id,
        storeOrderId: storeOrderRefunds.storeOrderId,
        amountCents: storeOrderRefunds.amountCents,
        taxCents: storeOrderRefunds.taxCents,
        createdAt: storeOrderRefunds.createdAt,
      })
      .from(storeOrderRefunds)
      .where(
        and(
          inArray(storeOrderRefunds.storeOrderId, storeOrderIds),
          eq(storeOrderRefunds.status, 'SUCCEEDED'),
        ),
      );
  }

  async findForStore(id: string, storeId: string): Promise<StoreOrderRecord | undefined> {
    const [row] = await this.db
      .select(recordColumns)
      .from(storeOrders)
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(and(eq(storeOrders.id, id), eq(storeOrders.storeId, storeId)));
    return row;
  }

  /** A buyer's own store orders of one of their orders, or one store order (returns, issue 16). */
  forBuyer(
    buyerId: string,
    where: { orderId: string } | { storeOrderId: string },
  ): Promise<StoreOrderRecord[]> {
    return this.db
      .select(recordColumns)
      .from(storeOrders)
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(
        and(
          eq(orders.userId, buyerId),
          'orderId' in where
            ? eq(storeOrders.orderId, where.orderId)
            : eq(storeOrders.id, where.storeOrderId),
        ),
      )
      .orderBy(asc(storeOrders.placedAt), asc(storeOrders.id));
  }

  /** The refunds of these items that went through or are still pending (failed ones left out). */
  itemRefunds(
    orderItemIds: number[],
  ): Promise<
    { orderItemId: number | null; status: string; amountCents: Cents; taxCents: Cents }[]
  > {
    if (orderItemIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        orderItemId: storeOrderRefunds.orderItemId,
        status: storeOrderRefunds.status,
        amountCents: storeOrderRefunds.amountCents,
        taxCents: storeOrderRefunds.taxCents,
      })
      .from(storeOrderRefunds)
      .where(
        and(
          inArray(storeOrderRefunds.orderItemId, orderItemIds),
          ne(storeOrderRefunds.status, 'FAILED'),
        ),
      );
  }

  /** Whether a refund of the whole parcel (no line of its own) is still waiting for the provider. */
  async parcelRefundPending(storeOrderId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: storeOrderRefunds.id })
      .from(storeOrderRefunds)
      .where(
        and(
          eq(storeOrderRefunds.storeOrderId, storeOrderId),
          isNull(storeOrderRefunds.orderItemId),
          eq(storeOrderRefunds.status, 'PENDING'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  itemsOf(storeOrderIds: string[]): Promise<OrderItemRow[]> {
    if (storeOrderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.storeOrderId, storeOrderIds))
      .orderBy(asc(orderItems.id));
  }

  /** Spec 2 "Ordered": each product's quantity across all the store's placed orders. */
  async orderedQuantities(storeId: string, itemIds: number[]): Promise<Map<number, number>> {
    if (itemIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        itemId: orderItems.itemId,
        quantity: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
      })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.storeId, storeId),
          inArray(orderItems.itemId, itemIds),
          isNotNull(orderItems.storeOrderId),
        ),
      )
      .groupBy(orderItems.itemId);
    return new Map(rows.map((row) => [row.itemId, row.quantity]));
  }

  /**
   * Runs a step on a store order while holding its row lock: concurrent steps on the same
   * store order (two refund clicks, ship during a reject) run one after the other.
   */
  async locked<T>(
    id: string,
    storeId: string,
    actorId: string | null,
    step: (state: LockedStoreOrder, writer: StoreOrderWriter) => Promise<T>,
    actorKind?: OrderActor,
  ): Promise<T | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: storeOrders.id })
        .from(storeOrders)
        .where(and(eq(storeOrders.id, id), eq(storeOrders.storeId, storeId)))
        .for('update');
      if (!locked) return undefined;
      const [order] = await tx
        .select(recordColumns)
        .from(storeOrders)
        .innerJoin(orders, eq(orders.id, storeOrders.orderId))
        .where(eq(storeOrders.id, id));
      const items = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.storeOrderId, id))
        .orderBy(asc(orderItems.id));
      const refunds = await tx
        .select({
          amountCents: storeOrderRefunds.amountCents,
          orderItemId: storeOrderRefunds.orderItemId,
        })
        .from(storeOrderRefunds)
        .where(and(eq(storeOrderRefunds.storeOrderId, id), ne(storeOrderRefunds.status, 'FAILED')));
      const taxLines = await tx
        .select()
        .from(orderTaxLines)
        .where(
          and(eq(orderTaxLines.orderId, order!.orderId), eq(orderTaxLines.storeId, order!.storeId)),
        )
        .orderBy(asc(orderTaxLines.id));
      const refundedCents = sumCents(...refunds.map((r) => r.amountCents));
      return step(
        {
          order: order!,
          items,
          refundedOrPendingCents: refundedCents,
          taxLines,
          refundedItemIds: new Set(
            refunds.flatMap((r) => (r.orderItemId === null ? [] : [r.orderItemId])),
          ),
        },
        new StoreOrderWriter(tx, id, actorId, actorKind),
      );
    });
  }

  /**
   * The provider refused: the amount is free again and the statuses go back to what they were.
   * Only a refund still PENDING moves, so a refund reconcile() already settled stays settled.
   */
  async refundFailed(
    refundId: string,
    restore: { storeOrderId: string; storeId: string; actorId: string | null },
    undo: (state: LockedStoreOrder, writer: StoreOrderWriter) => Promise<void>,
  ): Promise<void> {
    const [failed] = await this.db
      .update(storeOrderRefunds)
      .set({ status: 'FAILED' })
      .where(and(eq(storeOrderRefunds.id, refundId), eq(storeOrderRefunds.status, 'PENDING')))
      .returning({ id: storeOrderRefunds.id });
    if (failed) await this.locked(restore.storeOrderId, restore.storeId, restore.actorId, undo);
  }
}
