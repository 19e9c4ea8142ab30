import {
  Conflict,
  EMPTY_REVIEW_SUMMARY,
  Forbidden,
  NEW_ACCOUNT_HOURS,
  NEW_ACCOUNT_REVIEWS_PER_DAY,
  NotFound,
  REVIEWS_PER_DAY,
  OPERATOR_MESSAGES,
  OPERATOR_PAGE_SIZE,
  REVIEW_MESSAGES,
  TooManyRequests,
  type ReportedReviewPage,
  fitAdvice,
  reviewDisplayName,
  type CreateReviewInput,
  type Review,
  type ReviewSummary,
  type UpdateReviewInput,
} from '@marketplace/shared';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/client';
import type { ItemsService } from '../items/items.service';
import type { StoresService } from '../stores/stores.service';
import type { UsersService } from '../users/users.service';
import { NO_REVIEWS, type ReviewRow, type ReviewsRepository } from './reviews.repository';

/** Which of these users received the item: the orders module answers (it owns those tables). */
export interface PurchaseLookup {
  receivedBy(itemId: number, userIds: string[]): Promise<Set<string>>;
}

/** Fit votes that returns give a product ("runs small" 1, "runs large" 5): the returns module answers. */
export interface ReturnFitVotes {
  fitVotes(itemId: number): Promise<{ userId: string; fitScore: number }[]>;
}

export class ReviewsService {
  constructor(
    private readonly repository: ReviewsRepository,
    private readonly users: UsersService,
    private readonly items: ItemsService,
    private readonly stores: StoresService,
    private readonly orders: PurchaseLookup,
    private readonly returns: ReturnFitVotes,
  ) {}

  /** viewerUserName: the signed-in caller, if any, whose own review is marked `mine`. */
  async listForItem(itemId: number, viewerUserName?: string): Promise<Review[]> {
    const rows = await this.repository.listForItem(itemId);
    if (rows.length === 0) return [];
    const buyers = await this.orders.receivedBy(itemId, [...new Set(rows.map((r) => r.userId))]);
    const viewer = viewerUserName?.toLowerCase();
    return rows.map((row) =>
      toReview(row, buyers.has(row.userId), row.userName.toLowerCase() === viewer),
    );
  }

  /**
   * Ratings from everyone who reviewed (and apart, from those who received it: what search
   * engines are shown); fit advice from those who received it only, and from
   * fit returns (a "runs small" return is a vote of 1), one vote per buyer: a buyer's verified
   * review speaks for them over their return.
   */
  async summary(itemId: number): Promise<ReviewSummary> {
    const authors = await this.repository.authorsOf(itemId);
    const verified = authors.length
      ? await this.orders.receivedBy(itemId, authors)
      : new Set<string>();
    const returnVotes = (await this.returns.fitVotes(itemId)).filter(
      (v) => !verified.has(v.userId),
    );
    const {
      count,
      averageRating,
      averageFit,
      verifiedCount,
      verifiedAverageRating,
      verifiedFitSum,
    } = authors.length === 0 ? NO_REVIEWS : await this.repository.summary(itemId, [...verified]);
    const votes = verifiedCount + returnVotes.length;
    const fitSum = verifiedFitSum + returnVotes.reduce((sum, v) => sum + v.fitScore, 0);
    const advice = votes === 0 ? null : fitAdvice(fitSum / votes, votes);
    if (count === 0) return { itemId, ...EMPTY_REVIEW_SUMMARY, fitAdvice: advice };
    return {
      itemId,
      count,
      verifiedCount,
      averageRating: averageRating ?? EMPTY_REVIEW_SUMMARY.averageRating,
      verifiedAverageRating: verifiedAverageRating ?? EMPTY_REVIEW_SUMMARY.verifiedAverageRating,
      averageFit: averageFit ?? EMPTY_REVIEW_SUMMARY.averageFit,
      fitAdvice: advice,
    };
  }

  async create(userName: string, input: CreateReviewInput): Promise<Review> {
    const storeId = await this.items.storeOfListed(input.itemId);
    const author = await this.users.publicIdentity(userName);
    // A brand rating its own products would mislead shoppers.
    if ((await this.stores.storeIdOfUser(author.userId)) === storeId)
      throw new Forbidden(REVIEW_MESSAGES.ownProduct);
    if (await this.repository.findByAuthor(input.itemId, author.userId)) {
      throw new Conflict(REVIEW_MESSAGES.alreadyReviewed);
    }
    const isNew = Date.now() - author.createdAt.getTime() < NEW_ACCOUNT_HOURS * 60 * 60 * 1000;
    try {
      const outcome = await this.repository.insertWithinDailyLimit(
        {
          itemId: input.itemId,
          userId: author.userId,
          userName: author.userName,
          displayName: reviewDisplayName(author.firstName, author.lastName),
          rating: input.rating,
          fitScore: input.fitScore,
          comment: input.comment,
        },
        isNew ? NEW_ACCOUNT_REVIEWS_PER_DAY : REVIEWS_PER_DAY,
      );
      if ('retryAt' in outcome) {
        throw new TooManyRequests(
          isNew ? REVIEW_MESSAGES.newAccountDailyLimit : REVIEW_MESSAGES.dailyLimit,
          Math.max(1, Math.ceil((outcome.retryAt.getTime() - Date.now()) / 1000)),
        );
      }
      return this.withPurchase(outcome.row);
    } catch (error) {
      // Two submissions at once both pass the check; the unique index keeps one.
      if (databaseErrorOf(error).code === UNIQUE_VIOLATION)
        throw new Conflict(REVIEW_MESSAGES.alreadyReviewed);
      throw error;
    }
  }

