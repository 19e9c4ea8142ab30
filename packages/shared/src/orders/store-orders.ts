import { z } from 'zod';
import { fillMessage } from '../fill-message';
import { CURRENCIES, MAX_RECORD_ID } from '../constants';
import { fromCents, toCents } from '../money/cents';
import { ORDER_ITEM_STATUSES, shippingAddressViewSchema, type OrderItemStatus } from './checkout';
import {
  FULFILMENT_STATUSES,
  FULFILMENT_STATUS_LABELS,
  ORDER_PROGRESS,
  STORE_ORDER_STATUSES,
  canMove,
  canReach,
  illegalMoveMessage,
  isTerminal,
  type FulfilmentStatus,
  type StoreOrderStatus,
} from './order-states';
import { msg } from '../i18n/msg';

/** A brand's part of an order (spec 3 "Store order"): one parcel, shipped and refunded as one. */
export const STORE_ORDER_STATUS_LABELS: Record<StoreOrderStatus, string> = FULFILMENT_STATUS_LABELS;

const ITEM_UPDATED = msg('Order item marked as {status}.');
const SHIP_ACCEPTED = msg(
  '{accepted, plural, one {Its accepted item becomes shipped.} other {Its # accepted items become shipped.}}',
);
const REJECT_CONFIRM = msg(
  "Reject {item}? Its amount goes back to the buyer's card at once, and it can no longer be accepted.",
);

/** Spec 8 and issue 6: the seller's order handling words. */
export const STORE_ORDER_MESSAGES = {
  /** The toast's message, its status code filled by `t`: each catalog names it in words. */
  itemUpdatedMessage: ITEM_UPDATED,
  itemUpdateFailed: msg('Failed to update order item status'),
  noStore: msg('Open a store to manage orders.'),
  notFound: msg('Order not found.'),
  itemNotFound: msg('This item is not part of the order.'),
  wrongDecision: msg('Use accept to accept an item and reject to reject it.'),
  shipBlocked: msg('Accept or reject every item before shipping.'),
  nothingToShip: msg('Every item was rejected: there is nothing to ship.'),
  shipped: msg('Order marked as shipped.'),
  /** The ship dialog's question, grammatical for one item and for many (issue 13). */
  shipAccepted: (accepted: number) =>
    accepted === 1
      ? 'Its accepted item becomes shipped.'
      : `Its ${accepted} accepted items become shipped.`,
  shipAcceptedMessage: SHIP_ACCEPTED,
  /** Reject asks first: the item's money goes back at once. */
  rejectConfirm: (item: string) => fillMessage(REJECT_CONFIRM, { item }),
  rejectConfirmMessage: REJECT_CONFIRM,
  shipFailed: msg('Failed to ship the order.'),
  nothingToRefund: msg('This order has nothing left to refund.'),
  refunded: msg('Order refunded.'),
  refundFailed: msg('Failed to refund the order.'),
  providerRefundFailed: msg('The payment provider could not send the refund. Please try again.'),
  /** The provider did not answer: the refund may have gone through and is checked again later. */
  refundPending: msg(
    'The payment service did not answer in time. The refund will be completed automatically: do not refund again.',
  ),
  labelFailed: msg('Failed to open the shipping label.'),
  /** 409: a label for a parcel that will never ship (refunded, or every item rejected). */
  labelNothingToShip: msg('This order was refunded in full: there is no parcel to label.'),
  /** 409: a label before any item is accepted (issue 39 item 16). */
  labelNotAccepted: msg('Accept an item before printing the shipping label.'),
  trackingNumber: msg('Enter the tracking number: 6 to 40 letters, digits or dashes.'),
  carrierRequired: msg('Choose the carrier of this tracking number.'),
  /** 409: another parcel on its way already has this carrier's tracking number (issue 38). */
  trackingNumberTaken: msg(
    'Another parcel on its way already has this tracking number with this carrier. Check the number on your receipt from the carrier.',
  ),
  loadFailed: msg('Failed to load orders.'),
  payoutsFailed: msg('Failed to load payouts.'),
  /** 409: the seller shipped with their own carrier's tracking number, so no label was bought. */
  labelOwnCarrier: msg(
    "This parcel shipped with your own carrier's tracking number: there is no label of ours to print.",
  ),
  /** 409: the simulated tracker (local provider only) of a parcel not shipped with our label. */
  trackerLocalOnly: msg(
    'Only parcels shipped with the built-in shipping provider’s label have a simulated tracker.',
  ),
  /** 409: the simulated tracker is a test and demo tool, off unless TRACKING_SIMULATOR=true. */
  trackerOff: msg(
    'The simulated tracker is off on this marketplace: the carrier’s own scans move the parcel.',
  ),
  trackerNotShipped: msg('Ship the parcel before advancing its tracker.'),
  trackerDone: msg('This parcel is delivered: its tracker has nothing left to report.'),
  trackerAdvanced: msg('Tracker advanced.'),
  trackerFailed: msg('Failed to advance the tracker.'),
  /** Issue 39 item 17: the button says it plays a simulation, not the carrier. */
  advanceTracker: msg('Simulate the next carrier scan (test tracker)'),
  /** The tracker button's visible text: the orders' actions must fit a 360 px phone. */
  advanceTrackerShort: msg('Simulate scan'),
  noOrdersFiltered: msg('No orders match this filter.'),
} as const;

