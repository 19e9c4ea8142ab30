import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = Pick<
  ReviewRow,
  'itemId' | 'userId' | 'userName' | 'displayName' | 'rating' | 'fitScore' | 'comment'
>;

export class ReviewsRepository {
  constructor(private readonly db: Db) {}

  /** One query, served by reviews_item_id_created_at_idx. */
  listForItem(itemId: number): Promise<ReviewRow[]> {
    return this.db
      .select()
      .from(reviews)
      .where(eq(reviews.itemId, itemId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
  }

  async findById(id: number): Promise<ReviewRow | undefined> {
    const [row] = await this.db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
    return row;
  }

  async findByAuthor(itemId: number, userId: string): Promise<ReviewRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.itemId, itemId), eq(reviews.userId, userId)))
      .limit(1);
    return row;
  }

  async insert(review: NewReview): Promise<ReviewRow> {
    const [row] = await this.db.insert(reviews).values(review).returning();
    return row!;
  }

  async update(
    id: number,
    fields: Pick<ReviewRow, 'rating' | 'fitScore' | 'comment' | 'displayName'>,
  ): Promise<ReviewRow> {
    const [row] = await this.db
      .update(reviews)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(reviews.id, id))
      .returning();
    return row!;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(reviews).where(eq(reviews.id, id));
  }

  /** Averages computed by the database, rounded to one decimal. */
  async summary(
    itemId: number,
  ): Promise<{ count: number; averageRating: number | null; averageFit: number | null }> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        averageRating: sql<number | null>`round(avg(${reviews.rating}), 1)::float8`,
        averageFit: sql<number | null>`round(avg(${reviews.fitScore}), 1)::float8`,
      })
      .from(reviews)
      .where(eq(reviews.itemId, itemId));
    return row ?? { count: 0, averageRating: null, averageFit: null };
  }
}
