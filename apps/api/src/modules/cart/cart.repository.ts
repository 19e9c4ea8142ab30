import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartItems } from '../../db/schema';

export type CartLineRow = Pick<
  typeof cartItems.$inferSelect,
  'itemId' | 'itemOptionId' | 'quantity'
>;

export class CartRepository {
  constructor(private readonly db: Db) {}

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

  /**
   * Adds to the line, or creates it, only while the new quantity stays within `limit`:
   * one statement, so two adds racing cannot pass the limit together. The line's new
   * quantity, or false when refused.
   */
  async addWithin(
    userId: string,
    itemId: number,
    itemOptionId: number,
    quantity: number,
    limit: number,
  ): Promise<number | false> {
    const rows = await this.db
      .insert(cartItems)
      .values({ userId, itemId, itemOptionId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.itemOptionId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: new Date() },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
      })
      .returning({ quantity: cartItems.quantity });
    return rows[0]?.quantity ?? false;
  }

  async removeOptions(userId: string, itemOptionIds: number[]): Promise<void> {
    if (itemOptionIds.length === 0) return;
    await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.itemOptionId, itemOptionIds)));
  }

  /**
   * Takes units off a line and drops it when none are left, in one statement (both arms see
   * the same snapshot and exclude each other). The units left (0: dropped), or null when the
   * line is not in the bag.
   */
  async removeUnits(
    userId: string,
    itemOptionId: number,
    quantity: number,
  ): Promise<number | null> {
    const line = and(eq(cartItems.userId, userId), eq(cartItems.itemOptionId, itemOptionId));
    const result = await this.db.execute(sql`
      with emptied as (
        delete from ${cartItems} where ${line} and ${cartItems.quantity} <= ${quantity}
        returning 0 as quantity
      ), reduced as (
        update ${cartItems} set quantity = quantity - ${quantity}, updated_at = now()
        where ${line} and ${cartItems.quantity} > ${quantity}
        returning quantity
      )
      select quantity from emptied union all select quantity from reduced`);
    const [row] = (result as unknown as { rows: { quantity: number }[] }).rows;
    return row ? Number(row.quantity) : null;
  }
}
