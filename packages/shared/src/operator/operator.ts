import { msg } from '../i18n/msg';

/**
 * The operator's console (issue 17): brands, reported reviews and money at a glance. Routes
 * live under /api/operator/ and are operator-only (MESSAGES.operatorOnly).
 */

/** A store's standing: only an ACTIVE store's products are listed. */
/** DECLINED (issue 39.4): an operator turned the application down; it stays unlisted. */
export const STORE_STATUSES = ['ACTIVE', 'PENDING', 'SUSPENDED', 'DECLINED'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** STORE_APPROVAL: 'open' (default): a new store is active at once; 'required': it waits for an operator. */
export const STORE_APPROVAL_MODES = ['open', 'required'] as const;
export type StoreApprovalMode = (typeof STORE_APPROVAL_MODES)[number];

export const OPERATOR_ACTIONS = [
  'APPROVE_STORE',
  'DECLINE_STORE',
  'SUSPEND_STORE',
  'REINSTATE_STORE',
  'HIDE_REVIEW',
  'KEEP_REVIEW',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const REASON_MAX_LENGTH = 500;

export const OPERATOR_MESSAGES = {
  reasonRequired: msg('Give a reason.'),
  reasonTooLong: msg(`A reason must be at most ${REASON_MAX_LENGTH} characters.`),
  storeNotFound: msg('Store not found.'),
  notPending: msg('Only a store waiting for approval can be approved.'),
  notPendingDecline: msg('Only a store waiting for approval can be declined.'),
  alreadySuspended: msg('This store is already suspended.'),
  notSuspended: msg('Only a suspended store can be reinstated.'),
  notReported: msg('This review has no open report.'),
  alreadyReported: msg('You have already reported this review.'),
  ownReview: msg('You cannot report your own review.'),
  reported: msg('Thank you: the review will be looked at.'),
  notAllowed: msg('Only the marketplace operators can open the console.'),
  rangeTooLong: msg('Choose at most 53 weeks.'),
  date: msg('Give dates as YYYY-MM-DD.'),
  order: msg('The period must end after it starts.'),
  userUnknown: (userName: string) => `No account is called "${userName}".`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
export const MONEY_RANGE_MAX_WEEKS = 53;

/** The Monday (UTC) that starts the week of a date, as YYYY-MM-DD. */
export function weekOf(date: Date | string): string {
  const time = new Date(date).getTime();
  const days = Math.floor(time / DAY_MS);
  // 1970-01-01 was a Thursday: (days + 3) % 7 is the days since Monday.
  const monday = days - ((((days + 3) % 7) + 7) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/** Brands, reported reviews and the audit log come 20 to a page. */
export const OPERATOR_PAGE_SIZE = 20;