/** Issue 16: what the buyer reads about a parcel's delivery (My Orders). */
const DELIVERED_ON = msg('Delivered on {date}');
const ASSUMED_DELIVERED_ON = msg('Assumed delivered on {date} (no delivery scan from the carrier)');

export const DELIVERY_MESSAGES = {
  confirm: msg('I received it'),
  confirmed: msg('Thanks! The parcel is marked as delivered.'),
  confirmFailed: msg('Failed to mark the parcel as received.'),
  track: msg('Track your parcel'),
  history: msg('Tracking history'),
  /** "Delivered on Nov 24, 2026", or assumed when no carrier scan or buyer said so. */
  deliveredOn: (date: string, assumed: boolean) =>
    fillMessage(assumed ? ASSUMED_DELIVERED_ON : DELIVERED_ON, { date }),
  /** The same, translated: `t(assumed ? assumedDeliveredOnMessage : deliveredOnMessage, { date })`. */
  deliveredOnMessage: DELIVERED_ON,
  assumedDeliveredOnMessage: ASSUMED_DELIVERED_ON,
} as const;

/** Days after shipping a parcel with no delivery event is assumed delivered (issue 16). */
export const DEFAULT_ASSUME_DELIVERED_AFTER_DAYS = 10;

/** POST /store/orders/accept and /reject (spec 7). */
export const orderItemDecisionSchema = z
  .object({
    storeOrderId: z.uuid(STORE_ORDER_MESSAGES.notFound),
    orderItemId: z.coerce
      .number()
      .int()
      .positive(STORE_ORDER_MESSAGES.itemNotFound)
      .max(MAX_RECORD_ID, STORE_ORDER_MESSAGES.itemNotFound),
    newStatus: z.enum(['ACCEPTED', 'REJECTED_REFUND_IN_PROGRESS'] satisfies OrderItemStatus[]),
  })
  .strict();
export type OrderItemDecision = z.infer<typeof orderItemDecisionSchema>;

export const storeOrderIdParamsSchema = z.object({ id: z.uuid(STORE_ORDER_MESSAGES.notFound) });

/** The carriers a seller may name when shipping with a tracking number of their own. */
export const CARRIERS = ['Canada Post', 'Purolator', 'UPS', 'FedEx', 'DHL', 'USPS'] as const;
export type Carrier = (typeof CARRIERS)[number];
/**
 * Issue 39 item 29: each carrier's public tracking page for a number, so a buyer can follow a
 * parcel the brand shipped with its own carrier.
 */
