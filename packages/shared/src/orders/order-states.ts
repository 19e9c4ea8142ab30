import { msg } from '../i18n/msg';

/**
 * The order state machine (DESIGN 9, issue 16): every status an ordered item (an order line)
 * or a store order (a brand's parcel) takes once the order is placed, and every move between
 * them, in one table. The API refuses any other move with 409 (illegalMoveMessage) and the web
 * app enables its buttons from the same table, so the two can never disagree.
 */

/** An order line's statuses after placing (before it, IN_CART and RESERVED: the bag's). */
export const FULFILMENT_STATUSES = [
  'PLACED',
  'ACCEPTED',
  'REJECTED_REFUND_IN_PROGRESS',
  'SHIPPED',
  'IN_TRANSIT',
  'DELIVERED',
  'RETURN_REQUESTED',
  'RETURN_IN_TRANSIT',
  'RETURN_RECEIVED',
  'REFUNDED',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/**
 * A store order is one parcel: it is decided item by item, so it never is ACCEPTED or
 * REJECTED itself, and a return is of items, so it stays DELIVERED while its items come back.
 */
export const STORE_ORDER_STATUSES = [
  'PLACED',
  'SHIPPED',
  'IN_TRANSIT',
  'DELIVERED',
  'REFUNDED',
] as const satisfies readonly FulfilmentStatus[];
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** Who makes a move: the brand, the buyer, the carrier's tracking, or the site on its own. */
export type OrderActor = 'seller' | 'buyer' | 'carrier' | 'system';
/** What moves: one order line, or the whole store order. */
export type OrderSubject = 'item' | 'storeOrder';

export interface OrderMove {
  by: readonly OrderActor[];
  of: readonly OrderSubject[];
}

const item = ['item'] as const;
const both = ['item', 'storeOrder'] as const;
const seller = ['seller'] as const;
/** Delivery is known from the carrier, from the buyer ("I received it"), or assumed after a while. */
const delivery: OrderMove = { by: ['carrier', 'buyer', 'system'], of: both };
/**
 * The seller may give the money back at any point before it went back (a lost parcel, a
 * return): the refund covers whatever has not been refunded yet.
 */
const refund: OrderMove = { by: seller, of: both };

/**
 * The table: each status and the statuses it may move to, by whom, for what. Anything not
 * here is refused. IN_TRANSIT, DELIVERED and RETURN_* are declared for the tracking and
 * return flows (issue 16 items 3 and 4) that make those moves.
 */
export const ORDER_TRANSITIONS: Record<
  FulfilmentStatus,
  Partial<Record<FulfilmentStatus, OrderMove>>
> = {
  PLACED: {
    ACCEPTED: { by: seller, of: item },
    REJECTED_REFUND_IN_PROGRESS: { by: seller, of: item },
    // The parcel ships once every item is decided (shipBlocker), with its accepted items.
    SHIPPED: { by: seller, of: ['storeOrder'] },
    REFUNDED: refund,
  },
  ACCEPTED: {
    // Spec 4: an accepted item may still be rejected before the parcel ships.
    REJECTED_REFUND_IN_PROGRESS: { by: seller, of: item },
    SHIPPED: { by: seller, of: item },
    REFUNDED: refund,
  },
  REJECTED_REFUND_IN_PROGRESS: {
    // Its money went back with the rejection; refunding the parcel closes it as REFUNDED.
    REFUNDED: refund,
  },
  SHIPPED: {
    IN_TRANSIT: { by: ['carrier'], of: both },
    DELIVERED: delivery,
    REFUNDED: refund,
  },
  IN_TRANSIT: {
    DELIVERED: delivery,
    REFUNDED: refund,
  },
  DELIVERED: {
    RETURN_REQUESTED: { by: ['buyer'], of: item },
    REFUNDED: refund,
  },
  RETURN_REQUESTED: {
    RETURN_IN_TRANSIT: { by: ['carrier'], of: item },
    // A return handed over without tracking is marked received by the brand.
    RETURN_RECEIVED: { by: seller, of: item },
    REFUNDED: refund,
  },
  RETURN_IN_TRANSIT: {
    RETURN_RECEIVED: { by: ['seller', 'carrier'], of: item },
    REFUNDED: refund,
  },
  RETURN_RECEIVED: {
    // The refund of a received return goes out at once, or the operator's sweep sends it.
    REFUNDED: { by: ['seller', 'system'], of: item },
  },
  REFUNDED: {},
};

/** The move from → to, if the table has it for this subject (and, when given, this actor). */
export function orderMove(
  subject: OrderSubject,
  from: FulfilmentStatus,
  to: FulfilmentStatus,
  actor?: OrderActor,
): OrderMove | undefined {
  const move = ORDER_TRANSITIONS[from][to];
  if (!move || !move.of.includes(subject)) return undefined;
  if (actor && !move.by.includes(actor)) return undefined;
  return move;
}

export const canMove = (
  subject: OrderSubject,
  from: FulfilmentStatus,
  to: FulfilmentStatus,
  actor?: OrderActor,
): boolean => orderMove(subject, from, to, actor) !== undefined;

/** The statuses a subject may move to from `from`. */
export function nextStatuses(subject: OrderSubject, from: FulfilmentStatus): FulfilmentStatus[] {
  return FULFILMENT_STATUSES.filter((to) => canMove(subject, from, to));
}

/** Whether `to` can still be reached from `from` in one move or several (not `from` itself). */
export function canReach(
  subject: OrderSubject,
  from: FulfilmentStatus,
  to: FulfilmentStatus,
): boolean {
  const seen = new Set<FulfilmentStatus>();
  const queue = nextStatuses(subject, from);
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (next === to) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...nextStatuses(subject, next));
  }
  return false;
}

