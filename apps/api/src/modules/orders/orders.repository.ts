import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { OrderItemStatus, OrderStatus, StoreOrderStatus } from '@marketplace/shared';
import type { Db } from '../../db/client';
import { orderItems, orderStatusEvents, orders, storeOrders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;

export class OrdersRepository {
  constructor(private readonly db: Db) {}

  async create(order: NewOrder, lines: NewOrderItem[]): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(orders).values(order).returning();
      await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: row!.id })));
      return row!;
    });
  }

  async findById(id: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row;
  }

  async findByClientSecret(clientSecret: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(eq(orders.clientSecret, clientSecret))
      .limit(1);
    return row;
  }

  async findOpenOf(userId: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'PENDING_PAYMENT')))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row;
  }

  /**
   * The order a place() without an id means: the buyer's newest checkout, still waiting or
   * placed since `placedSince` (a concurrent call may have placed it a moment ago).
   */
  async findCurrentOf(userId: string, placedSince: Date): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          or(
            eq(orders.status, 'PENDING_PAYMENT'),
            and(eq(orders.status, 'PLACED'), gte(orders.placedAt, placedSince)),
          ),
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row;
  }

  linesOf(orderIds: string[]): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id));
  }

  placedOf(userId: string): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'PLACED')))
      .orderBy(desc(orders.createdAt));
  }

  async setPayment(id: string, paymentId: string, clientSecret: string): Promise<void> {
    await this.db
      .update(orders)
      .set({ paymentId, clientSecret, updatedAt: new Date() })
      .where(eq(orders.id, id));
  }

  async setCheckoutSession(id: string, checkoutSessionId: string | null): Promise<void> {
    await this.db
      .update(orders)
      .set({ checkoutSessionId, updatedAt: new Date() })
      .where(eq(orders.id, id));
  }

  async setShipping(
    id: string,
    fields: Pick<OrderRow, 'shippingAddress' | 'shippingMethod' | 'shipping' | 'total'>,
  ): Promise<OrderRow> {
    const [row] = await this.db
      .update(orders)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, 'PENDING_PAYMENT')))
      .returning();
    return row!;
  }

  /**
   * Moves an order from one status to another only if it is still in `from`: exactly one of
   * several racing callers (place twice, a webhook, the sweep) gets the row back.
   */
  async transition(
    id: string,
    from: OrderStatus,
    to: OrderStatus,
    itemStatus: OrderItemStatus,
    extra: Partial<Pick<OrderRow, 'placedAt'>> = {},
  ): Promise<OrderRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: to, updatedAt: new Date(), ...extra })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning();
      if (row)
        await tx.update(orderItems).set({ status: itemStatus }).where(eq(orderItems.orderId, id));
      return row;
    });
  }

  /**
   * Places a waiting order and splits it into one store order per brand, in one transaction;
   * only the caller whose conditional update moved the order gets it back.
   */
  async place(
    id: string,
    fields: Pick<OrderRow, 'placedAt' | 'paymentId' | 'shippingAddress'>,
    brands: { storeId: string; subtotal: number; shipping: number }[],
  ): Promise<OrderRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ ...fields, status: 'PLACED', updatedAt: new Date() })
        .where(and(eq(orders.id, id), eq(orders.status, 'PENDING_PAYMENT')))
        .returning();
      if (!row) return undefined;
      const split = await tx
        .insert(storeOrders)
        .values(
          brands.map((brand) => ({
            ...brand,
            orderId: id,
            status: 'PLACED' satisfies StoreOrderStatus,
            currency: row.currency,
            placedAt: fields.placedAt!,
          })),
        )
        .returning({ id: storeOrders.id, storeId: storeOrders.storeId });
      for (const storeOrder of split) {
        await tx
          .update(orderItems)
          .set({ status: 'PLACED', storeOrderId: storeOrder.id })
          .where(and(eq(orderItems.orderId, id), eq(orderItems.storeId, storeOrder.storeId)));
      }
      await tx.insert(orderStatusEvents).values(
        split.map((storeOrder) => ({
          storeOrderId: storeOrder.id,
          status: 'PLACED',
          actorId: row.userId,
        })),
      );
      return row;
    });
  }

  /** Which of these users have a placed order holding the item. */
  async buyersOf(itemId: number, userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ userId: orders.userId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.itemId, itemId),
          eq(orders.status, 'PLACED'),
          inArray(orders.userId, userIds),
        ),
      );
    return rows.map((r) => r.userId);
  }

  /** Orders still waiting for payment that were created before `before`, oldest first. */
  waitingSince(before: Date, limit = 200): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(sql`${orders.status} = 'PENDING_PAYMENT'`, lt(orders.createdAt, before)))
      .orderBy(asc(orders.createdAt))
      .limit(limit);
  }

  /** Waiting orders whose hold has lapsed (served by orders_pending_reserved_until_idx). */
  lapsed(now: Date): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(sql`${orders.status} = 'PENDING_PAYMENT'`, lt(orders.reservedUntil, now)))
      .limit(100);
  }
}