const CARRIER_TRACKING_PAGES: Record<Carrier, (trackingNumber: string) => string> = {
  'Canada Post': (n) =>
    `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  Purolator: (n) => `https://www.purolator.com/en/shipping/tracker?pin=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/ca-en/home/tracking.html?tracking-id=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

/** The carrier's tracking page for this number, or null for a carrier we do not know. */
export function carrierTrackingUrl(
  carrier: string | null,
  trackingNumber: string | null,
): string | null {
  if (!carrier || !trackingNumber) return null;
  const page = CARRIER_TRACKING_PAGES[carrier as Carrier];
  return page ? page(encodeURIComponent(trackingNumber)) : null;
}

/** A tracking event's status (EasyPost's vocabulary) in words, for the buyer's timeline. */
export const TRACKING_EVENT_LABELS: Record<string, string> = {
  pre_transit: msg('Label created'),
  in_transit: msg('In transit'),
  out_for_delivery: msg('Out for delivery'),
  available_for_pickup: msg('Ready for pickup'),
  delivered: msg('Delivered'),
  return_to_sender: msg('Returning to the sender'),
  failure: msg('Delivery problem'),
  unknown: msg('Update from the carrier'),
};
export const trackingEventLabel = (status: string): string =>
  TRACKING_EVENT_LABELS[status] ?? TRACKING_EVENT_LABELS.unknown!;

/** Who carries a parcel shipped with this site's label (spec 9: white-labelled). */
export const LABEL_CARRIER = 'Marketplace Shipping';

/**
 * POST /store/orders/{id}/ship: spec 7 sends no body (the parcel goes with this site's label);
 * a seller who shipped otherwise types the carrier's tracking number and names the carrier.
 */
export const shipStoreOrderSchema = z
  .object({
    trackingNumber: z
      .string()
      .trim()
      .min(6, STORE_ORDER_MESSAGES.trackingNumber)
      .max(40, STORE_ORDER_MESSAGES.trackingNumber)
      .regex(/^[A-Za-z0-9-]+$/, STORE_ORDER_MESSAGES.trackingNumber)
      .optional(),
    carrier: z.enum(CARRIERS, STORE_ORDER_MESSAGES.carrierRequired).optional(),
  })
  .strict()
  .refine((body) => !body.trackingNumber || body.carrier, {
    message: STORE_ORDER_MESSAGES.carrierRequired,
    path: ['carrier'],
  })
  .nullish();
export type ShipStoreOrderInput = z.input<typeof shipStoreOrderSchema>;

/**
 * Issue 39 item 17: the seller's orders filtered by where they stand (the server filters and
 * pages): items waiting for a decision, accepted and not shipped yet, on their way, delivered,
 * and closed (refunded, or every item rejected).
 */
export const STORE_ORDER_FILTERS = [
  'TO_ACCEPT',
  'TO_SHIP',
  'SHIPPED',
  'DELIVERED',
  'REFUNDED_OR_CANCELLED',
] as const;
export type StoreOrderFilter = (typeof STORE_ORDER_FILTERS)[number];

export const STORE_ORDER_FILTER_LABELS: Record<StoreOrderFilter | 'ALL', string> = {
  ALL: msg('All orders'),
  TO_ACCEPT: msg('To accept'),
  TO_SHIP: msg('To ship'),
  SHIPPED: msg('On their way'),
  DELIVERED: msg('Delivered'),
  REFUNDED_OR_CANCELLED: msg('Refunded or cancelled'),
};

export const storeOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(STORE_ORDER_FILTERS).optional(),
});

/** How many units of the parcel wait for the brand's decision ("To accept"). */
export const unitsToAccept = ({ items }: { items: { status: string; quantity: number }[] }) =>
  items.filter((item) => item.status === 'PLACED').reduce((sum, item) => sum + item.quantity, 0);

export const storeOrderItemViewSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  thumbnail: z.string().nullable(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  itemPrice: z.number(),
  status: z.enum(ORDER_ITEM_STATUSES),
  /** Spec 2 "Ordered": the quantity of this product across all the store's orders. */
  ordered: z.number().int(),
});
export type StoreOrderItemView = z.infer<typeof storeOrderItemViewSchema>;

/** GET /store/orders (spec 3 "Store order" plus what shipping it needs). */
export const storeOrderViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The short order number shown to people (the order id's first 8 characters). */
  reference: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  /** Where the parcel stands, read from its lines (orderProgress, issue 39 item 7). */
  progress: z.enum(ORDER_PROGRESS),
  placedAt: z.string(),
  currency: z.enum(CURRENCIES),
  /** The items' total (spec 2 "Subtotal"). */
  subtotal: z.number(),
  /** What the buyer paid for this brand's parcel. */
  shipping: z.number(),
  /** Sales tax charged on the brand's items and parcel (the marketplace remits it; not the brand's). */
  tax: z.number(),
  /** Money returned to the buyer, tax included. */
  refunded: z.number(),
  shippingMethod: z.enum(['STANDARD', 'EXPRESS']),
  shippingAddress: shippingAddressViewSchema.nullable(),
  trackingNumber: z.string().nullable(),
  /** Who carries the parcel: a carrier the seller named, or LABEL_CARRIER. */
  carrier: z.string().nullable(),
  shippedAt: z.string().nullable(),
  /** When it arrived (issue 16), and whether that was assumed (no scan, no word from the buyer). */
  deliveredAt: z.string().nullable(),
  deliveryAssumed: z.boolean(),
  /** The provider's tracking page (EasyPost), null otherwise. */
  trackingUrl: z.string().nullable(),
  /** EasyPost's hosted label once bought; the local provider's label is the PDF route. */
  labelUrl: z.string().nullable(),
  /** The local provider's simulated tracker can move this parcel on (the seller's button). */
  canAdvanceTracker: z.boolean(),
  /** Spec 4: no item PLACED or IN_CART, something to ship, not shipped yet. */
  canShip: z.boolean(),
  canRefund: z.boolean(),
  /** Whether a shipping label is offered: not for a parcel that will never ship. */
  canPrintLabel: z.boolean(),
  items: z.array(storeOrderItemViewSchema),
});
export type StoreOrderView = z.infer<typeof storeOrderViewSchema>;