/** Statuses nothing moves on from. */
export const isTerminal = (subject: OrderSubject, status: FulfilmentStatus): boolean =>
  nextStatuses(subject, status).length === 0;

/** A status in words, as people read it (the labels of ORDER_ITEM_STATUS_LABELS). */
export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  PLACED: msg('Placed'),
  ACCEPTED: msg('Accepted'),
  // A rejection sends the item's money back at once (a refused refund undoes the rejection).
  REJECTED_REFUND_IN_PROGRESS: msg('Rejected and refunded'),
  SHIPPED: msg('Shipped'),
  IN_TRANSIT: msg('In transit'),
  DELIVERED: msg('Delivered'),
  RETURN_REQUESTED: msg('Return requested'),
  RETURN_IN_TRANSIT: msg('Return on its way back'),
  RETURN_RECEIVED: msg('Return received'),
  REFUNDED: msg('Refunded'),
};

/** A move's target as the end of "it cannot be …". */
const MOVE_WORDS: Record<FulfilmentStatus, string> = {
  PLACED: 'placed',
  ACCEPTED: 'accepted',
  REJECTED_REFUND_IN_PROGRESS: 'rejected',
  SHIPPED: 'shipped',
  IN_TRANSIT: 'marked in transit',
  DELIVERED: 'marked delivered',
  RETURN_REQUESTED: 'returned',
  RETURN_IN_TRANSIT: 'marked as a return on its way back',
  RETURN_RECEIVED: 'marked as a return received',
  REFUNDED: 'refunded',
};

/**
 * The 409 for a move the table does not have, naming both statuses in words: "This item is
 * shipped: it can no longer be accepted.", "This order is already refunded.", "This item is
 * placed: it cannot be marked delivered yet."
 */
export function illegalMoveMessage(
  subject: OrderSubject,
  from: FulfilmentStatus,
  to: FulfilmentStatus,
): string {
  const what = subject === 'item' ? 'This item' : 'This order';
  const now = FULFILMENT_STATUS_LABELS[from].toLowerCase();
  if (from === to) return `${what} is already ${now}.`;
  return canReach(subject, from, to)
    ? `${what} is ${now}: it cannot be ${MOVE_WORDS[to]} yet.`
    : `${what} is ${now}: it can no longer be ${MOVE_WORDS[to]}.`;
}

