import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { formatCents, type Cents, type OrderItemStatus } from '@marketplace/shared';
import type { Db } from '../../db/client';
import {
  orderStatusEvents,
  orders,
  refundTaxLines,
  storeOrderRefunds,
  storeOrders,
  type RefundCoverage,
} from '../../db/schema';

/** A refund's life after it was reserved: settled, its tax reversed, or found stale. */
export class RefundsRepository {
  constructor(private readonly db: Db) {}

  /** The provider took the refund: it counts as money returned. False if it was settled already. */
  async refundSucceeded(refundId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [refund] = await tx
        .update(storeOrderRefunds)
        .set({ status: 'SUCCEEDED' })
        .where(and(eq(storeOrderRefunds.id, refundId), eq(storeOrderRefunds.status, 'PENDING')))
        .returning();
      if (!refund) return false;
      await tx
        .update(storeOrders)
        .set({
          refundedCents: sql`${storeOrders.refundedCents} + ${formatCents(refund.amountCents)}::numeric`,
          refundedTaxCents: sql`${storeOrders.refundedTaxCents} + ${formatCents(refund.taxCents)}::numeric`,
          updatedAt: new Date(),
        })
        .where(eq(storeOrders.id, refund.storeOrderId));
      return true;
    });
  }

  /** What the tax provider's reversal of a refund needs: the order, and what the refund covers. */
  async refundForReversal(refundId: string): Promise<RefundForReversal | undefined> {
    const [row] = await this.db
      .select(reversalColumns)
      .from(storeOrderRefunds)
      .innerJoin(storeOrders, eq(storeOrders.id, storeOrderRefunds.storeOrderId))
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(eq(storeOrderRefunds.id, refundId));
    return row;
  }

  /** Refunds that went through but whose tax reversal failed or never answered, oldest first. */
  unreversedRefunds(before: Date, limit = 100): Promise<RefundForReversal[]> {
    return this.db
      .select(reversalColumns)
      .from(storeOrderRefunds)
      .innerJoin(storeOrders, eq(storeOrders.id, storeOrderRefunds.storeOrderId))
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(
        and(
          eq(storeOrderRefunds.status, 'SUCCEEDED'),
          isNull(storeOrderRefunds.taxReversedAt),
          lt(storeOrderRefunds.createdAt, before),
        ),
      )
      .orderBy(asc(storeOrderRefunds.createdAt))
      .limit(limit);
  }

  /** The tax provider reversed the refund's tax: recorded once. */
  async taxReversed(refundId: string, reversalId: string | null, at: Date): Promise<void> {
    await this.db
      .update(storeOrderRefunds)
      .set({ taxReversalId: reversalId, taxReversedAt: at })
      .where(and(eq(storeOrderRefunds.id, refundId), isNull(storeOrderRefunds.taxReversedAt)));
  }

  /** The tax lines a refund returned. */
  refundTaxLinesOf(refundId: string) {
    return this.db
      .select()
      .from(refundTaxLines)
      .where(eq(refundTaxLines.refundId, refundId))
      .orderBy(asc(refundTaxLines.id));
  }

  /** Refunds still PENDING that were reserved before `before`: their provider call never answered. */
  stalePendingRefunds(before: Date, limit = 100): Promise<PendingRefund[]> {
    return this.db
      .select({
        id: storeOrderRefunds.id,
        storeOrderId: storeOrderRefunds.storeOrderId,
        storeId: storeOrders.storeId,
        amountCents: storeOrderRefunds.amountCents,
        taxCents: storeOrderRefunds.taxCents,
        orderItemId: storeOrderRefunds.orderItemId,
        paymentId: orders.paymentId,
      })
      .from(storeOrderRefunds)
      .innerJoin(storeOrders, eq(storeOrders.id, storeOrderRefunds.storeOrderId))
      .innerJoin(orders, eq(orders.id, storeOrders.orderId))
      .where(and(eq(storeOrderRefunds.status, 'PENDING'), lt(storeOrderRefunds.createdAt, before)))
      .orderBy(asc(storeOrderRefunds.createdAt))
      .limit(limit);
  }

  /**
   * The statuses a refund's reservation changed, each with the status it had before, for
   * undoing a refund the provider failed after the request that made it was gone. The status
   * events written with the reservation are those of the same transaction: PostgreSQL's now()
   * is the transaction's start, so they share the refund's created_at to the microsecond. A
   * status changed again since then is left as it is.
   */
  async statusesBeforeRefund(
    refundId: string,
    storeOrderId: string,
  ): Promise<{ storeOrder: string | null; items: Map<number, OrderItemStatus> }> {
    const events = await this.db
      .select({
        orderItemId: orderStatusEvents.orderItemId,
        status: orderStatusEvents.status,
        withRefund: sql<boolean>`${orderStatusEvents.createdAt} = (select ${storeOrderRefunds.createdAt} from ${storeOrderRefunds} where ${storeOrderRefunds.id} = ${refundId})`,
      })
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.storeOrderId, storeOrderId))
      .orderBy(asc(orderStatusEvents.id));
    // Per subject (an item, or the store order itself as null): its statuses, oldest first.
    const history = new Map<number | null, { status: string; withRefund: boolean }[]>();
    for (const event of events) {
      const list = history.get(event.orderItemId) ?? [];
      list.push(event);
      history.set(event.orderItemId, list);
    }
    let storeOrder: string | null = null;
    const items = new Map<number, OrderItemStatus>();
    for (const [subject, list] of history) {
      if (!list.at(-1)!.withRefund) continue;
      const firstOfRefund = list.findIndex((event) => event.withRefund);
      // Items get no event of their own when an order is placed: before any, they were PLACED.
      const before = list[firstOfRefund - 1]?.status ?? 'PLACED';
      if (subject === null) storeOrder = before;
      else items.set(subject, before as OrderItemStatus);
    }
    return { storeOrder, items };
  }
}

const reversalColumns = {
  id: storeOrderRefunds.id,
  orderId: orders.id,
  currency: orders.currency,
  transactionId: orders.taxTransactionId,
  covered: storeOrderRefunds.covered,
};

export interface RefundForReversal {
  id: string;
  orderId: string;
  currency: string;
  transactionId: string | null;
  covered: RefundCoverage | null;
}

export interface PendingRefund {
  id: string;
  storeOrderId: string;
  storeId: string;
  amountCents: Cents;
  /** The tax part of amountCents. */
  taxCents: Cents;
  /** The rejected item it pays back; null for a refund of the store order. */
  orderItemId: number | null;
  paymentId: string | null;
}
