import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviewReports, reviews } from '../../db/schema';

/** Hidden reviews (issue 17) leave every public read: lists, averages, fit advice. */
const shown = isNull(reviews.hiddenAt);
export type ReviewReportRow = typeof reviewReports.$inferSelect;

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReview = Pick<
  ReviewRow,
  'itemId' | 'userId' | 'userName' | 'displayName' | 'rating' | 'fitScore' | 'comment'
>;

/** A product's review summary row before anyone has reviewed it. */
export const NO_REVIEWS = {
  count: 0,
  averageRating: null,
  averageFit: null,
  verifiedCount: 0,
  verifiedAverageRating: null,
  verifiedFitSum: 0,
} as const;

export class ReviewsRepository {
  constructor(private readonly db: Db) {}

  /** One query, served by reviews_item_id_created_at_idx. */
  listForItem(itemId: number): Promise<ReviewRow[]> {
    return this.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.itemId, itemId), shown))
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

  /**
   * Inserts the review unless its author already wrote `limit` reviews in the last 24 hours;
   * then answers when the oldest of those leaves the window. The author's rows are counted
   * under a lock on the author, so requests sent at once cannot together pass the limit.
   */
  async insertWithinDailyLimit(
    review: NewReview,
    limit: number,
  ): Promise<{ row: ReviewRow } | { retryAt: Date }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`reviews:${review.userId}`}, 0))`,
      );
      const recent = await tx
        .select({ createdAt: reviews.createdAt })
        .from(reviews)
        .where(
          and(
            eq(reviews.userId, review.userId),
            gt(reviews.createdAt, sql`now() - interval '24 hours'`),
          ),
        )
        .orderBy(desc(reviews.createdAt))
        .limit(limit);
      if (recent.length >= limit) {
        const oldest = recent[recent.length - 1]!.createdAt;
        return { retryAt: new Date(oldest.getTime() + 24 * 60 * 60 * 1000) };
      }
      const [row] = await tx.insert(reviews).values(review).returning();
      return { row: row! };
    });
  }

  /** Everyone who reviewed the item. */
  async authorsOf(itemId: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: reviews.userId })
      .from(reviews)
      .where(and(eq(reviews.itemId, itemId), shown));
    return rows.map((r) => r.userId);
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

  /**
   * Averages computed by the database, rounded to one decimal: over every review, and the
   * rating and fit over the reviews of `verifiedUserIds` alone.
   */
  async summary(
    itemId: number,
    verifiedUserIds: string[],
  ): Promise<{
    count: number;
    averageRating: number | null;
    averageFit: number | null;
    verifiedCount: number;
    verifiedAverageRating: number | null;
    /** The verified reviews' fit scores added up (the fit advice averages them with returns'). */
    verifiedFitSum: number;
  }> {
    const verified = verifiedUserIds.length ? inArray(reviews.userId, verifiedUserIds) : sql`false`;
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        averageRating: sql<number | null>`round(avg(${reviews.rating}), 1)::float8`,
        averageFit: sql<number | null>`round(avg(${reviews.fitScore}), 1)::float8`,
        verifiedCount: sql<number>`(count(*) filter (where ${verified}))::int`,
        verifiedAverageRating: sql<
          number | null
        >`round(avg(${reviews.rating}) filter (where ${verified}), 1)::float8`,
        verifiedFitSum: sql<number>`coalesce(sum(${reviews.fitScore}) filter (where ${verified}), 0)::int`,
      })
      .from(reviews)
      .where(and(eq(reviews.itemId, itemId), shown));
    return row ?? NO_REVIEWS;
  }

  /** Adds a report; false when this user already reported the review (the unique key decides). */
  async addReport(reviewId: number, userId: string, reason: string): Promise<boolean> {
    const rows = await this.db
      .insert(reviewReports)
      .values({ reviewId, userId, reason })
      .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.userId] })
      .returning({ id: reviewReports.id });
    return rows.length > 0;
  }

  /** A page of reviews with open reports, the longest waiting first (review_reports_open_created_at_idx). */
  async reportedPage(
    limit: number,
    offset: number,
  ): Promise<{ reviewIds: { reviewId: number; firstReportedAt: Date }[]; total: number }> {
    const open = isNull(reviewReports.resolvedAt);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          reviewId: reviewReports.reviewId,
          firstReportedAt: sql<Date>`min(${reviewReports.createdAt})`.mapWith(
            (value: string | Date) => new Date(value),
          ),
        })
        .from(reviewReports)
        .where(open)
        .groupBy(reviewReports.reviewId)
        .orderBy(asc(sql`min(${reviewReports.createdAt})`), asc(reviewReports.reviewId))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ count: sql<number>`count(distinct ${reviewReports.reviewId})::int` })
        .from(reviewReports)
        .where(open),
    ]);
    return { reviewIds: rows, total: counted?.count ?? 0 };
  }

  findByIds(ids: number[]): Promise<ReviewRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select().from(reviews).where(inArray(reviews.id, ids));
  }

  /** The open reports of these reviews, oldest first (review_reports_review_id_user_id_key). */
  openReportsOf(reviewIds: number[]): Promise<ReviewReportRow[]> {
    if (reviewIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(reviewReports)
      .where(and(inArray(reviewReports.reviewId, reviewIds), isNull(reviewReports.resolvedAt)))
      .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id));
  }

  /**
   * An operator's decision: resolves every open report of the review and, to hide it, hides it,
   * in one transaction. False when it had no open report (decided already, or never reported).
   */
  async resolveReports(reviewId: number, resolution: 'HIDDEN' | 'KEPT'): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const resolved = await tx
        .update(reviewReports)
        .set({ resolution, resolvedAt: new Date() })
        .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
        .returning({ id: reviewReports.id });
      if (resolved.length === 0) return false;
      if (resolution === 'HIDDEN')
        await tx.update(reviews).set({ hiddenAt: new Date() }).where(eq(reviews.id, reviewId));
      return true;
    });
  }
}
