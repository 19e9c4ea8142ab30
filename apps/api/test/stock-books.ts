/** Anything that runs a query: a pg client or pool. */
interface Queryable {
  query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

export interface StockBooks {
  /** The option's stock still on the shelf. */
  count: number;
  /** Its units in placed orders. */
  sold: number;
  /** Its units held by checkouts waiting for their payment. */
  held: number;
}

/** An option's books, read straight from the database: stock is conserved when their sum is. */
export async function stockBooks(db: Queryable, itemOptionId: number): Promise<StockBooks> {
  const { rows } = await db.query<StockBooks>(
    `select o.count,
       coalesce((select sum(oi.quantity) from order_items oi join orders r on r.id = oi.order_id
         where oi.item_option_id = o.id and r.status = 'PLACED'), 0)::int as sold,
       coalesce((select sum(oi.quantity) from order_items oi join orders r on r.id = oi.order_id
         where oi.item_option_id = o.id and r.status = 'PENDING_PAYMENT'), 0)::int as held
     from item_options o where o.id = $1`,
    [itemOptionId],
  );
  return rows[0]!;
}
