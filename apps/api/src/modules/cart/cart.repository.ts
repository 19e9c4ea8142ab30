import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NamedStatements } from '../../db/named-statements';
import { cartItems, itemOptions, items } from '../../db/schema';
import { centsInSql } from '../../db/schema/columns';
import type { OptionWithItemRow } from '../items/items.service';
import { heldUnitsJson } from '../../db/held-units';

export type CartLineRow = Pick<
  typeof cartItems.$inferSelect,
  'itemId' | 'itemOptionId' | 'quantity'
>;

/** A line of the bag with its option's facts (null when the option no longer exists). */
export interface BagLineRow extends CartLineRow {
  option: OptionWithItemRow | null;
}

/** Units of an option that the buyer's own live checkout holds (the orders module's holds). */
type HeldUnit = { itemOptionId: number; quantity: number };

/** What every bag statement answers with: the bag, and the units the buyer's checkout holds. */
export interface BagAnswer {
  /** The bag as the statement left it, in order. */
  lines: BagLineRow[];
  held: HeldUnit[];
}

/** What an add found and did, in one statement (decision 023). */
export interface AddResult extends BagAnswer {
  /** The option asked for, with its item's currency; null when it does not exist. */
  target: {
    itemId: number;
    count: number;
    currency: string;
    purchasable: boolean;
  } | null;
  /** Units of the option in the bag before the add. */
  inBag: number;
  /** The currency of the bag's first line, before the add. */
  bagCurrency: string | null;
  /** The line's new quantity, or null when the add was refused. */
  added: number | null;
}

/**
 * The bag's lines (CTE `after`: item_id, item_option_id, quantity, and the order keys `added`,
 * created_at, id) as one JSON array, each with its option's facts, as ItemsRepository's
 * optionsWithItems names them. The bag's hot path reads the items module's two tables here
 * in the same statement as its write (issue 20, decision 023).
 */
const bagLinesJson = sql`(select coalesce(json_agg(json_build_object(
    'itemId', a.item_id, 'itemOptionId', a.item_option_id, 'quantity', a.quantity,
    'option', case when o.id is null then null else json_build_object(
      'optionId', o.id, 'itemId', i.id, 'itemName', i.name,
      'itemNameFr', i.name_fr, 'category', i.category,
      'storeId', i.store_id, 'thumbnail', i.thumbnail, 'currency', i.currency,
      'store', i.store_name, 'itemPriceCents', ${centsInSql(sql`i.price`)}, 'itemSale', i.sale,
      'optionPriceCents', ${centsInSql(sql`o.price`)}, 'optionSale', o.sale, 'size', o.size, 'color', o.color,
      'count', o.count,
      'purchasable', i.is_available and o.is_available and i.deleted_at is null) end)
    order by a.added, a.created_at, a.id), '[]'::json)
  from after a
  left join ${itemOptions} o on o.id = a.item_option_id
  left join ${items} i on i.id = o.item_id)`;

/**
 * Selected beside a bag write's answer: the write's transaction (the statement's own) commits
 * without waiting for its WAL to reach the disk (decision 033). A crash of the database server
 * can lose the bag changes of its last fraction of a second, never an inconsistent row; orders,
 * payments and stock are written with the server's setting. `true`: only for this transaction.
 */
const commitWithoutWaitingForDisk = sql`set_config('synchronous_commit', 'off', true)`;

/** The bag statements' per-request values, filled into their kept texts (decision 032). */
const slot = {
  userId: sql.placeholder('userId'),
  itemId: sql.placeholder('itemId'),
  itemOptionId: sql.placeholder('itemOptionId'),
  quantity: sql.placeholder('quantity'),
  limit: sql.placeholder('limit'),
  now: sql.placeholder('now'),
};
/** The buyer's held units, selected beside every bag statement's answer (issue 20). */
const heldJson = heldUnitsJson(sql`${slot.userId}`, sql`${slot.now}::timestamptz`);

/** The line a removal names: the caller's, of the option asked for. */
const requestedLine = and(
  eq(cartItems.userId, slot.userId),
  eq(cartItems.itemOptionId, slot.itemOptionId),
);

