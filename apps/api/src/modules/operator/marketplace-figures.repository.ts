import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  asCents,
  fromCents,
  payoutFor,
  sumCents,
  weekOf,
  type Currency,
  type MoneyWeek,
} from '@marketplace/shared';
import type { Db } from '../../db/client';
import { orders, storeOrderRefunds, storeOrders } from '../../db/schema';
import { sumOfCents } from '../../db/schema/columns';

/** A store's orders and sales per currency, and how many delivered orders were refunded after. */
export interface BrandFigures {
  orders: number;
  sales: { currency: Currency; amount: number }[];
  delivered: number;
  refundedAfterDelivery: number;
}

/**
 * The orders module's figures for the operator's console (issue 17): read-only sums over its
 * own tables, apart from the store order flows so the two evolve independently.
 */
export class MarketplaceFigures {
  constructor(private readonly db: Db) {}

  /** Per store: served by store_orders_store_id_placed_at_idx, refunds by store_order_refunds_store_order_id_idx. */
  async brands(storeIds: string[]): Promise<Map<string, BrandFigures>> {
    if (storeIds.length === 0) return new Map();
    const refundedAfterDelivery = sql`exists (select 1 from ${storeOrderRefunds} r
      where r.store_order_id = ${storeOrders.id} and r.status = 'SUCCEEDED'
        and r.created_at > ${storeOrders.deliveredAt})`;
    const rows = await this.db
      .select({
        storeId: storeOrders.storeId,
        currency: storeOrders.currency,
        orders: sql<number>`count(*)::int`,
        sales: sumOfCents(storeOrders.subtotalCents),
        delivered: sql<number>`(count(*) filter (where ${storeOrders.deliveredAt} is not null))::int`,
        returned: sql<number>`(count(*) filter (where ${storeOrders.deliveredAt} is not null and ${refundedAfterDelivery}))::int`,
      })
      .from(storeOrders)
      .where(inArray(storeOrders.storeId, storeIds))
      .groupBy(storeOrders.storeId, storeOrders.currency);
    const figures = new Map<string, BrandFigures>();
    for (const row of rows) {
      const brand = figures.get(row.storeId) ?? {
        orders: 0,
        sales: [],
        delivered: 0,
        refundedAfterDelivery: 0,
      };
      brand.orders += row.orders;
      brand.sales.push({ currency: row.currency as Currency, amount: fromCents(row.sales) });
      brand.delivered += row.delivered;
      brand.refundedAfterDelivery += row.returned;
      figures.set(row.storeId, brand);
    }
    return figures;
  }

  /**
   * Week by week in [from, to): orders placed (orders_placed_at_idx, then each order's store
   * orders by store_orders_order_id_store_id_key) and refunds made
   * (store_order_refunds_succeeded_created_at_idx). Commission is spec 9's, per store order, by
   * the payouts' own function, so the console and the brands' payouts agree to the cent.
   */
  async weeks(from: Date, to: Date): Promise<Omit<MoneyWeek, 'returns'>[]> {
    const [placed, refunds] = await Promise.all([
      this.db
        .select({
          orderId: storeOrders.orderId,
          placedAt: orders.placedAt,
          currency: storeOrders.currency,
          subtotalCents: storeOrders.subtotalCents,
          shippingCents: storeOrders.shippingCents,
          taxCents: storeOrders.taxCents,
          refundedCents: storeOrders.refundedCents,
          refundedTaxCents: storeOrders.refundedTaxCents,
          orderTotalCents: orders.totalCents,
          orderTaxCents: orders.taxCents,
        })
        .from(orders)
        .innerJoin(storeOrders, eq(storeOrders.orderId, orders.id))
        .where(
          and(
            sql`${orders.status} = 'PLACED'`,
            gte(orders.placedAt, from),
            lt(orders.placedAt, to),
          ),
        ),
      this.db
        .select({
          week: sql<string>`to_char(date_trunc('week', ${storeOrderRefunds.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
          currency: storeOrders.currency,
          amountCents: sumOfCents(storeOrderRefunds.amountCents),
        })
        .from(storeOrderRefunds)
        .innerJoin(storeOrders, eq(storeOrders.id, storeOrderRefunds.storeOrderId))
        .where(
          and(
            sql`${storeOrderRefunds.status} = 'SUCCEEDED'`,
            gte(storeOrderRefunds.createdAt, from),
            lt(storeOrderRefunds.createdAt, to),
          ),
        )
        .groupBy(sql`1`, storeOrders.currency),
    ]);

    type WeekCents = {
      gmv: number;
      orders: Set<string>;
      commission: number;
      tax: number;
      refunds: number;
    };
    const weeks = new Map<string, WeekCents>();
    const weekRow = (week: string, currency: string) => {
      const key = `${week}|${currency}`;
      const row = weeks.get(key) ?? {
        gmv: 0,
        orders: new Set(),
        commission: 0,
        tax: 0,
        refunds: 0,
      };
      weeks.set(key, row);
      return row;
    };
    for (const order of placed) {
      const row = weekRow(weekOf(order.placedAt!), order.currency);
      row.gmv = sumCents(row.gmv, order.subtotalCents, order.shippingCents);
      row.orders.add(order.orderId);
      row.tax = sumCents(row.tax, order.taxCents);
      const payout = payoutFor({
        storeOrderId: order.orderId,
        reference: '',
        placedAt: order.placedAt!.toISOString(),
        currency: order.currency as Currency,
        grossCents: order.subtotalCents,
        shippingChargedCents: order.shippingCents,
        refundedCents: asCents(order.refundedCents - order.refundedTaxCents),
        orderTotalCents: asCents(order.orderTotalCents - order.orderTaxCents),
      });
      row.commission = sumCents(row.commission, payout.commissionCents);
    }
    for (const refund of refunds)
      weekRow(refund.week, refund.currency).refunds += refund.amountCents;
    return [...weeks]
      .map(([key, row]) => {
        const [week, currency] = key.split('|') as [string, Currency];
        return {
          week,
          currency,
          gmv: fromCents(row.gmv),
          orders: row.orders.size,
          commission: fromCents(row.commission),
          taxCollected: fromCents(row.tax),
          refunds: fromCents(row.refunds),
        };
      })
      .sort((a, b) => a.week.localeCompare(b.week) || a.currency.localeCompare(b.currency));
  }
}
