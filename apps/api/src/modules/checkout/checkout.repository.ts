import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  formatCents,
  type Cents,
  type OrderItemStatus,
  type OrderStatus,
  type StoreOrderStatus,
} from '@marketplace/shared';
import type { Db, Tx } from '../../db/client';
import { orderItems, orderStatusEvents, orderTaxLines, orders, storeOrders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;
export type TaxLineRow = typeof orderTaxLines.$inferSelect;
export type NewTaxLine = Omit<typeof orderTaxLines.$inferInsert, 'id' | 'orderId'>;

/** An order's payment lock, given back (payment-lock.ts). */
const RELEASED_LOCK = { paymentLock: null, paymentLockUntil: null };

/** The waiting order whose payment lock `lock` still holds: only the holder writes it. */
const heldBy = (id: string, lock: string) =>
  and(eq(orders.id, id), eq(orders.status, 'PENDING_PAYMENT'), eq(orders.paymentLock, lock));

/** What a tax calculation writes on an order besides its shipping choice. */
export interface OrderTax {
  taxCents: Cents;
  taxCalculationRef: string | null;
  lines: NewTaxLine[];
  /** Each order line's tax, by order item id. */
  lineTaxes: Map<number, Cents>;
}

/** A buyer's open checkout, read by every checkout: prepared once (decision 032). */
const prepareOpenOf = (db: Db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.status, 'PENDING_PAYMENT')))
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .prepare('open_order_of');

/**
 * Checkout's writes (issue 5): an order from the bag's hold to its payment and its placing,
 * when it splits into one store order per brand. The buyer's reading of placed orders is the
 * orders module's.
 */
export class CheckoutRepository {
  private readonly openOf: ReturnType<typeof prepareOpenOf>;

  constructor(private readonly db: Db) {
    this.openOf = prepareOpenOf(db);
  }

