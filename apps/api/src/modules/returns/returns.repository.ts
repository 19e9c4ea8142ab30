import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { returnLines, returns } from '../../db/schema';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/client';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;
export type NewReturn = Omit<typeof returns.$inferInsert, 'id'>;

/** The columns of a return that its views read: everything but the label's bytes. */
const { labelPdf: _labelPdf, ...viewColumns } = getTableColumns(returns);
/** A return without its label's bytes (labelOf reads those). */
export type ReturnRecord = Omit<ReturnRow, 'labelPdf'>;

export class ReturnsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a return and its lines in one transaction. Null when a line is already in a return
   * (the unique line index: two submissions at once keep one).
   */
  async create(
    values: NewReturn,
    lines: { orderItemId: number; itemId: number }[],
  ): Promise<ReturnRecord | null> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(returns).values(values).returning(viewColumns);
        await tx.insert(returnLines).values(lines.map((line) => ({ ...line, returnId: row!.id })));
        return row!;
      });
    } catch (error) {
      if (databaseErrorOf(error).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  /** Return ids of lines already returned (a return is one per line, ever). */
  async returnedLines(orderItemIds: number[]): Promise<Set<number>> {
    if (orderItemIds.length === 0) return new Set();
    const rows = await this.db
      .select({ orderItemId: returnLines.orderItemId })
      .from(returnLines)
      .where(inArray(returnLines.orderItemId, orderItemIds));
    return new Set(rows.map((row) => row.orderItemId));
  }

  async setLabel(
    id: string,
    label: Pick<
      ReturnRow,
      | 'labelCarrier'
      | 'labelTrackingNumber'
      | 'labelUrl'
      | 'labelPdf'
      | 'labelTrackerId'
      | 'labelShipmentId'
    >,
  ): Promise<void> {
    await this.db.update(returns).set(label).where(eq(returns.id, id));
  }

  async find(id: string): Promise<ReturnRecord | undefined> {
    const [row] = await this.db.select(viewColumns).from(returns).where(eq(returns.id, id));
    return row;
  }

  async labelOf(
    id: string,
  ): Promise<Pick<ReturnRow, 'buyerId' | 'labelPdf' | 'labelUrl'> | undefined> {
    const [row] = await this.db
      .select({ buyerId: returns.buyerId, labelPdf: returns.labelPdf, labelUrl: returns.labelUrl })
      .from(returns)
      .where(eq(returns.id, id));
    return row;
  }

  async findByTrackingNumber(trackingNumber: string): Promise<ReturnRecord | undefined> {
    const [row] = await this.db
      .select(viewColumns)
      .from(returns)
      .where(eq(returns.labelTrackingNumber, trackingNumber));
    return row;
  }

  /** A buyer's or a store's returns, newest first, with the total (one query). */
  async page(
    owner: { buyerId: string; orderId?: string } | { storeId: string },
    page: number,
    pageSize: number,
  ): Promise<{ rows: ReturnRecord[]; total: number }> {
    const where =
      'buyerId' in owner
        ? and(
            eq(returns.buyerId, owner.buyerId),
            owner.orderId ? eq(returns.orderId, owner.orderId) : undefined,
          )
        : eq(returns.storeId, owner.storeId);
    const rows = await this.db
      .select({ ...viewColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(returns)
      .where(where)
      .orderBy(desc(returns.requestedAt), asc(returns.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    if (rows.length === 0 && page > 1) {
      const [count] = await this.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(returns)
        .where(where);
      return { rows: [], total: count?.total ?? 0 };
    }
    return {
      rows: rows.map(({ total: _total, ...row }) => row),
      total: rows[0]?.total ?? 0,
    };
  }

  /** The lines of these returns, in the order they were picked. */
  linesOf(returnIds: string[]): Promise<ReturnLineRow[]> {
    if (returnIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(returnLines)
      .where(inArray(returnLines.returnId, returnIds))
      .orderBy(asc(returnLines.id));
  }

  /** Moves a return on, only from one of `from` (so a status is set once, by one request). */
  async setStatus(
    id: string,
    from: string[],
    fields: Partial<Pick<ReturnRow, 'status' | 'receivedAt' | 'refundedAt' | 'damaged' | 'note'>>,
  ): Promise<boolean> {
    const updated = await this.db
      .update(returns)
      .set(fields)
      .where(and(eq(returns.id, id), inArray(returns.status, from)))
      .returning({ id: returns.id });
    return updated.length > 0;
  }

  /** The store order's returns still open (requested, on the way or received). */
  openOf(storeOrderId: string): Promise<ReturnRecord[]> {
    return this.db
      .select(viewColumns)
      .from(returns)
      .where(
        and(
          eq(returns.storeOrderId, storeOrderId),
          inArray(returns.status, ['REQUESTED', 'IN_TRANSIT', 'RECEIVED']),
        ),
      );
  }

  /** Received and not refunded, received before `before`, oldest first. */
  receivedBefore(before: Date, limit = 500): Promise<ReturnRecord[]> {
    return this.db
      .select(viewColumns)
      .from(returns)
      .where(and(eq(returns.status, 'RECEIVED'), lt(returns.receivedAt, before)))
      .orderBy(asc(returns.receivedAt))
      .limit(limit);
  }

  /**
   * Returns opened in [from, to), per week (the Monday starting it, UTC) and currency: the
   * operator's money at a glance. Read from returns_requested_at_currency_idx alone.
   */
  async openedPerWeek(
    from: Date,
    to: Date,
  ): Promise<{ week: string; currency: string; returns: number }[]> {
    return this.db
      .select({
        week: sql<string>`to_char(date_trunc('week', ${returns.requestedAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        currency: returns.currency,
        returns: sql<number>`count(*)::int`,
      })
      .from(returns)
      .where(and(gte(returns.requestedAt, from), lt(returns.requestedAt, to)))
      .groupBy(sql`1`, returns.currency);
  }

  /** Fit returns of a product: each buyer's latest fit reason (one vote per buyer). */
  async fitReasonsOf(itemId: number): Promise<{ buyerId: string; reason: string }[]> {
    const rows = await this.db
      .selectDistinctOn([returns.buyerId], { buyerId: returns.buyerId, reason: returns.reason })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(
        and(eq(returnLines.itemId, itemId), inArray(returns.reason, ['RUNS_SMALL', 'RUNS_LARGE'])),
      )
      .orderBy(returns.buyerId, desc(returns.requestedAt));
    return rows;
  }
}