/**
 * Issue 39 item 7: where an order, or one brand's parcel of it, stands, read from its lines
 * (the order's own status says only whether it was paid). The API writes it into its views and
 * the web app shows it, so My Orders' header and the seller's row move with the items.
 */
export const ORDER_PROGRESS = [
  'PLACED',
  'PREPARING',
  'PARTLY_SHIPPED',
  'SHIPPED',
  'IN_TRANSIT',
  'PARTLY_DELIVERED',
  'DELIVERED',
  'RETURN_IN_PROGRESS',
  'PARTLY_REFUNDED',
  'REFUNDED',
  'CANCELLED',
] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];

export const ORDER_PROGRESS_LABELS: Record<OrderProgress, string> = {
  PLACED: msg('Placed'),
  PREPARING: msg('Preparing'),
  PARTLY_SHIPPED: msg('Partly shipped'),
  SHIPPED: msg('Shipped'),
  IN_TRANSIT: msg('In transit'),
  PARTLY_DELIVERED: msg('Partly delivered'),
  DELIVERED: msg('Delivered'),
  RETURN_IN_PROGRESS: msg('Return in progress'),
  PARTLY_REFUNDED: msg('Partly refunded'),
  REFUNDED: msg('Refunded'),
  CANCELLED: msg('Cancelled'),
};

/** How far a line that is still live (not rejected, not refunded) has come. */
const LINE_STAGE: Partial<
  Record<FulfilmentStatus, 'placed' | 'accepted' | 'shipped' | 'delivered'>
> = {
  PLACED: 'placed',
  ACCEPTED: 'accepted',
  SHIPPED: 'shipped',
  IN_TRANSIT: 'shipped',
  DELIVERED: 'delivered',
};
const RETURNING: readonly FulfilmentStatus[] = [
  'RETURN_REQUESTED',
  'RETURN_IN_TRANSIT',
  'RETURN_RECEIVED',
];

/**
 * The progress of these lines (an order's, or one parcel's), statuses before placing (IN_CART,
 * RESERVED) left out:
 * - every line rejected: Cancelled; every line rejected or refunded, one refunded: Refunded;
 * - a line on its way back: Return in progress;
 * - otherwise from the live lines: any still to decide, Placed; all accepted, Preparing; some
 *   shipped, Partly shipped; all shipped, Shipped (In transit once the carrier has it, Partly
 *   delivered once one arrived);
 *   all delivered, Delivered, or Partly refunded when a line was refunded (a return).
 */
export function orderProgress(lines: readonly { status: string }[]): OrderProgress {
  const statuses = lines
    .map((line) => line.status)
    .filter((status): status is FulfilmentStatus =>
      (FULFILMENT_STATUSES as readonly string[]).includes(status),
    );
  if (statuses.length === 0) return 'PLACED';
  if (statuses.some((status) => RETURNING.includes(status))) return 'RETURN_IN_PROGRESS';
  const stages = statuses.flatMap((status) => LINE_STAGE[status] ?? []);
  const refunded = statuses.includes('REFUNDED');
  if (stages.length === 0) return refunded ? 'REFUNDED' : 'CANCELLED';
  const all = (stage: string) => stages.every((one) => one === stage);
  const some = (...of: string[]) => stages.some((one) => of.includes(one));
  if (all('delivered')) return refunded ? 'PARTLY_REFUNDED' : 'DELIVERED';
  if (some('shipped', 'delivered')) {
    if (some('placed', 'accepted')) return 'PARTLY_SHIPPED';
    if (some('delivered')) return 'PARTLY_DELIVERED';
    return statuses.includes('IN_TRANSIT') ? 'IN_TRANSIT' : 'SHIPPED';
  }
  return some('placed') ? 'PLACED' : 'PREPARING';
}
