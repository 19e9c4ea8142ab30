import type { FastifyBaseLogger } from 'fastify';
import {
  Conflict,
  NotFound,
  EMAIL_MESSAGES,
  OPERATOR_MESSAGES,
  OPERATOR_PAGE_SIZE,
  auditLogCsv,
  weekOf,
  type AuditLogPage,
  type MoneyAtAGlance,
  type MoneyQuery,
  type MoneyWeek,
  type OperatorAction,
  type OperatorActionEntry,
  type OperatorBrand,
  type OperatorBrandPage,
  type ReportedReviewPage,
  type StoreStatus,
} from '@marketplace/shared';
import { mailLanguage, type MailLanguage } from '../../providers/mail/mail-language';
import type { Mailer } from '../../providers/mail/mailer';
import type { ItemsService } from '../items/items.service';
import type { MarketplaceFigures } from './marketplace-figures.repository';
import type { ReturnsOpened, ReturnsService } from '../returns/returns.service';
import type { ReviewsService } from '../reviews/reviews.service';
import type { StoreStanding, StoresService } from '../stores/stores.service';
import type { UsersService } from '../users/users.service';
import type { OperatorActionRow, OperatorRepository } from './operator.repository';

export interface OperatorDeps {
  repository: OperatorRepository;
  users: UsersService;
  stores: StoresService;
  items: ItemsService;
  reviews: ReviewsService;
  /** Overdue refunds and returns opened per week, for the money page. */
  returns: Pick<ReturnsService, 'overdue' | 'openedPerWeek'>;
  figures: MarketplaceFigures;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** What each brand decision moves the store from and to, and what the owner is told. */
const BRAND_DECISIONS = {
  approve: {
    action: 'APPROVE_STORE',
    from: ['PENDING'],
    to: 'ACTIVE',
    refused: OPERATOR_MESSAGES.notPending,
    subject: EMAIL_MESSAGES.approvedSubject,
    body: EMAIL_MESSAGES.approvedBody,
  },
  decline: {
    action: 'DECLINE_STORE',
    from: ['PENDING'],
    to: 'DECLINED',
    refused: OPERATOR_MESSAGES.notPendingDecline,
    subject: EMAIL_MESSAGES.declinedSubject,
    body: EMAIL_MESSAGES.declinedBody,
  },
  suspend: {
    action: 'SUSPEND_STORE',
    from: ['ACTIVE', 'PENDING'],
    to: 'SUSPENDED',
    refused: OPERATOR_MESSAGES.alreadySuspended,
    subject: EMAIL_MESSAGES.suspendedSubject,
    body: EMAIL_MESSAGES.suspendedBody,
  },
  reinstate: {
    action: 'REINSTATE_STORE',
    from: ['SUSPENDED'],
    to: 'ACTIVE',
    refused: OPERATOR_MESSAGES.notSuspended,
    subject: EMAIL_MESSAGES.reinstatedSubject,
    body: EMAIL_MESSAGES.reinstatedBody,
  },
} as const satisfies Record<
  string,
  {
    action: OperatorAction;
    from: readonly StoreStatus[];
    to: StoreStatus;
    refused: string;
    /** Messages with the store's name as {storeName}. */
    subject: string;
    body: string;
  }
>;
export type BrandDecision = keyof typeof BRAND_DECISIONS;

/**
 * The orders' weeks with the returns opened in each, every week of [from, to) for each currency
 * with anything in the range: a week with nothing is a row of zeros, not skipped (issue 39.19),
 * so the chart's gaps are weeks. Oldest first, then by currency, as the orders' weeks.
 */
function withReturns(
  weeks: Omit<MoneyWeek, 'returns'>[],
  opened: ReturnsOpened[],
  from: Date,
  to: Date,
): MoneyWeek[] {
  const key = (row: { week: string; currency: string }) => `${row.week}|${row.currency}`;
  const empty = (week: string, currency: MoneyWeek['currency']): MoneyWeek => ({
    week,
    currency,
    gmv: 0,
    orders: 0,
    commission: 0,
    taxCollected: 0,
    refunds: 0,
    returns: 0,
  });
  const rows = new Map<string, MoneyWeek>(
    weeks.map((week) => [key(week), { ...week, returns: 0 }]),
  );
  for (const { week, currency, returns } of opened) {
    const row = rows.get(key({ week, currency })) ?? empty(week, currency);
    row.returns += returns;
    rows.set(key(row), row);
  }
  const currencies = new Set([...rows.values()].map((row) => row.currency));
  for (
    let monday = Date.parse(`${weekOf(from)}T00:00:00Z`);
    monday < to.getTime();
    monday += WEEK_MS
  ) {
    const week = new Date(monday).toISOString().slice(0, 10);
    for (const currency of currencies)
      if (!rows.has(key({ week, currency })))
        rows.set(key({ week, currency }), empty(week, currency));
  }
  return [...rows.values()].sort(
    (a, b) => a.week.localeCompare(b.week) || a.currency.localeCompare(b.currency),
  );
}

const WEEK_MS = 7 * 86_400_000;

const auditEntry = (row: OperatorActionRow): OperatorActionEntry => ({
  id: row.id,
  operatorUserName: row.operatorUserName,
  action: row.action as OperatorAction,
  subjectType: row.subjectType as 'store' | 'review',
  subjectId: row.subjectId,
  subjectName: row.subjectName,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The operator's console (issue 17). It keeps only the audit log itself; brands, reviews and
 * figures are the stores, items, reviews and orders modules' own, asked through their services.
 */
export class OperatorService {
  constructor(private readonly deps: OperatorDeps) {}

  async brands(query: { status?: StoreStatus; page: number }): Promise<OperatorBrandPage> {
    const pageSize = OPERATOR_PAGE_SIZE;
    const { stores, total } = await this.deps.stores.standingsPage(
      query.status,
      pageSize,
      (query.page - 1) * pageSize,
    );
    return { brands: await this.describe(stores), total, page: query.page, pageSize };
  }

  /**
   * Approve, decline, suspend or reinstate: 404 for no such store, 409 when it is not in a state
   * to. `reason` is empty only for an approval (issue 39.4): the mail then gives none.
   */
  async decideBrand(
    operatorUserName: string,
    storeId: string,
    decision: BrandDecision,
    reason: string,
  ): Promise<OperatorBrand> {
    const rule = BRAND_DECISIONS[decision];
    const store = await this.deps.stores.standingOf(storeId);
    if (!store) throw new NotFound(OPERATOR_MESSAGES.storeNotFound);
    const moved = await this.deps.stores.moveStatus(storeId, rule.from, rule.to);
    if (!moved) throw new Conflict(rule.refused);
    await this.record(operatorUserName, rule.action, 'store', moved.id, moved.name, reason);
    await this.tell(moved.ownerId, (t) => ({
      subject: t(rule.subject, { storeName: moved.name }),
      paragraphs: [
        t(rule.body, { storeName: moved.name }),
        ...(reason ? [t(EMAIL_MESSAGES.operatorReason, { reason })] : []),
      ],
    }));
    const [brand] = await this.describe([moved]);
    return brand!;
  }

  reportedReviews(page: number): Promise<ReportedReviewPage> {
    return this.deps.reviews.reportedPage(page);
  }

  /** Hide or keep a reported review; its author is told either way. */
  async decideReview(
    operatorUserName: string,
    reviewId: number,
    decision: 'hide' | 'keep',
    reason: string,
  ): Promise<void> {
    const hide = decision === 'hide';
    const review = await this.deps.reviews.decide(reviewId, hide ? 'HIDDEN' : 'KEPT');
    await this.record(
      operatorUserName,
      hide ? 'HIDE_REVIEW' : 'KEEP_REVIEW',
      'review',
      String(reviewId),
      review.itemName,
      reason,
    );
    const { itemName } = review;
    await this.tell(review.authorId, (t) => ({
      subject: t(hide ? EMAIL_MESSAGES.reviewHiddenSubject : EMAIL_MESSAGES.reviewKeptSubject, {
        itemName,
      }),
      paragraphs: [
        t(hide ? EMAIL_MESSAGES.reviewHiddenBody : EMAIL_MESSAGES.reviewKeptBody, { itemName }),
        t(EMAIL_MESSAGES.operatorReason, { reason }),
        t(EMAIL_MESSAGES.yourReview, { comment: review.comment }),
      ],
    }));
  }

  async money(query: MoneyQuery): Promise<MoneyAtAGlance> {
    const from = new Date(`${query.from}T00:00:00.000Z`);
    const to = new Date(`${query.to}T00:00:00.000Z`);
    const [weeks, opened, overdue] = await Promise.all([
      this.deps.figures.weeks(from, to),
      this.deps.returns.openedPerWeek(from, to),
      this.deps.returns.overdue(),
    ]);
    return {
      from: query.from,
      to: query.to,
      weeks: withReturns(weeks, opened, from, to),
      overdueReturns: [...overdue].sort(
        (a, b) =>
          a.refundDueBy.localeCompare(b.refundDueBy) || a.receivedAt.localeCompare(b.receivedAt),
      ),
    };
  }

  async auditLog(page: number): Promise<AuditLogPage> {
    const pageSize = OPERATOR_PAGE_SIZE;
    const { rows, total } = await this.deps.repository.page(pageSize, (page - 1) * pageSize);
    return { entries: rows.map(auditEntry), total, page, pageSize };
  }

  /** GET /operator/audit-log?format=csv: the whole log, newest first (issue 39.20). */
  async auditLogCsv(): Promise<string> {
    return auditLogCsv((await this.deps.repository.all()).map(auditEntry));
  }

  /** Each figure in one query for the whole page (no query per store). */
  private async describe(stores: StoreStanding[]): Promise<OperatorBrand[]> {
    const ids = stores.map((s) => s.id);
    const [products, figures, owners] = await Promise.all([
      this.deps.items.countByStore(ids),
      this.deps.figures.brands(ids),
      this.deps.users.userNamesOf([...new Set(stores.map((s) => s.ownerId))]),
    ]);
    return stores.map((store) => {
      const brand = figures.get(store.id);
      return {
        storeId: store.id,
        name: store.name,
        city: store.city,
        status: store.status,
        ownerUserName: owners.get(store.ownerId) ?? '',
        createdAt: store.createdAt.toISOString(),
        products: products.get(store.id) ?? 0,
        orders: brand?.orders ?? 0,
        sales: brand?.sales ?? [],
        returnsRate:
          brand && brand.delivered > 0
            ? Math.round((brand.refundedAfterDelivery / brand.delivered) * 1000) / 1000
            : 0,
      };
    });
  }

  private async record(
    operatorUserName: string,
    action: OperatorAction,
    subjectType: 'store' | 'review',
    subjectId: string,
    subjectName: string,
    reason: string,
  ): Promise<void> {
    await this.deps.repository.record({
      operatorId: await this.deps.users.accountId(operatorUserName),
      operatorUserName,
      action,
      subjectType,
      subjectId,
      subjectName,
      reason,
    });
  }

  /** The decision stands even if its email fails; the failure is logged (the outbox keeps the rest). */
  private async tell(
    userId: string,
    write: (t: MailLanguage['t']) => { subject: string; paragraphs: string[] },
  ): Promise<void> {
    try {
      const contact = await this.deps.users.contactOf(userId);
      if (!contact) return;
      // In the owner's saved language: the operator's own page language is not theirs.
      const { t } = mailLanguage(contact.locale);
      const { subject, paragraphs } = write(t);
      await this.deps.mailer.send({
        to: contact.email,
        subject,
        text: t(EMAIL_MESSAGES.operatorMail, {
          firstName: contact.firstName,
          text: paragraphs.join('\n\n'),
        }),
      });
    } catch (error) {
      this.deps.log.error({ err: error, userId }, 'operator decision mail failed');
    }
  }
}