  async update(userName: string, input: UpdateReviewInput): Promise<Review> {
    const { row, author } = await this.ownReview(userName, input.reviewId);
    // A product taken off sale takes no new words either (404, as for a new review).
    await this.items.storeOfListed(row.itemId);
    const updated = await this.repository.update(row.id, {
      rating: input.rating,
      fitScore: input.fitScore,
      comment: input.comment,
      displayName: reviewDisplayName(author.firstName, author.lastName),
    });
    return this.withPurchase(updated);
  }

  async delete(userName: string, reviewId: number): Promise<void> {
    const { row } = await this.ownReview(userName, reviewId);
    await this.repository.delete(row.id);
  }

  /**
   * A shopper reports a review (issue 17): once per user per review (409 the second time), not
   * their own (403); a hidden review is not found.
   */
  async report(userName: string, reviewId: number, reason: string): Promise<void> {
    const row = await this.repository.findById(reviewId);
    if (!row || row.hiddenAt) throw new NotFound(REVIEW_MESSAGES.notFound);
    const reporter = await this.users.accountId(userName);
    if (row.userId === reporter) throw new Forbidden(OPERATOR_MESSAGES.ownReview);
    if (!(await this.repository.addReport(reviewId, reporter, reason)))
      throw new Conflict(OPERATOR_MESSAGES.alreadyReported);
  }

  /** The console's queue: reviews with open reports, the longest waiting first. */
  async reportedPage(page: number): Promise<ReportedReviewPage> {
    const pageSize = OPERATOR_PAGE_SIZE;
    const { reviewIds, total } = await this.repository.reportedPage(
      pageSize,
      (page - 1) * pageSize,
    );
    const ids = reviewIds.map((r) => r.reviewId);
    const [rows, reports] = await Promise.all([
      this.repository.findByIds(ids),
      this.repository.openReportsOf(ids),
    ]);
    const names = await this.items.namesOf([...new Set(rows.map((r) => r.itemId))]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      reviews: reviewIds.flatMap(({ reviewId, firstReportedAt }) => {
        const row = byId.get(reviewId);
        if (!row) return [];
        return [
          {
            reviewId,
            itemId: row.itemId,
            itemName: names.get(row.itemId) ?? '',
            authorUserName: row.userName,
            displayName: row.displayName,
            rating: row.rating,
            fitScore: row.fitScore,
            comment: row.comment,
            reports: reports
              .filter((report) => report.reviewId === reviewId)
              .map((report) => ({
                reason: report.reason,
                createdAt: report.createdAt.toISOString(),
              })),
            firstReportedAt: firstReportedAt.toISOString(),
          },
        ];
      }),
      total,
      page,
      pageSize,
    };
  }

  /**
   * An operator hides or keeps a reported review: its open reports are resolved (409 when it
   * has none). Answers what the author's email and the audit log need.
   */
  async decide(
    reviewId: number,
    resolution: 'HIDDEN' | 'KEPT',
  ): Promise<{ authorId: string; itemId: number; itemName: string; comment: string }> {
    const row = await this.repository.findById(reviewId);
    if (!row) throw new NotFound(REVIEW_MESSAGES.notFound);
    if (!(await this.repository.resolveReports(reviewId, resolution)))
      throw new Conflict(OPERATOR_MESSAGES.notReported);
    const names = await this.items.namesOf([row.itemId]);
    return {
      authorId: row.userId,
      itemId: row.itemId,
      itemName: names.get(row.itemId) ?? '',
      comment: row.comment,
    };
  }

  /** Only the author edits or deletes a review (403 for anyone else). */
  private async ownReview(userName: string, reviewId: number) {
    const row = await this.repository.findById(reviewId);
    if (!row) throw new NotFound(REVIEW_MESSAGES.notFound);
    const author = await this.users.publicIdentity(userName);
    if (row.userId !== author.userId) throw new Forbidden(REVIEW_MESSAGES.notYours);
    return { row, author };
  }

  private async withPurchase(row: ReviewRow): Promise<Review> {
    const buyers = await this.orders.receivedBy(row.itemId, [row.userId]);
    // Only the author creates or edits a review: the answer is always theirs.
    return toReview(row, buyers.has(row.userId), true);
  }
}

function toReview(row: ReviewRow, verifiedPurchase: boolean, mine: boolean): Review {
  return {
    reviewId: row.id,
    itemId: row.itemId,
    displayName: row.displayName,
    mine,
    rating: row.rating,
    fitScore: row.fitScore,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    verifiedPurchase,
  };
}