/** POST /orders/parcels/{id}/received: the parcel is delivered, now. */
export const parcelReceivedSchema = z.object({
  id: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  deliveredAt: z.string(),
});

/** POST /store/orders/accept and /reject: the item's new status. */
export const orderItemDecisionResultSchema = z.object({
  orderItemId: z.number().int(),
  status: z.enum(ORDER_ITEM_STATUSES),
});

type ParcelStatuses = {
  status: StoreOrderStatus;
  items: { status: OrderItemStatus }[];
};

/** An item past the bag, as the state machine knows it (IN_CART and RESERVED are not in it). */
const placed = (status: OrderItemStatus): status is FulfilmentStatus =>
  (FULFILMENT_STATUSES as readonly string[]).includes(status);

/** Spec 4's decisions, from the table: a placed item is accepted or rejected, an accepted one rejected. */
export const canAcceptItem = ({ status }: { status: OrderItemStatus }) =>
  placed(status) && canMove('item', status, 'ACCEPTED', 'seller');
export const canRejectItem = ({ status }: { status: OrderItemStatus }) =>
  placed(status) && canMove('item', status, 'REJECTED_REFUND_IN_PROGRESS', 'seller');

/** The items the parcel carries when it ships: those the table lets become SHIPPED (accepted). */
export const shipsWithParcel = ({ status }: { status: OrderItemStatus }) =>
  placed(status) && canMove('item', status, 'SHIPPED', 'seller');

/** Spec 4: items still waiting for the seller's decision hold the parcel back. */
export const awaitingDecision = ({ items }: Pick<ParcelStatuses, 'items'>) =>
  items.some((item) => item.status === 'IN_CART' || item.status === 'PLACED');

/**
 * Why the parcel cannot ship now, or null when it can: the table's move PLACED → SHIPPED,
 * then spec 4's rules (no item PLACED or IN_CART, something accepted to put in it).
 */
export function shipBlocker(order: ParcelStatuses): string | null {
  if (!canMove('storeOrder', order.status, 'SHIPPED', 'seller'))
    return illegalMoveMessage('storeOrder', order.status, 'SHIPPED');
  if (awaitingDecision(order)) return STORE_ORDER_MESSAGES.shipBlocked;
  if (!order.items.some(shipsWithParcel)) return STORE_ORDER_MESSAGES.nothingToShip;
  return null;
}

/** Spec 4: Ship is enabled only when no item is PLACED or IN_CART (and once, with something to ship). */
export const canShipStoreOrder = (order: ParcelStatuses): boolean => shipBlocker(order) === null;

/**
 * What a refund of the parcel sends back: everything the buyer paid for it (its sales tax
 * included, issue 15), less earlier refunds; in cents, so the difference has no float noise.
 */
export function refundableAmount(
  order: Pick<StoreOrderView, 'subtotal' | 'shipping' | 'tax' | 'refunded'>,
): number {
  const paid = toCents(order.subtotal) + toCents(order.shipping) + toCents(order.tax);
  return fromCents(Math.max(0, paid - toCents(order.refunded)));
}

/** Refund is offered while the table lets the parcel become REFUNDED and money is left to return. */
export const canRefundStoreOrder = (
  order: Pick<StoreOrderView, 'status' | 'subtotal' | 'shipping' | 'tax' | 'refunded'>,
): boolean =>
  canMove('storeOrder', order.status, 'REFUNDED', 'seller') && refundableAmount(order) > 0;

/** Why no label can be printed for this parcel now, or null when it can. */
export function labelBlocker(order: ParcelStatuses): string | null {
  if (canPrintShippingLabel(order)) return null;
  return !isTerminal('storeOrder', order.status) &&
    order.items.some((item) => placed(item.status) && canReach('item', item.status, 'SHIPPED'))
    ? STORE_ORDER_MESSAGES.labelNotAccepted
    : STORE_ORDER_MESSAGES.labelNothingToShip;
}

/**
 * A label only for a parcel that ships or shipped: not one the table has closed (refunded in
 * full), and with an item accepted to go in it or gone with it (issue 39 item 16: not before
 * the brand has accepted anything, when the parcel may still be rejected item by item).
 */
export function canPrintShippingLabel(order: ParcelStatuses): boolean {
  return (
    !isTerminal('storeOrder', order.status) &&
    order.items.some((item) => item.status === 'SHIPPED' || shipsWithParcel(item))
  );
}
