import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Cents } from '@marketplace/shared';
import type { Db } from '../../db/client';
import {
  orderTaxLines,
  orders,
  refundTaxLines,
  storeOrderRefunds,
  storeOrders,
} from '../../db/schema';
import { sumOfCents } from '../../db/schema/columns';

/** One jurisdiction's tax of one type in one currency, summed over a period. */
export interface TaxSum {
  currency: string;
  jurisdiction: string;
  jurisdictionName: string;
  taxType: string;
  taxableAmountCents: Cents;
  amountCents: Cents;
}

/**
 * The tax report's sums (issue 15), added up by the database in exact decimals: tax lines of
 * orders placed in the period (served by orders_placed_at_idx), and tax lines returned by
 * refunds that went through in it (store_order_refunds_succeeded_created_at_idx).
 */
export class OrderTaxSumsRepository {
  constructor(private readonly db: Db) {}

  collected(from: Date, to: Date): Promise<TaxSum[]> {
    return this.db
      .select({
        currency: orders.currency,
        jurisdiction: orderTaxLines.jurisdiction,
        jurisdictionName: sql<string>`max(${orderTaxLines.jurisdictionName})`,
        taxType: orderTaxLines.taxType,
        taxableAmountCents: sumOfCents(orderTaxLines.taxableAmountCents),
        amountCents: sumOfCents(orderTaxLines.amountCents),
      })
      .from(orderTaxLines)
      .innerJoin(orders, eq(orders.id, orderTaxLines.orderId))
      .where(
        and(sql`${orders.status} = 'PLACED'`, gte(orders.placedAt, from), lt(orders.placedAt, to)),
      )
      .groupBy(orders.currency, orderTaxLines.jurisdiction, orderTaxLines.taxType);
  }

  refunded(from: Date, to: Date): Promise<TaxSum[]> {
    return this.db
      .select({
        currency: storeOrders.currency,
        jurisdiction: refundTaxLines.jurisdiction,
        jurisdictionName: sql<string>`max(${refundTaxLines.jurisdictionName})`,
        taxType: refundTaxLines.taxType,
        taxableAmountCents: sumOfCents(refundTaxLines.taxableAmountCents),
        amountCents: sumOfCents(refundTaxLines.amountCents),
      })
      .from(refundTaxLines)
      .innerJoin(storeOrderRefunds, eq(storeOrderRefunds.id, refundTaxLines.refundId))
      .innerJoin(storeOrders, eq(storeOrders.id, storeOrderRefunds.storeOrderId))
      .where(
        and(
          sql`${storeOrderRefunds.status} = 'SUCCEEDED'`,
          gte(storeOrderRefunds.createdAt, from),
          lt(storeOrderRefunds.createdAt, to),
        ),
      )
      .groupBy(storeOrders.currency, refundTaxLines.jurisdiction, refundTaxLines.taxType);
  }
}
