import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
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
   * one statement, so two adds racing cannot pass the limit together. False when refused.
   */
  async addWithin(
    userId: string,
    itemId: number,
    itemOptionId: number,
    quantity: number,
    limit: number,
  ): Promise<boolean> {
    const rows = await this.db
      .insert(cartItems)
      .values({ userId, itemId, itemOptionId, quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.itemOptionId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: new Date() },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
      })
      .returning({ quantity: cartItems.quantity });
    return rows.length > 0;
  }

  async removeOptions(userId: string, itemOptionIds: number[]): Promise<void> {
    if (itemOptionIds.length === 0) return;
    await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.itemOptionId, itemOptionIds)));
  }

  /** Takes units off a line and drops it when none are left; false when the line is not in the bag. */
  async removeUnits(userId: string, itemOptionId: number, quantity: number): Promise<boolean> {
    const line = and(eq(cartItems.userId, userId), eq(cartItems.itemOptionId, itemOptionId));
    const emptied = await this.db
      .delete(cartItems)
      .where(and(line, lte(cartItems.quantity, quantity)))
      .returning({ id: cartItems.id });
    if (emptied.length > 0) return true;
    const reduced = await this.db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - ${quantity}`, updatedAt: new Date() })
      .where(and(line, gt(cartItems.quantity, quantity)))
      .returning({ id: cartItems.id });
    return reduced.length > 0;
  }
}
