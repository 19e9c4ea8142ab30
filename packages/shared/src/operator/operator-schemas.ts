import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { msg } from '../i18n/msg';
import {
  OPERATOR_ACTIONS,
  OPERATOR_MESSAGES,
  MONEY_RANGE_MAX_WEEKS,
  REASON_MAX_LENGTH,
  STORE_STATUSES,
} from './operator';
import { TEXT_MESSAGES, plainText } from '../text';

// The console's zod schemas, apart from operator.ts so that pages which only read its words do not load zod.

const DAY_MS = 24 * 60 * 60 * 1000;

// The message plainText builds from the field's label, recorded for the catalogs.
msg(TEXT_MESSAGES.invisible('Reason'));

const reason = plainText('Reason', { multiline: true, required: OPERATOR_MESSAGES.reasonRequired })
  .min(1, OPERATOR_MESSAGES.reasonRequired)
  .max(REASON_MAX_LENGTH, OPERATOR_MESSAGES.reasonTooLong);

/** The reason every brand and review decision carries (mailed, and kept in the audit log). */
export const operatorReasonSchema = z.object({ reason }).strict();
export type OperatorReasonInput = z.infer<typeof operatorReasonSchema>;

/** Approving a store (issue 39.4): a reason may be given (it is mailed then), none is needed. */
export const operatorOptionalReasonSchema = z
  .object({
    reason: plainText('Reason', { multiline: true })
      .max(REASON_MAX_LENGTH, OPERATOR_MESSAGES.reasonTooLong)
      .default(''),
  })
  .strict();

/** POST /item-review/:reviewId/report: a shopper's report, with its reason. */
export const reviewReportSchema = operatorReasonSchema;

export const operatorStoreParamsSchema = z.object({ storeId: z.uuid() });
export const operatorReviewParamsSchema = z.object({
  reviewId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const brandListQuerySchema = z
  .object({
    status: z.enum(STORE_STATUSES).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type BrandListQuery = z.infer<typeof brandListQuerySchema>;

const currency = z.enum(CURRENCIES);
const amount = z.object({ currency, amount: z.number() });

export const operatorBrandSchema = z.object({
  storeId: z.string(),
  name: z.string(),
  city: z.string(),
  status: z.enum(STORE_STATUSES),
  ownerUserName: z.string(),
  createdAt: z.string(),
  /** Products not deleted, listed or not. */
  products: z.number().int(),
  /** Store orders placed. */
  orders: z.number().int(),
  /** Goods sold (before refunds, tax and shipping excluded), per currency. */
  sales: z.array(amount),
  /**
   * Delivered store orders with a refund made after their delivery, out of the delivered ones
   * (0 to 1; 0 with none delivered). Counts refunds of returned items once returns land.
   */
  returnsRate: z.number(),
});
export type OperatorBrand = z.infer<typeof operatorBrandSchema>;

export const operatorBrandPageSchema = z.object({
  brands: z.array(operatorBrandSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OperatorBrandPage = z.infer<typeof operatorBrandPageSchema>;

export const reportedReviewSchema = z.object({
  reviewId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  authorUserName: z.string(),
  displayName: z.string(),
  rating: z.number().int(),
  fitScore: z.number().int(),
  comment: z.string(),
  /** Open reports, oldest first. */
  reports: z.array(z.object({ reason: z.string(), createdAt: z.string() })),
  firstReportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;

export const reportedReviewPageSchema = z.object({
  reviews: z.array(reportedReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportedReviewPage = z.infer<typeof reportedReviewPageSchema>;

export const reportQueueQuerySchema = z
  .object({ page: z.coerce.number().int().min(1).max(10_000).default(1) })
  .strict();

/** GET /operator/audit-log: a page of it, or (`format=csv`) the whole log as a download. */
export const auditLogQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict();

export const operatorActionSchema = z.object({
  id: z.number().int(),
  operatorUserName: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  subjectType: z.enum(['store', 'review']),
  subjectId: z.string(),
  subjectName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type OperatorActionEntry = z.infer<typeof operatorActionSchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(operatorActionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const moneyWeekSchema = z.object({
  /** The Monday starting the week (UTC); the first and last weeks may be cut by the range. */
  week: z.string(),
  currency,
  /** Goods and shipping charged on orders placed that week, tax excluded, before refunds. */
  gmv: z.number(),
  orders: z.number().int(),
  /** Payment fee and marketplace fee of those orders' store orders (spec 9, as the payouts). */
  commission: z.number(),
  /** Tax charged on those orders (the tax report's "collected"). */
  taxCollected: z.number(),
  /** Refunds that went through that week, tax included, whatever the order's date. */
  refunds: z.number(),
  /** Returns opened that week (buyers' return requests), whatever the order's date. */
  returns: z.number().int(),
});
export type MoneyWeek = z.infer<typeof moneyWeekSchema>;

export const overdueReturnSchema = z.object({
  returnId: z.string(),
  reference: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  buyerUserName: z.string(),
  receivedAt: z.string(),
  refundDueBy: z.string(),
  amount: z.number(),
  currency,
});

export const moneyAtAGlanceSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Week by week, oldest first; one row per currency with anything that week. */
  weeks: z.array(moneyWeekSchema),
  /** Refunds owed on received returns past their due date, oldest first. */
  overdueReturns: z.array(overdueReturnSchema),
});
export type MoneyAtAGlance = z.infer<typeof moneyAtAGlanceSchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, OPERATOR_MESSAGES.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), OPERATOR_MESSAGES.date);

/** GET /operator/money: whole UTC days, `from` inclusive, `to` exclusive, as the tax report. */
export const moneyQuerySchema = z
  .object({ from: day, to: day })
  .strict()
  .refine((q) => q.from < q.to, { message: OPERATOR_MESSAGES.order, path: ['to'] })
  .refine(
    (q) =>
      Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <=
      MONEY_RANGE_MAX_WEEKS * 7 * DAY_MS,
    { message: OPERATOR_MESSAGES.rangeTooLong, path: ['to'] },
  );
export type MoneyQuery = z.infer<typeof moneyQuerySchema>;