  /**
   * Runs `work` in one transaction: a checkout's hold (the stock it takes and the order that
   * holds it) and its end (the order leaving its wait and the stock it gives back) are written
   * whole or not at all, whatever fails or dies between their statements.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * The order and its lines in one statement (one round trip): the lines' insert is a CTE of
   * the order's, under an id drawn here, and the foreign key is checked once both are in. In
   * `tx`, the checkout's transaction that also takes the stock.
   */
  async create(order: NewOrder, lines: NewOrderItem[], tx: Db | Tx = this.db): Promise<OrderRow> {
    const id = randomUUID();
    const insertLines = tx.$with('order_lines', { id: sql<number>`id` }).as(
      // getSQL: embedded as a value, the insert would be wrapped in a second pair of brackets,
      // which PostgreSQL refuses around a data-modifying statement.
      tx
        .insert(orderItems)
        .values(lines.map((line) => ({ ...line, orderId: id })))
        .returning({ id: orderItems.id })
        .getSQL(),
    );
    const [row] = await tx
      .with(insertLines)
      .insert(orders)
      .values({ ...order, id })
      .returning();
    return row!;
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
    const [row] = await this.openOf.execute({ userId });
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

  linesOf(orderIds: string[], db: Db | Tx = this.db): Promise<OrderItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id));
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

  /**
   * Takes the order's payment lock for `lock` if it is free or its holder's time ran out (a
   * crashed process): one statement, so of several callers exactly one gets it. Answers the
   * order as it is now, or undefined while someone else holds it.
   */
  async takePaymentLock(
    id: string,
    lock: string,
    until: Date,
    now: Date,
  ): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .update(orders)
      .set({ paymentLock: lock, paymentLockUntil: until })
      .where(
        and(
          eq(orders.id, id),
          or(isNull(orders.paymentLockUntil), lte(orders.paymentLockUntil, now)),
        ),
      )
      .returning();
    return row;
  }

  async releasePaymentLock(id: string, lock: string): Promise<void> {
    await this.db
      .update(orders)
      .set(RELEASED_LOCK)
      .where(and(eq(orders.id, id), eq(orders.paymentLock, lock)));
  }

  /**
   * Written only by the payment lock's holder: a holder whose time ran out changes nothing. The
   * shipping, the total and the tax lines it is made of change together, in one transaction,
   * which also gives the lock back.
   */
  async setShipping(
    id: string,
    lock: string,
    fields: Pick<
      OrderRow,
      'shippingAddress' | 'shippingMethod' | 'shippingCents' | 'totalCents' | 'expressRates'
    >,
    tax: OrderTax,
  ): Promise<OrderRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({
          ...fields,
          taxCents: tax.taxCents,
          taxCalculated: true,
          taxCalculationRef: tax.taxCalculationRef,
          updatedAt: new Date(),
          ...RELEASED_LOCK,
        })
        .where(heldBy(id, lock))
        .returning();
      if (!row) return undefined;
      await tx.delete(orderTaxLines).where(eq(orderTaxLines.orderId, id));
      if (tax.lines.length > 0)
        await tx.insert(orderTaxLines).values(tax.lines.map((line) => ({ ...line, orderId: id })));
      if (tax.lineTaxes.size > 0) {
        // Every line's tax in one statement, not one per line.
        const taxOf = [...tax.lineTaxes].map(
          ([orderItemId, lineTax]) =>
            sql`when ${orderItemId}::integer then ${formatCents(lineTax)}::numeric`,
        );
        await tx
          .update(orderItems)
          .set({ taxCents: sql`case ${orderItems.id} ${sql.join(taxOf, sql` `)} end` })
          .where(
            and(eq(orderItems.orderId, id), inArray(orderItems.id, [...tax.lineTaxes.keys()])),
          );
      }
      return row;
    });
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

  /** The buyer's receipt is in the outbox (issue 39.28). */
  async receiptEmailed(id: string, at: Date): Promise<void> {
    await this.db.update(orders).set({ receiptEmailedAt: at }).where(eq(orders.id, id));
  }

  /** The tax provider recorded the sale: once (a second caller finds it committed). */
  async taxCommitted(id: string, transactionId: string | null, at: Date): Promise<void> {
    await this.db
      .update(orders)
      .set({ taxTransactionId: transactionId, taxCommittedAt: at })
      .where(and(eq(orders.id, id), isNull(orders.taxCommittedAt)));
  }

  /** Placed orders whose sale was never committed to the tax provider (it failed or timed out). */
  uncommittedTax(placedBefore: Date, limit = 100): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(
        and(
          sql`${orders.status} = 'PLACED'`,
          isNull(orders.taxCommittedAt),
          lt(orders.placedAt, placedBefore),
        ),
      )
      .orderBy(asc(orders.placedAt))
      .limit(limit);
  }

  /**
   * Moves an order from one status to another only if it is still in `from`: exactly one of
   * several racing callers (place twice, a webhook, the sweep) gets the row back. Inside
   * `within` when given (the transaction that gives the stock back).
   */
  async transition(
    id: string,
    from: OrderStatus,
    to: OrderStatus,
    itemStatus: OrderItemStatus,
    within: Db | Tx = this.db,
  ): Promise<OrderRow | undefined> {
    return within.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning();
      if (row)
        await tx.update(orderItems).set({ status: itemStatus }).where(eq(orderItems.orderId, id));
      return row;
    });
  }

  /**
   * Places a waiting order and splits it into one store order per brand, in one transaction;
   * only the caller whose conditional update moved the order gets it back. Written only by the
   * payment lock's holder, as setShipping, and gives the lock back.
   */
  async place(
    id: string,
    lock: string,
    fields: Pick<OrderRow, 'placedAt' | 'paymentId' | 'shippingAddress'>,
    brands: {
      storeId: string;
      subtotalCents: Cents;
      shippingCents: Cents;
      taxCents: Cents;
      shippingTaxCents: Cents;
    }[],
  ): Promise<OrderRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ ...fields, status: 'PLACED', updatedAt: new Date(), ...RELEASED_LOCK })
        .where(heldBy(id, lock))
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
      // Each line joins its brand's order: one statement for every brand.
      const storeOrderOf = split.map(
        (storeOrder) => sql`when ${storeOrder.storeId}::uuid then ${storeOrder.id}::uuid`,
      );
      await tx
        .update(orderItems)
        .set({
          status: 'PLACED',
          storeOrderId: sql`case ${orderItems.storeId} ${sql.join(storeOrderOf, sql` `)} end`,
        })
        .where(eq(orderItems.orderId, id));
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

  /** Orders still waiting for payment that were created before `before`, oldest first. */
  waitingSince(before: Date, limit = 200): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(sql`${orders.status} = 'PENDING_PAYMENT'`, lt(orders.createdAt, before)))
      .orderBy(asc(orders.createdAt))
      .limit(limit);
  }

  /** How many of the buyer's holds that touched any of these options lapsed unpaid after `since`. */
  /**
   * How many holds of these options this buyer saw end unpaid in [since, now): its lapsed and
   * its dropped checkouts (a changed bag cancels the one before), counted by deadline, so the
   * checkouts that carried one hold's deadline over bag changes are one hold, and a deadline a
   * paid checkout carried is no hold that ended unpaid.
   */
  async endedHoldsOf(
    userId: string,
    itemOptionIds: number[],
    since: Date,
    now: Date,
  ): Promise<number> {
    if (itemOptionIds.length === 0) return 0;
    const placed = this.db
      .select({ reservedUntil: orders.reservedUntil })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'PLACED' satisfies OrderStatus)));
    const [row] = await this.db
      .select({ count: sql<number>`count(distinct ${orders.reservedUntil})::int` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          inArray(orders.status, ['EXPIRED', 'CANCELLED'] satisfies OrderStatus[]),
          gte(orders.reservedUntil, since),
          lt(orders.reservedUntil, now),
          inArray(orderItems.itemOptionId, itemOptionIds),
          sql`${orders.reservedUntil} not in (${placed})`,
        ),
      );
    return row?.count ?? 0;
  }

  /**
   * The earliest deadline still to come of this buyer's dropped or waiting checkouts holding
   * any of these options: a new hold of them keeps it, whatever else the bag held between.
   */
  async runningDeadlineOf(
    userId: string,
    itemOptionIds: number[],
    now: Date,
  ): Promise<Date | undefined> {
    if (itemOptionIds.length === 0) return undefined;
    const [row] = await this.db
      .select({ reservedUntil: sql<Date | string | null>`min(${orders.reservedUntil})` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.userId, userId),
          inArray(orders.status, ['PENDING_PAYMENT', 'CANCELLED'] satisfies OrderStatus[]),
          gte(orders.reservedUntil, now),
          inArray(orderItems.itemOptionId, itemOptionIds),
        ),
      );
    const until = row?.reservedUntil;
    return until === null || until === undefined ? undefined : new Date(until);
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
