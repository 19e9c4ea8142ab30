import type { Currency } from '../constants';
import { msg } from '../i18n/msg';

/**
 * A return whose refund has not gone out within RETURN_REFUND_WORKING_DAYS working days of the
 * brand marking it received (issue 16 item 4): the operator's console lists these, oldest first
 * (issue 17 item 4), and the buyer sees the return as overdue.
 */
export interface OverdueReturn {
  returnId: string;
  /** The order's reference as buyers and brands see it (orderReference). */
  reference: string;
  storeId: string;
  storeName: string;
  buyerUserName: string;
  /** ISO 8601. */
  receivedAt: string;
  /** ISO 8601: the end of the third working day after receivedAt. */
  refundDueBy: string;
  /** What the refund owes, tax included. */
  amount: number;
  currency: Currency;
}

/** The About page's promise (spec 9): refunds within 3 working days of the return's arrival. */
export const RETURN_REFUND_WORKING_DAYS = 3;

/** Spec 9: returns within 14 days of delivery (faulty-goods reports too). */
export const RETURN_WINDOW_DAYS = 14;
/** Spec 9: no repair, replacement or refund for items owned more than 6 months. */
export const RETURN_MAX_OWNED_MONTHS = 6;
export const RETURN_NOTE_MAX_LENGTH = 500;

/** Spec 9's reasons; there is no exchange (no size exchanges). */
export const RETURN_REASONS = [
  'RUNS_SMALL',
  'RUNS_LARGE',
  'NOT_AS_DESCRIBED',
  'FAULTY',
  'CHANGED_MIND',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  RUNS_SMALL: msg('Doesn’t fit — runs small'),
  RUNS_LARGE: msg('Doesn’t fit — runs large'),
  NOT_AS_DESCRIBED: msg('Not as described'),
  FAULTY: msg('Faulty'),
  CHANGED_MIND: msg('Changed my mind'),
};

/** A fit return counts as a fit vote (spec 5's scale: 1 'Runs Small', 5 'Runs Large'). */
export const RETURN_FIT_VOTES: Partial<Record<ReturnReason, number>> = {
  RUNS_SMALL: 1,
  RUNS_LARGE: 5,
};

/** A return as a whole: requested, on its way back, received by the brand, refunded. */
export const RETURN_STATUSES = ['REQUESTED', 'IN_TRANSIT', 'RECEIVED', 'REFUNDED'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  REQUESTED: msg('Return requested'),
  IN_TRANSIT: msg('On its way back'),
  RECEIVED: msg('Received by the brand'),
  REFUNDED: msg('Refunded'),
};

/**
 * Prepaid return labels are free within the continental USA and Canada (spec 9). Alaska and
 * Hawaii are outside it (decision 020): the buyer sends those returns themselves.
 */
export const NON_CONTINENTAL_US_STATES = ['AK', 'HI'] as const;
export const returnLabelIsFree = (address: { country: string; province: string }): boolean =>
  address.country === 'CA' ||
  (address.country === 'US' &&
    !(NON_CONTINENTAL_US_STATES as readonly string[]).includes(address.province));

const dateWords = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export const RETURN_MESSAGES = {
  returnItems: msg('Return items'),
  itemsRequired: msg('Choose at least one item to return.'),
  reasonRequired: msg('Choose a reason for the return.'),
  noteTooLong: msg(`The note must be at most ${RETURN_NOTE_MAX_LENGTH} characters.`),
  orderNotFound: msg('Order not found.'),
  notFound: msg('Return not found.'),
  itemNotInOrder: msg('This item is not part of this order.'),
  unitsInvalid: msg('Choose how many to return: from 1 to the number you received.'),
  units: msg('How many'),
  notDelivered: msg(
    'This order has not been delivered yet: items can be returned once it arrives.',
  ),
  windowClosed: (deliveredAt: string) =>
    `Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery; this order was delivered on ${dateWords(deliveredAt)}.`,
  ownedTooLong: `Items owned for more than ${RETURN_MAX_OWNED_MONTHS} months cannot be returned, repaired or replaced.`,
  alreadyOpen: msg('This item already has a return open.'),
  noReturnAddress: msg(
    'This brand has not given a return address yet, so no return label can be made. Please try again later.',
  ),
  notPrepaid: msg(
    'Returns from Alaska and Hawaii are not prepaid: please send the parcel to the address below with a tracked service.',
  ),
  labelFailed: msg('The return label could not be made. Please try again in a few minutes.'),
  requestFailed: msg('Could not request the return.'),
  receiveFailed: msg('Could not mark the return received.'),
  noLabel: msg('This return has no prepaid label.'),
  requested: msg('Return requested. Print the label and drop the parcel off.'),
  received: msg('Return marked as received.'),
  refundOverdue: msg('Refund overdue'),
  refundFailed: msg(
    'The return is received, but the refund did not go through: it is retried automatically.',
  ),
  markReceived: msg('Mark received'),
  receivedDamaged: msg('Received damaged'),
  damagedNoteRequired: msg('Describe the damage.'),
  noReturns: msg('No returns yet.'),
  loadFailed: msg('Could not load returns.'),
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a received return's refund is due: the end (midnight UTC) of the
 * RETURN_REFUND_WORKING_DAYS-th working day (Monday to Friday) after the day it was received.
 */
export function refundDueBy(receivedAt: Date): Date {
  const day = new Date(
    Date.UTC(receivedAt.getUTCFullYear(), receivedAt.getUTCMonth(), receivedAt.getUTCDate()),
  );
  let counted = 0;
  while (counted < RETURN_REFUND_WORKING_DAYS) {
    day.setTime(day.getTime() + DAY_MS);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return new Date(day.getTime() + DAY_MS);
}

/** The last moment a delivered order's items may be returned. */
export const returnWindowEnd = (deliveredAt: Date): Date =>
  new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);

/** Delivery plus RETURN_MAX_OWNED_MONTHS calendar months. */
export function ownershipLimit(deliveredAt: Date): Date {
  const limit = new Date(deliveredAt);
  limit.setUTCMonth(limit.getUTCMonth() + RETURN_MAX_OWNED_MONTHS);
  return limit;
}

/** Why a delivered store order's items can no longer be returned at `now`, if they cannot. */
export function returnWindowBlocker(deliveredAt: Date | null, now: Date): string | null {
  if (!deliveredAt) return RETURN_MESSAGES.notDelivered;
  if (now > ownershipLimit(deliveredAt)) return RETURN_MESSAGES.ownedTooLong;
  if (now > returnWindowEnd(deliveredAt))
    return RETURN_MESSAGES.windowClosed(deliveredAt.toISOString());
  return null;
}