type Json<T> = T | string;
const parsed = <T>(value: Json<T>): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export class CartRepository {
  /** The bag's statements are long: parsed and planned once per connection (decision 032). */
  private readonly statements: NamedStatements;

  constructor(private readonly db: Db) {
    this.statements = new NamedStatements(db);
  }

  lines(userId: string): Promise<CartLineRow[]> {
    return this.db
      .select({
        itemId: cartItems.itemId,
        itemOptionId: cartItems.itemOptionId,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  }

  /** The bag with every line's option facts, and the buyer's held units at `now`: one statement. */
  async bag(userId: string, now: Date): Promise<BagAnswer> {
    const [row] = await this.statements.keptRows<{
      lines: Json<BagLineRow[]>;
      held: Json<HeldUnit[]>;
    }>(
      'bag',
      () => sql`
      with after as (
        select item_id, item_option_id, quantity, 0 as added, created_at, id
        from ${cartItems} where ${cartItems.userId} = ${slot.userId}
      )
      select ${bagLinesJson} as lines, ${heldJson} as held`,
      { userId, now },
    );
    return { lines: parsed(row!.lines), held: parsed(row!.held) };
  }

  /**
   * Adds units of an option to the bag, in one statement that also reads what the add needs
   * and answers with the bag: the option must exist, belong to `itemId`, be on sale and be of
   * the bag's currency, and the line stays within the option's stock and `limit` (checked
   * again on the locked row when the line exists, so two adds racing cannot pass together).
   * The caller tells a refusal's reason from `target`, `inBag` and `bagCurrency`.
   */
  async addAndRead(
    userId: string,
    itemId: number,
    itemOptionId: number,
    quantity: number,
    limit: number,
    now: Date,
  ): Promise<AddResult> {
    const [row] = await this.statements.keptRows<{
      target: Json<AddResult['target']>;
      in_bag: number | string;
      bag_currency: string | null;
      added: number | string | null;
      lines: Json<BagLineRow[]>;
      held: Json<HeldUnit[]>;
    }>(
      'add',
      () => sql`
      with target as (
        select o.id, o.item_id, o.count, i.currency,
          (i.is_available and o.is_available and i.deleted_at is null) as purchasable
        from ${itemOptions} o join ${items} i on i.id = o.item_id
        where o.id = ${slot.itemOptionId}
      ), before as (
        select item_id, item_option_id, quantity, created_at, id
        from ${cartItems} where ${cartItems.userId} = ${slot.userId}
      ), facts as (
        select
          coalesce((select quantity from before where item_option_id = ${slot.itemOptionId}), 0)
            as in_bag,
          (select i.currency from before b
            left join ${itemOptions} o on o.id = b.item_option_id
            left join ${items} i on i.id = o.item_id
            order by b.created_at, b.id limit 1) as bag_currency
      ), written as (
        insert into ${cartItems} (user_id, item_id, item_option_id, quantity)
        select ${slot.userId}, t.item_id, t.id, ${slot.quantity}::int from target t, facts f
        where t.item_id = ${slot.itemId} and t.purchasable
          and (f.bag_currency is null or f.bag_currency = t.currency)
          and f.in_bag + ${slot.quantity}::int <= least(t.count, ${slot.limit}::int)
        on conflict (user_id, item_option_id) do update
          set quantity = ${cartItems}.quantity + excluded.quantity, updated_at = now()
          where ${cartItems}.quantity + excluded.quantity <= least((select count from target), ${slot.limit}::int)
        returning item_option_id, quantity
      ), after as (
        select b.item_id, b.item_option_id, coalesce(w.quantity, b.quantity) as quantity,
          0 as added, b.created_at, b.id
        from before b left join written w on w.item_option_id = b.item_option_id
        union all
        select t.item_id, w.item_option_id, w.quantity, 1, now(), 0
        from written w join target t on t.id = w.item_option_id
        where not exists (select 1 from before b where b.item_option_id = w.item_option_id)
      )
      select
        (select json_build_object('itemId', t.item_id, 'count', t.count,
          'currency', t.currency, 'purchasable', t.purchasable) from target t) as target,
        f.in_bag, f.bag_currency, (select quantity from written) as added,
        ${bagLinesJson} as lines, ${heldJson} as held,
        ${commitWithoutWaitingForDisk} as commit_mode
      from facts f`,
      { userId, itemId, itemOptionId, quantity, limit, now },
    );
    return {
      target: row!.target === null ? null : parsed(row!.target),
      inBag: Number(row!.in_bag),
      bagCurrency: row!.bag_currency,
      added: row!.added === null ? null : Number(row!.added),
      lines: parsed(row!.lines),
      held: parsed(row!.held),
    };
  }

  /**
   * Takes units off a line (dropping it when none are left) and answers with the bag, in one
   * statement. `left`: the units left (0: dropped), or null when the line is not in the bag.
   */
  async removeAndRead(
    userId: string,
    itemOptionId: number,
    quantity: number,
    now: Date,
  ): Promise<BagAnswer & { left: number | null }> {
    const [row] = await this.statements.keptRows<{
      left: number | string | null;
      lines: Json<BagLineRow[]>;
      held: Json<HeldUnit[]>;
    }>(
      'remove',
      () => sql`
      with before as (
        select item_id, item_option_id, quantity, created_at, id
        from ${cartItems} where ${cartItems.userId} = ${slot.userId}
      ), emptied as (
        delete from ${cartItems} where ${requestedLine} and ${cartItems.quantity} <= ${slot.quantity}
        returning 0 as quantity
      ), reduced as (
        update ${cartItems} set quantity = quantity - ${slot.quantity}, updated_at = now()
        where ${requestedLine} and ${cartItems.quantity} > ${slot.quantity}
        returning quantity
      ), changed as (
        select quantity from emptied union all select quantity from reduced
      ), after as (
        select b.item_id, b.item_option_id,
          case when b.item_option_id = ${slot.itemOptionId} then (select quantity from changed)
            else b.quantity end as quantity,
          0 as added, b.created_at, b.id
        from before b
        where b.item_option_id <> ${slot.itemOptionId} or coalesce((select quantity from changed), 0) > 0
      )
      select (select quantity from changed) as "left", ${bagLinesJson} as lines,
        ${heldJson} as held, ${commitWithoutWaitingForDisk} as commit_mode`,
      { userId, itemOptionId, quantity, now },
    );
    return {
      left: row!.left === null ? null : Number(row!.left),
      lines: parsed(row!.lines),
      held: parsed(row!.held),
    };
  }

  async removeOptions(userId: string, itemOptionIds: number[]): Promise<void> {
    if (itemOptionIds.length === 0) return;
    await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.itemOptionId, itemOptionIds)));
  }
}
