import {
  fromCents,
  toCents,
  AppError,
  Conflict,
  NotFound,
  RETURN_MESSAGES,
  STORE_ORDER_MESSAGES as M,
  STORE_MESSAGES,
  DEFAULT_ASSUME_DELIVERED_AFTER_DAYS,
  LABEL_CARRIER,
  canMove,
  canPrintShippingLabel,
  canRefundStoreOrder,
  canShipStoreOrder,
  labelBlocker,
  orderProgress,
  EMAIL_MESSAGES,
  type Locale,
  illegalMoveMessage,
  shipBlocker,
  shipsWithParcel,
  orderReference,
  taxLabelIn,
  taxLineViews,
  type Currency,
  type FulfilmentStatus,
  type OrderActor,
  type OrderItemDecision,
  type OrderItemStatus,
  type ShipStoreOrderInput,
  type ShippingAddress,
  type ShippingMethod,
  type StoreOrderFilter,
  type StoreOrderStatus,
  type StoreOrderView,
  type PayoutInput,
  type TaxComponent,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/client';
import { mailLanguage } from '../../providers/mail/mail-language';
import type { Mailer } from '../../providers/mail/mailer';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { DEFAULT_PAYMENT_TIMEOUT_MS, withTimeout } from '../../providers/payments/payment-timeout';
import {
  LOCAL_TRACKING_PREFIX,
  LocalShippingProvider,
} from '../../providers/shipping/local-shipping-provider';
import { ShippingProviderError } from '../../providers/shipping/shipping-provider-error';
import type {
  PurchasedLabel,
  ShippingProvider,
  TrackingStatus,
  TrackingUpdate,
  WebhookRequest,
} from '../../providers/shipping/shipping-provider';
import type { TaxProvider } from '../../providers/tax/tax-provider';
import type { ItemsService } from '../items/items.service';
import type { OwnedStore, StoresService } from '../stores/stores.service';
import type { Caller, UsersService } from '../users/users.service';
import type {
  LockedStoreOrder,
  PendingRefund,
  RefundTax,
  StoreOrderRecord,
  StoreOrderWriter,
  StoreOrdersRepository,
  StoreTaxLine,
} from './store-orders.repository';

interface StoreOrdersDeps {
  repository: StoreOrdersRepository;
  stores: StoresService;
  users: UsersService;
  items: ItemsService;
  payments: PaymentProvider;
  tax: TaxProvider;
  /** Labels, rates and tracking (issue 16). */
  shipping: ShippingProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How long a seller's refund waits for the payment provider (504 after that). */
  paymentTimeoutMs?: number;
  /** A shipped parcel with no delivery event is assumed delivered this many days later. */
  assumeDeliveredAfterDays?: number;
  /**
   * Whether sellers may play the local provider's simulated tracker (a test and demo tool: it
   * lets a seller mark their own parcel delivered). Off unless set; never in production.
   */
  trackingSimulator?: boolean;
  now?: () => Date;
}

/** The unique index of a tracking number on a parcel on its way (db/schema/orders.ts). */
const ACTIVE_TRACKING_NUMBER_KEY = 'store_orders_active_tracking_number_key';

/** A tracking update whose number is no store order's: the returns module may know it. */
export type ReturnTrackingHandler = (update: TrackingUpdate) => Promise<boolean>;

/** The store order status a carrier's tracking status moves a parcel to, if any. */
const CARRIER_MOVES: Partial<Record<TrackingStatus, 'IN_TRANSIT' | 'DELIVERED'>> = {
  in_transit: 'IN_TRANSIT',
  out_for_delivery: 'IN_TRANSIT',
  available_for_pickup: 'IN_TRANSIT',
  delivered: 'DELIVERED',
};

/** What a label request answers: the local provider's PDF, or EasyPost's hosted label. */
export type ShippingLabelFile =
  { pdf: Buffer; reference: string } | { url: string; reference: string };

/** A refund still PENDING this long lost its provider's answer (a request never waits this long). */
const STALE_REFUND_MINUTES = 5;

/** Thrown when the provider does not answer a refund in time: it may still go through. */
class RefundUnanswered extends AppError {
  constructor() {
    super(504, M.refundPending);
  }
}

type ItemRow = LockedStoreOrder['items'][number];

const lineTotal = (item: { itemPrice: number; quantity: number }) =>
  (toCents(item.itemPrice) * item.quantity) / 100;
/** Amounts added in cents, so a refund is exactly the sum of what it returns. */
const sumMoney = (...amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + toCents(amount), 0) / 100;

/** A recorded tax line, as a refund returns it (all of it) and the shared formatting reads it. */
const returned = (line: StoreTaxLine) => ({
  orderItemId: line.orderItemId,
  storeId: line.storeId,
  jurisdiction: line.jurisdiction,
  jurisdictionName: line.jurisdictionName,
  taxType: line.taxType,
  rate: line.rate,
  taxableAmount: line.taxableAmount,
  amount: line.amount,
});

const componentOf = (line: Omit<ReturnType<typeof returned>, 'orderItemId' | 'storeId'>) =>
  ({ ...line, taxType: line.taxType as TaxComponent['taxType'] }) satisfies TaxComponent;

/**
 * What refunding these items (and, with `shipping`, the parcel's shipping) returns: their
 * prices and exactly the tax recorded on them when the order was placed, never recomputed.
 */
function refundOf(
  order: StoreOrderRecord,
  items: ItemRow[],
  taxLines: StoreTaxLine[],
  shipping: boolean,
): RefundTax & { amount: number } {
  const itemIds = new Set(items.map((i) => i.id));
  const lines = taxLines
    .filter((t) => (t.orderItemId === null ? shipping : itemIds.has(t.orderItemId)))
    .map(returned);
  const covered = {
    lines: byTaxReference(items),
    shipping:
      shipping && (order.shipping > 0 || order.shippingTax > 0)
        ? [{ reference: order.storeId, amount: order.shipping, tax: order.shippingTax }]
        : [],
  };
  const tax = sumMoney(...lines.map((l) => l.amount));
  const amount = sumMoney(
    ...covered.lines.map((l) => l.amount),
    ...covered.shipping.map((s) => s.amount),
    tax,
  );
  return { amount, tax, covered, lines };
}
/**
 * The lines as the tax provider knows them: by the id of the line as ordered, so units split
 * off it for a return (issue 39.8) are one line with it, their amounts added in cents.
 */
function byTaxReference(items: ItemRow[]): RefundTax['covered']['lines'] {
  const lines = new Map<string, { amount: number; tax: number }>();
  for (const item of items) {
    const reference = String(item.splitFrom ?? item.id);
    const line = lines.get(reference) ?? { amount: 0, tax: 0 };
    lines.set(reference, {
      amount: line.amount + toCents(lineTotal(item)),
      tax: line.tax + toCents(item.tax),
    });
  }
  return [...lines].map(([reference, { amount, tax }]) => ({
    reference,
    amount: fromCents(amount),
    tax: fromCents(tax),
  }));
}

/**
 * The state machine's word on a seller's move (packages/shared order-states): 409 naming both
 * statuses for any move its table does not have.
 */
function requireSellerMove(
  subject: 'item' | 'storeOrder',
  from: string,
  to: FulfilmentStatus,
): void {
  const status = from as FulfilmentStatus;
  if (!canMove(subject, status, to, 'seller'))
    throw new Conflict(illegalMoveMessage(subject, status, to));
}

/**
 * Seller order handling (issue 6): a brand accepts or rejects each item of its store orders,
 * ships the accepted ones with a label, and refunds. Every step runs under the store order's
 * row lock and records its status changes with the acting user; money goes back only through
 * the payment provider, reserved first so that no click, however doubled, refunds twice.
 */
export class StoreOrdersService {
  private readonly now: () => Date;
  private readonly paymentTimeoutMs: number;
  private returnTracking: ReturnTrackingHandler | undefined;
  private parcelRefunded: ((storeOrderId: string) => Promise<void>) | undefined;

  constructor(private readonly deps: StoreOrdersDeps) {
    this.now = deps.now ?? (() => new Date());
    this.paymentTimeoutMs = deps.paymentTimeoutMs ?? DEFAULT_PAYMENT_TIMEOUT_MS;
  }

  /**
   * Whether parcels shipped with this site's label use the local provider (PDF labels and the
   * simulated tracker, no carrier's service asked), rather than a carrier's (EasyPost), which
   * buys labels over the network: what the demo seed reads to stay off the network.
   */
  get labelsAreLocal(): boolean {
    return this.deps.shipping instanceof LocalShippingProvider;
  }

  /**
   * The returns hook (issue 16 item 4): tracking updates whose tracking number is no store
   * order's go to this handler (a return label's parcel); it answers whether it knew the number.
   */
  attachReturnTracking(handler: ReturnTrackingHandler): void {
    this.returnTracking = handler;
  }

  /** The returns hook told of a parcel refunded as a whole: its open returns are settled by it. */
  attachParcelRefunded(handler: (storeOrderId: string) => Promise<void>): void {
    this.parcelRefunded = handler;
  }

  async list(
    caller: Caller,
    page: number,
    pageSize: number,
    filter?: StoreOrderFilter,
  ): Promise<{ orders: StoreOrderView[]; total: number }> {
    const { store } = await this.seller(caller);
    const { rows, total } = await this.deps.repository.listForStore(
      store.id,
      page,
      pageSize,
      filter,
    );
    return { orders: await this.views(store.id, rows), total };
  }

  /** POST /store/orders/accept and /reject (spec 4). */
  async decide(
    caller: Caller,
    decision: OrderItemDecision,
    route: 'ACCEPTED' | 'REJECTED_REFUND_IN_PROGRESS',
  ): Promise<{ orderItemId: number; status: OrderItemStatus }> {
    if (decision.newStatus !== route) throw new AppError(400, M.wrongDecision);
    const { store, actorId } = await this.seller(caller);
    const outcome = await this.deps.repository.locked(
      decision.storeOrderId,
      store.id,
      actorId,
      async ({ order, items, taxLines }, writer) => {
        const item = items.find((i) => i.id === decision.orderItemId);
        if (!item) throw new NotFound(M.itemNotFound);
        const status = item.status as OrderItemStatus;
        requireSellerMove('item', status, route);
        await writer.setItemStatus([item.id], route);
        if (route === 'ACCEPTED') return { refund: null, item, previous: status };
        // Reject: the item's amount and exactly its recorded tax go back to the buyer.
        const { amount, ...tax } = refundOf(order, [item], taxLines, false);
        const refundId = await writer.addPendingRefund(amount, item.id, tax);
        return {
          refund: { id: refundId, amount, tax: tax.tax, taxLines: tax.lines },
          item,
          previous: status,
          order,
        };
      },
    );
    if (!outcome) throw new NotFound(M.notFound);
    if (outcome.refund) {
      const { item, previous } = outcome;
      await this.sendRefund(outcome.order!, outcome.refund, actorId, store.id, (writer) =>
        writer.setItemStatus([item.id], previous),
      );
      await this.mailRefund(outcome.order!, store.name, 'rejected', outcome.refund, [item]);
    }
    return { orderItemId: decision.orderItemId, status: route };
  }

  /**
   * POST /store/orders/{id}/ship: 409 while any item is PLACED or IN_CART (spec 4). The seller's
   * own carrier and tracking number, or else this site's label's (drawn already, or made now).
   */
  async ship(
    caller: Caller,
    id: string,
    { trackingNumber, carrier }: NonNullable<ShipStoreOrderInput> = {},
    locale?: Locale,
  ): Promise<StoreOrderView> {
    const { store, actorId } = await this.seller(caller);
    const ownCarrier = Boolean(trackingNumber && carrier);
    // Shipping with this site's label buys it first (once), so the parcel leaves with it.
    const prepared = ownCarrier ? null : await this.prepareLabel(store, id, locale);
    const shipped = await this.deps.repository
      .locked(id, store.id, actorId, async (locked, writer) => {
        const { order, items } = locked;
        const blocker = shipBlocker({
          status: order.status as StoreOrderStatus,
          items: itemStatuses(items),
        });
        if (blocker) throw new Conflict(blocker);
        const accepted = items.filter((i) =>
          shipsWithParcel({ status: i.status as OrderItemStatus }),
        );
        if (!ownCarrier) await this.buyLabelOnce(locked, writer, prepared!);
        await writer.setItemStatus(
          accepted.map((i) => i.id),
          'SHIPPED',
        );
        await writer.setOrder({
          status: 'SHIPPED',
          shippedAt: this.now(),
          ...(ownCarrier ? { trackingNumber, carrier } : {}),
        });
        return { order, accepted };
      })
      .catch((error: unknown) => {
        // The unique index decides (two ships of one number at once): issue 38, item 4.
        const { code, constraint } = databaseErrorOf(error);
        if (code === UNIQUE_VIOLATION && constraint === ACTIVE_TRACKING_NUMBER_KEY)
          throw new Conflict(M.trackingNumberTaken);
        throw error;
      });
    if (!shipped) throw new NotFound(M.notFound);
    const view = await this.viewOf(store.id, id);
    await this.mailShipped(shipped.order, shipped.accepted, view, store);
    return view;
  }

  /** POST /store/orders/{id}/refund: whatever has not gone back yet, once. */
  async refund(caller: Caller, id: string): Promise<StoreOrderView> {
    const { store, actorId } = await this.seller(caller);
    const reserved = await this.deps.repository.locked(
      id,
      store.id,
      actorId,
      async ({ order, items, refundedOrPending, taxLines, refundedItemIds }, writer) => {
        requireSellerMove('storeOrder', order.status, 'REFUNDED');
        // What is left: the items not refunded on their own (rejected), the shipping, and the
        // tax recorded on exactly those; never more than the store order was charged.
        const left =
          (toCents(order.subtotal) +
            toCents(order.shipping) +
            toCents(order.tax) -
            toCents(refundedOrPending)) /
          100;
        const { amount: covered, ...tax } = refundOf(
          order,
          items.filter((i) => !refundedItemIds.has(i.id)),
          taxLines,
          true,
        );
        const amount = Math.min(left, covered);
        if (amount <= 0) throw new Conflict(M.nothingToRefund);
        const refundId = await writer.addPendingRefund(amount, null, tax);
        const previous = { status: order.status as StoreOrderStatus, items: [...items] };
        const open = items.filter((i) => i.status !== 'REFUNDED');
        for (const i of open) requireSellerMove('item', i.status, 'REFUNDED');
        await writer.setItemStatus(
          open.map((i) => i.id),
          'REFUNDED',
        );
        await writer.setOrder({ status: 'REFUNDED' });
        return {
          order,
          refund: { id: refundId, amount, tax: tax.tax, taxLines: tax.lines },
          previous,
          open,
        };
      },
    );
    if (!reserved) throw new NotFound(M.notFound);
    const { previous } = reserved;
    await this.sendRefund(reserved.order, reserved.refund, actorId, store.id, async (writer) => {
      await writer.setOrder({ status: previous.status });
      for (const status of new Set(previous.items.map((i) => i.status))) {
        const ids = previous.items.filter((i) => i.status === status).map((i) => i.id);
        await writer.setItemStatus(ids, status as OrderItemStatus);
      }
    });
    // A return waiting for its own refund is closed by this one (issue 38 item 10).
    await this.parcelRefunded?.(id);
    // The items this refund covers: a rejected item's money went back with its rejection.
    const covered = reserved.open.filter((i) => i.status !== 'REJECTED_REFUND_IN_PROGRESS');
    await this.mailRefund(reserved.order, store.name, 'refunded', reserved.refund, covered);
    return this.viewOf(store.id, id);
  }

  /**
   * GET /store/orders/{id}/shipping-label: the label bought through the shipping provider for
   * the order's shipping method, bought the first time only (under the store order's row lock,
   * so two prints at once buy one label); every later print answers the same label.
   */
  async shippingLabel(caller: Caller, id: string, locale?: Locale): Promise<ShippingLabelFile> {
    const { store, actorId } = await this.seller(caller);
    const prepared = await this.prepareLabel(store, id, locale);
    const bought = await this.deps.repository.locked(
      id,
      store.id,
      actorId,
      async (locked, writer) => {
        const parcel = {
          status: locked.order.status as StoreOrderStatus,
          items: itemStatuses(locked.items),
        };
        const blocker = labelBlocker(parcel);
        if (blocker) throw new Conflict(blocker);
        return this.buyLabelOnce(locked, writer, prepared);
      },
    );
    if (!bought) throw new NotFound(M.notFound);
    const reference = orderReference(bought.orderId);
    if (bought.url) return { url: bought.url, reference };
    const { labelPdf } = await this.deps.repository.labelOf(id);
    if (!labelPdf) throw new Error(`Store order ${id} has a label without its PDF.`);
    return { pdf: labelPdf, reference };
  }

  /**
   * What buying a label needs that is read outside the row lock (one database connection may
   * serve the lock's transaction alone): the store's ship-from address (409 without one) and
   * the parcel's weight from its items' weights.
   */
  private async prepareLabel(
    store: OwnedStore,
    id: string,
    locale?: Locale,
  ): Promise<PreparedLabel> {
    const { repository, stores, items: catalog } = this.deps;
    const order = await repository.findForStore(id, store.id);
    if (!order) throw new NotFound(M.notFound);
    const { shipFrom } = await stores.addressesOf(store.id);
    const items = await repository.itemsOf([id]);
    const shipped = items.filter(
      (i) => i.status !== 'REFUNDED' && i.status !== 'REJECTED_REFUND_IN_PROGRESS',
    );
    const weights = await catalog.weightsInPounds(shipped.map((i) => i.itemId));
    const weightLb = shipped.reduce((sum, i) => sum + (weights.get(i.itemId) ?? 0) * i.quantity, 0);
    return {
      // The label's sender is the brand: its name above the ship-from address.
      from: shipFrom ? { ...shipFrom, fullName: store.name } : null,
      weightLb,
      items: shipped.reduce((sum, i) => sum + i.quantity, 0),
      ...(locale ? { locale } : {}),
    };
  }

  /**
   * Buys the parcel's label unless it has one, under the store order's row lock: the rate of
   * the order's shipping method, then what the provider answered is kept on the store order.
   */
  private async buyLabelOnce(
    locked: LockedStoreOrder,
    writer: StoreOrderWriter,
    prepared: PreparedLabel,
  ): Promise<{ orderId: string; url: string | null }> {
    const { order } = locked;
    if (order.labelBoughtAt) return { orderId: order.orderId, url: order.labelUrl };
    // Shipped with the seller's own carrier: no label of ours exists, and none is bought now.
    if (order.trackingNumber && order.status !== 'PLACED') throw new Conflict(M.labelOwnCarrier);
    if (!prepared.from) throw new Conflict(STORE_MESSAGES.shipFromMissing);
    if (!order.shippingAddress) throw new Conflict('This order has no shipping address.');
    const { shipping } = this.deps;
    const shipment = {
      from: prepared.from,
      to: order.shippingAddress,
      // A parcel weighs something even when its products' weights are unknown.
      parcel: { weightLb: Math.max(prepared.weightLb, 0.1) },
      reference: orderReference(order.orderId),
      items: prepared.items,
      currency: order.currency as Currency,
      ...(prepared.locale ? { locale: prepared.locale } : {}),
    };
    const service = order.shippingMethod === 'EXPRESS' ? 'express' : 'standard';
    const rate = (await shipping.rates(shipment)).find((r) => r.service === service);
    if (!rate)
      throw new ShippingProviderError('refused', `no ${service} rate for store order ${order.id}`);
    const label: PurchasedLabel = await shipping.buyLabel({ shipment, rate });
    await writer.setOrder({
      labelBoughtAt: this.now(),
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      providerShipmentId: label.providerShipmentId,
      trackerId: label.trackerId,
      trackingUrl: label.trackingUrl,
      labelUrl: label.label.kind === 'url' ? label.label.url : null,
      labelPdf: label.label.kind === 'pdf' ? label.label.pdf : null,
      labelCostCents: label.amountCents,
      labelCurrency: label.currency,
    });
    return { orderId: order.orderId, url: label.label.kind === 'url' ? label.label.url : null };
  }

  /**
   * POST /shipping/easypost/webhook (and the local provider's simulated tracker): a verified
   * tracking update, applied once per event id. It records the parcel's scans and moves the
   * parcel and its shipped items through the state machine as the carrier (IN_TRANSIT, then
   * DELIVERED at the carrier's time); a move the table does not allow (a late in-transit scan
   * of a delivered parcel) is not made, and the update still counts as handled.
   */
  async applyTrackingUpdate(update: TrackingUpdate): Promise<'applied' | 'duplicate' | 'unknown'> {
    const { repository, shipping } = this.deps;
    if (await repository.webhookEventSeen(update.eventId)) return 'duplicate';
    const parcel = await repository.findByTrackingNumber(update.trackingNumber);
    if (!parcel) {
      const known = (await this.returnTracking?.(update)) ?? false;
      if (!known) return 'unknown';
      await repository.recordWebhookEvent(update.eventId, shipping.name, update.trackingNumber);
      return 'applied';
    }
    const outcome = await repository.locked(
      parcel.id,
      parcel.storeId,
      null,
      async ({ order, items }, writer) => {
        if (!(await writer.claimWebhookEvent(update.eventId, shipping.name, update.trackingNumber)))
          return null;
        await writer.addTrackingEvents(update.events);
        const mails: ('outForDelivery' | 'delivered')[] = [];
        if (update.status === 'out_for_delivery' && !order.outForDeliveryAt) {
          await writer.setOrder({ outForDeliveryAt: this.now() });
          mails.push('outForDelivery');
        }
        const target = CARRIER_MOVES[update.status];
        const status = order.status as StoreOrderStatus;
        if (!target || !canMove('storeOrder', status, target, 'carrier')) return { order, mails };
        const deliveredAt =
          target === 'DELIVERED'
            ? new Date(
                update.events.filter((e) => e.status === 'delivered').at(-1)?.occurredAt ??
                  this.now().toISOString(),
              )
            : undefined;
        await this.moveParcel(writer, items, target, 'carrier');
        await writer.setOrder({
          status: target,
          ...(deliveredAt ? { deliveredAt, deliveryAssumed: false } : {}),
        });
        if (target === 'DELIVERED') mails.push('delivered');
        return { order, mails };
      },
      'carrier',
    );
    if (!outcome) return 'duplicate';
    for (const mail of outcome.mails) await this.mailDelivery(outcome.order, mail);
    return 'applied';
  }

  /** The webhook route's whole step: the provider verifies the request (400 when refused). */
  async receiveTrackingWebhook(request: WebhookRequest) {
    const update = this.deps.shipping.verifyWebhook(request, this.now());
    if (!update) return 'ignored' as const;
    return this.applyTrackingUpdate(update);
  }

  /**
   * POST /store/orders/{id}/tracking/advance: the local provider's simulated tracker moves the
   * parcel one step (in transit, out for delivery, delivered), through the same signed webhook
   * an EasyPost tracker sends. 409 with any other provider, before shipping, or once delivered.
   */
  async advanceSimulatedTracking(caller: Caller, id: string): Promise<StoreOrderView> {
    if (!this.deps.trackingSimulator) throw new Conflict(M.trackerOff);
    return this.playSimulatedTracking(caller, id);
  }

  /**
   * One step of the simulated tracker whatever the configuration: for scripts that stand in for
   * the carrier (the demo seed delivers its past orders with it), never for a route.
   */
  async playSimulatedTracking(caller: Caller, id: string): Promise<StoreOrderView> {
    const { store } = await this.seller(caller);
    const { repository, shipping } = this.deps;
    const order = await repository.findForStore(id, store.id);
    if (!order) throw new NotFound(M.notFound);
    if (
      !(shipping instanceof LocalShippingProvider) ||
      !order.labelBoughtAt ||
      !order.trackingNumber?.startsWith(LOCAL_TRACKING_PREFIX)
    )
      throw new Conflict(M.trackerLocalOnly);
    if (order.status === 'PLACED') throw new Conflict(M.trackerNotShipped);
    const recorded = (await repository.trackingEventsOf([id])).map((event) => ({
      status: event.status as TrackingStatus,
      occurredAt: event.occurredAt.toISOString(),
      message: event.message,
      location: event.location,
    }));
    const request = shipping.advanceSimulation({ trackingNumber: order.trackingNumber, recorded });
    if (!request || order.status === 'DELIVERED') throw new Conflict(M.trackerDone);
    await this.receiveTrackingWebhook(request);
    return this.viewOf(store.id, id);
  }

  /**
   * POST /orders/parcels/{id}/received: the buyer says the parcel arrived ("I received it"). Their
   * own store orders only (404 for anyone else's); 409 for a parcel not on its way.
   */
  async confirmReceived(
    caller: Caller,
    id: string,
  ): Promise<{ id: string; status: StoreOrderStatus; deliveredAt: string }> {
    const { repository, users } = this.deps;
    const buyerId = await users.idOf(caller);
    const parcel = await repository.findForBuyer(id, buyerId);
    if (!parcel) throw new NotFound(M.notFound);
    const at = this.now();
    const moved = await repository.locked(
      id,
      parcel.storeId,
      buyerId,
      async ({ order, items }, writer) => {
        const status = order.status as StoreOrderStatus;
        if (!canMove('storeOrder', status, 'DELIVERED', 'buyer'))
          throw new Conflict(illegalMoveMessage('storeOrder', status, 'DELIVERED'));
        await this.moveParcel(writer, items, 'DELIVERED', 'buyer');
        await writer.setOrder({ status: 'DELIVERED', deliveredAt: at, deliveryAssumed: false });
        return true;
      },
      'buyer',
    );
    if (!moved) throw new NotFound(M.notFound);
    return { id, status: 'DELIVERED', deliveredAt: at.toISOString() };
  }

  /**
   * The sweep (with reconcile): a parcel SHIPPED or IN_TRANSIT this many days after shipping,
   * with no delivery event, is marked DELIVERED now, as assumed, by the system.
   */
  async assumeDeliveries(): Promise<number> {
    const { repository, log } = this.deps;
    const days = this.deps.assumeDeliveredAfterDays ?? DEFAULT_ASSUME_DELIVERED_AFTER_DAYS;
    const now = this.now();
    const due = await repository.undeliveredShippedBefore(
      new Date(now.getTime() - days * 24 * 60 * 60 * 1000),
    );
    let marked = 0;
    for (const parcel of due) {
      try {
        const moved = await repository.locked(
          parcel.id,
          parcel.storeId,
          null,
          async ({ order, items }, writer) => {
            const status = order.status as StoreOrderStatus;
            // Delivered (or refunded) since it was read: nothing to assume.
            if (!canMove('storeOrder', status, 'DELIVERED', 'system')) return false;
            await this.moveParcel(writer, items, 'DELIVERED', 'system');
            await writer.setOrder({ status: 'DELIVERED', deliveredAt: now, deliveryAssumed: true });
            return true;
          },
          'system',
        );
        if (moved) marked += 1;
      } catch (error) {
        log.error({ err: error, storeOrderId: parcel.id }, 'assuming a delivery failed');
      }
    }
    return marked;
  }

  /** The parcel's items that travel with it follow it (those the table lets move). */
  private async moveParcel(
    writer: StoreOrderWriter,
    items: ItemRow[],
    to: 'IN_TRANSIT' | 'DELIVERED',
    actor: OrderActor,
  ): Promise<void> {
    const moving = items.filter(
      (i) =>
        (i.status === 'SHIPPED' || i.status === 'IN_TRANSIT') &&
        canMove('item', i.status as FulfilmentStatus, to, actor),
    );
    await writer.setItemStatus(
      moving.map((i) => i.id),
      to,
    );
  }

  /** The buyer hears when the parcel is out for delivery and when it arrived: once each. */
  private async mailDelivery(
    order: StoreOrderRecord,
    what: 'outForDelivery' | 'delivered',
  ): Promise<void> {
    const { users, stores, mailer, log } = this.deps;
    try {
      const buyer = await users.contactOf(order.buyerId);
      if (!buyer) return;
      const storeName = (await stores.ownerIdsOf([order.storeId])).get(order.storeId)?.name;
      const reference = orderReference(order.orderId);
      const { t } = mailLanguage(buyer.locale);
      const brand = storeName ?? t(EMAIL_MESSAGES.yourBrand);
      const outForDelivery = what === 'outForDelivery';
      await mailer.send({
        to: buyer.email,
        subject: t(
          outForDelivery ? EMAIL_MESSAGES.outForDeliverySubject : EMAIL_MESSAGES.deliveredSubject,
          { brand, reference },
        ),
        text: t(outForDelivery ? EMAIL_MESSAGES.outForDeliveryBody : EMAIL_MESSAGES.deliveredBody, {
          firstName: buyer.firstName,
          brand,
          carrier: order.carrier ?? LABEL_CARRIER,
          trackingNumber: order.trackingNumber ?? '',
        }),
      });
    } catch (error) {
      log.error({ err: error, storeOrderId: order.id }, 'delivery mail failed');
    }
  }

  /** A buyer's own store orders (of an order, or one by id) with their items: returns read them. */
  async ofBuyer(
    buyerId: string,
    where: { orderId: string } | { storeOrderId: string },
  ): Promise<{ order: StoreOrderRecord; items: ItemRow[] }[]> {
    const { repository } = this.deps;
    const rows = await repository.forBuyer(buyerId, where);
    const items = await repository.itemsOf(rows.map((r) => r.id));
    return rows.map((order) => ({
      order,
      items: items.filter((i) => i.storeOrderId === order.id),
    }));
  }

  /** These order lines, wherever they are (the returns module's views). */
  orderItems(storeOrderIds: string[]): Promise<ItemRow[]> {
    return this.deps.repository.itemsOf(storeOrderIds);
  }

  /**
   * Moves order lines of a store order to `to` under its lock, by the state machine's table for
   * `actor` (409 naming both statuses otherwise), each move an event with the acting user.
   * The returns module's moves (requested, on its way back, received) go through here.
   */
  async moveItems(
    storeOrderId: string,
    storeId: string,
    orderItemIds: number[],
    to: FulfilmentStatus,
    actor: { by: OrderActor; userId: string | null },
    guard?: (items: ItemRow[], order: StoreOrderRecord) => void,
    /**
     * For a line of which only some units move (a buyer returning 1 of 2, issue 39.8): how many.
     * Those units become a line of their own, which moves; the answer lists it instead.
     */
    units?: ReadonlyMap<number, number>,
  ): Promise<ItemRow[]> {
    const moved = await this.deps.repository.locked(
      storeOrderId,
      storeId,
      actor.userId,
      async ({ order, items, taxLines }, writer) => {
        const chosen = orderItemIds.map((id) => items.find((i) => i.id === id));
        if (chosen.some((i) => !i)) throw new NotFound(M.itemNotFound);
        const lines = chosen as ItemRow[];
        guard?.(lines, order);
        for (const line of lines) {
          const from = line.status as FulfilmentStatus;
          if (!canMove('item', from, to, actor.by))
            throw new Conflict(illegalMoveMessage('item', from, to));
        }
        const moving: ItemRow[] = [];
        for (const line of lines) {
          const part = units?.get(line.id) ?? line.quantity;
          if (part < 1 || part > line.quantity) throw new Conflict(RETURN_MESSAGES.unitsInvalid);
          moving.push(part < line.quantity ? await writer.splitLine(line, part, taxLines) : line);
        }
        await writer.setItemStatus(
          moving.map((line) => line.id),
          to,
        );
        return moving;
      },
    );
    if (!moved) throw new NotFound(M.notFound);
    return moved;
  }

  /**
   * Refunds received returned lines (issue 16 item 4): each line's amount and exactly its
   * recorded tax, one refund per line, so the refund index keeps each line refunded at most once
   * and a later refund of the parcel leaves them out. Lines already refunded (or pending) are
   * skipped: a retry sends only what has not gone. A refusal by the provider puts the line back
   * to RETURN_RECEIVED for the next try. The buyer is mailed what went back.
   */
  async refundReturnedItems(
    storeOrderId: string,
    storeId: string,
    orderItemIds: number[],
    actor: { by: 'seller' | 'system'; userId: string | null },
  ): Promise<{ refunded: boolean; amount: number; tax: number }> {
    const { repository, stores, log } = this.deps;
    const reserved = await repository.locked(
      storeOrderId,
      storeId,
      actor.userId,
      async ({ order, items, taxLines, refundedItemIds, refundedOrPending }, writer) => {
        let left =
          toCents(order.subtotal) +
          toCents(order.shipping) +
          toCents(order.tax) -
          toCents(refundedOrPending);
        const refunds: {
          id: string;
          amount: number;
          tax: number;
          taxLines: StoreTaxLine[];
          item: ItemRow;
        }[] = [];
        for (const id of orderItemIds) {
          const item = items.find((i) => i.id === id);
          if (!item) throw new NotFound(M.itemNotFound);
          if (refundedItemIds.has(id)) continue;
          // Refunded with the whole parcel (issue 38: a parcel refund while the return waited
          // for its own): its money went back with the parcel's refund.
          if (item.status === 'REFUNDED') continue;
          if (
            !canMove('item', item.status as FulfilmentStatus, 'REFUNDED', actor.by) ||
            item.status !== 'RETURN_RECEIVED'
          )
            throw new Conflict(
              illegalMoveMessage('item', item.status as FulfilmentStatus, 'REFUNDED'),
            );
          const { amount, ...tax } = refundOf(order, [item], taxLines, false);
          // Never more than the store order was charged, whatever went back before.
          if (toCents(amount) > left) throw new Conflict(M.nothingToRefund);
          left -= toCents(amount);
          const refundId = await writer.addPendingRefund(amount, item.id, tax);
          await writer.setItemStatus([item.id], 'REFUNDED');
          refunds.push({
            id: refundId,
            amount,
            tax: tax.tax,
            taxLines: tax.lines as StoreTaxLine[],
            item,
          });
        }
        return { order, refunds };
      },
    );
    if (!reserved) throw new NotFound(M.notFound);
    const sent: typeof reserved.refunds = [];
    for (const refund of reserved.refunds) {
      try {
        await this.sendRefund(reserved.order, refund, actor.userId, storeId, (writer) =>
          writer.setItemStatus([refund.item.id], 'RETURN_RECEIVED'),
        );
        sent.push(refund);
      } catch (error) {
        log.warn({ err: error, refundId: refund.id }, 'a returned line was not refunded yet');
      }
    }
    if (sent.length > 0) {
      const storeName = (await stores.ownerIdsOf([storeId])).get(storeId)?.name ?? 'The store';
      await this.mailRefund(
        reserved.order,
        storeName,
        'returned',
        {
          amount: sumMoney(...sent.map((r) => r.amount)),
          tax: sumMoney(...sent.map((r) => r.tax)),
          taxLines: sent.flatMap((r) => r.taxLines),
        },
        sent.map((r) => r.item),
      );
    }
    const settled = await repository.itemRefunds(orderItemIds);
    const succeeded = settled.filter((r) => r.status === 'SUCCEEDED');
    const ownRefunds = new Set(settled.map((r) => r.orderItemId));
    // Refunded lines with no refund of their own went back with the parcel: done once it did.
    const refundedLines = new Set(
      (await repository.itemsOf([storeOrderId]))
        .filter((item) => item.status === 'REFUNDED')
        .map((item) => item.id),
    );
    const withParcel = orderItemIds.filter((id) => !ownRefunds.has(id) && refundedLines.has(id));
    const parcelDone =
      withParcel.length === 0 || !(await repository.parcelRefundPending(storeOrderId));
    return {
      refunded: succeeded.length + withParcel.length === orderItemIds.length && parcelDone,
      amount: sumMoney(...succeeded.map((r) => r.amount)),
      tax: sumMoney(...succeeded.map((r) => r.tax)),
    };
  }

  /**
   * What the payouts module reads of these stores' orders (issue 17): each store order as a
   * payout input (its refunds left at 0) and the refunds that went through, without their tax.
   */
  async payoutSources(storeIds: string[]): Promise<{
    orders: (PayoutInput & { storeId: string })[];
    refunds: { id: string; storeOrderId: string; amount: number; at: string }[];
  }> {
    const { repository } = this.deps;
    const rows = await repository.allForStores(storeIds);
    const refunds = await repository.succeededRefundsOf(rows.map((row) => row.id));
    return {
      orders: rows.map((row) => ({
        storeId: row.storeId,
        storeOrderId: row.id,
        reference: orderReference(row.orderId),
        placedAt: row.placedAt.toISOString(),
        currency: row.currency as Currency,
        // Tax is the marketplace's liability (DESIGN 9): it enters neither the brand's gross,
        // its refunds, nor the threshold its shipping reimbursement reads.
        gross: row.subtotal,
        shippingCharged: row.shipping,
        refunded: 0,
        orderTotal: (toCents(row.orderTotal) - toCents(row.orderTax)) / 100,
        taxCollected: (toCents(row.tax) - toCents(row.refundedTax)) / 100,
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        storeOrderId: refund.storeOrderId,
        amount: (toCents(refund.amount) - toCents(refund.tax)) / 100,
        at: refund.createdAt.toISOString(),
      })),
    };
  }

  /** The stores with an order placed in [start, end): a payout run's stores. */
  storeIdsPlacedBetween(start: Date, end: Date): Promise<string[]> {
    return this.deps.repository.storeIdsPlacedBetween(start, end);
  }

  private async seller(caller: Caller): Promise<{ store: OwnedStore; actorId: string }> {
    const store = await this.deps.stores.requireOwnedStore(caller);
    return { store, actorId: await this.deps.users.idOf(caller) };
  }

  /**
   * Sends a reserved refund to the provider. If it goes through it counts as returned; if the
   * provider refuses, the reservation is freed and `undo` puts the statuses back (502).
   */
  private async sendRefund(
    order: StoreOrderRecord,
    refund: { id: string; amount: number },
    actorId: string | null,
    storeId: string,
    undo: (writer: StoreOrderWriter) => Promise<void>,
  ): Promise<void> {
    const { repository, log } = this.deps;
    try {
      if (!order.paymentId) throw new Error('The order has no payment.');
      await this.sendToProvider(order.paymentId, refund);
    } catch (error) {
      // No answer is not a refusal: the refund stays reserved and reconcile() learns its outcome.
      if (error instanceof RefundUnanswered) throw error;
      log.error({ err: error, storeOrderId: order.id }, 'refund failed at the payment provider');
      await repository.refundFailed(
        refund.id,
        { storeOrderId: order.id, storeId, actorId },
        (_s, w) => undo(w),
      );
      throw new AppError(502, M.providerRefundFailed);
    }
    await repository.refundSucceeded(refund.id);
    await this.reverseTax(refund.id);
  }

  /**
   * The money went back: the tax provider's record of the sale is reversed for what the refund
   * returned. A reversal that fails is logged and retried by reconcile(); it never holds up the
   * buyer's money, which has already gone.
   */
  private async reverseTax(refundId: string): Promise<void> {
    const { repository, tax, log } = this.deps;
    try {
      const refund = await repository.refundForReversal(refundId);
      if (!refund) return;
      // A refund reserved before sales tax existed covers nothing a provider knows of.
      const { reversalId } = refund.covered
        ? await withTimeout(
            tax.reverse({
              orderId: refund.orderId,
              refundId: refund.id,
              transactionId: refund.transactionId,
              currency: refund.currency as Currency,
              lines: refund.covered.lines,
              shipping: refund.covered.shipping,
            }),
            this.paymentTimeoutMs,
            () => new Error('The tax provider did not answer in time.'),
          )
        : { reversalId: null };
      await repository.taxReversed(refund.id, reversalId, this.now());
    } catch (error) {
      log.error({ err: error, refundId }, 'reversing the sales tax of a refund failed');
    }
  }

  /**
   * Finishes refunds whose provider call never answered (a crash, a timeout); runs at start and
   * with the sweep. The provider is asked by the refund's idempotency key: one it has is
   * settled as it says, one it never received is sent now with the same key (the seller's
   * decision stands), one it failed frees its amount and puts the statuses back.
   */
  async reconcile(): Promise<{ succeeded: number; failed: number }> {
    const { repository, payments, log } = this.deps;
    const stale = await repository.stalePendingRefunds(
      new Date(this.now().getTime() - STALE_REFUND_MINUTES * 60_000),
    );
    const outcome = { succeeded: 0, failed: 0 };
    for (const refund of stale) {
      try {
        const settled = await this.settleStale(refund, payments);
        outcome[settled] += 1;
        log.warn({ refundId: refund.id, settled }, 'reconcile: settled a pending refund');
      } catch (error) {
        log.error({ err: error, refundId: refund.id }, 'reconcile: could not settle a refund');
        // The provider is not answering: the others wait for the next run too.
        if (error instanceof RefundUnanswered) break;
      }
    }
    const unreversed = await repository.unreversedRefunds(
      new Date(this.now().getTime() - STALE_REFUND_MINUTES * 60_000),
    );
    for (const refund of unreversed) await this.reverseTax(refund.id);
    return outcome;
  }

  private async settleStale(
    refund: PendingRefund,
    payments: PaymentProvider,
  ): Promise<'succeeded' | 'failed'> {
    const { repository } = this.deps;
    let status = refund.paymentId
      ? await this.timed(
          payments.refundStatus({
            paymentId: refund.paymentId,
            idempotencyKey: `refund-${refund.id}`,
          }),
        )
      : 'failed';
    if (status === 'missing') {
      try {
        await this.sendToProvider(refund.paymentId!, refund);
        status = 'succeeded';
      } catch (error) {
        if (error instanceof RefundUnanswered) throw error;
        status = 'failed';
      }
    }
    if (status === 'succeeded') {
      // Its request never told the buyer: the mail goes now, once (only the settling run).
      if (await repository.refundSucceeded(refund.id)) {
        await this.reverseTax(refund.id);
        await this.mailSettledRefund(refund);
      }
      return 'succeeded';
    }
    const before = await repository.statusesBeforeRefund(refund.id, refund.storeOrderId);
    await repository.refundFailed(
      refund.id,
      { storeOrderId: refund.storeOrderId, storeId: refund.storeId, actorId: null },
      async (_state, writer) => {
        if (before.storeOrder) await writer.setOrder({ status: before.storeOrder });
        for (const status of new Set(before.items.values())) {
          const ids = [...before.items].filter(([, s]) => s === status).map(([id]) => id);
          await writer.setItemStatus(ids, status);
        }
      },
    );
    return 'failed';
  }

  /** The refund mail for a refund reconcile() settled: what it covers, read back. */
  private async mailSettledRefund(refund: PendingRefund): Promise<void> {
    const { repository, stores, log } = this.deps;
    try {
      const order = await repository.findForStore(refund.storeOrderId, refund.storeId);
      if (!order) return;
      const items = await repository.itemsOf([refund.storeOrderId]);
      const storeName = (await stores.ownerIdsOf([refund.storeId])).get(refund.storeId)?.name;
      const covered = refund.orderItemId
        ? items.filter((i) => i.id === refund.orderItemId)
        : items.filter((i) => i.status === 'REFUNDED');
      await this.mailRefund(
        order,
        storeName ?? 'The store',
        // A line refunded on its own was rejected, or returned (then it is REFUNDED).
        !refund.orderItemId
          ? 'refunded'
          : covered[0]?.status === 'REFUNDED'
            ? 'returned'
            : 'rejected',
        { ...refund, taxLines: await repository.refundTaxLinesOf(refund.id) },
        covered,
      );
    } catch (error) {
      log.error({ err: error, refundId: refund.id }, 'refund mail failed');
    }
  }

  private sendToProvider(paymentId: string, refund: { id: string; amount: number }): Promise<void> {
    return this.timed(
      this.deps.payments.refund({
        paymentId,
        amount: refund.amount,
        idempotencyKey: `refund-${refund.id}`,
      }),
    );
  }

  private timed<T>(call: Promise<T>): Promise<T> {
    return withTimeout(call, this.paymentTimeoutMs, () => new RefundUnanswered());
  }

  private async viewOf(storeId: string, id: string): Promise<StoreOrderView> {
    const row = await this.deps.repository.findForStore(id, storeId);
    if (!row) throw new NotFound(M.notFound);
    return (await this.views(storeId, [row]))[0]!;
  }

  private async views(storeId: string, rows: StoreOrderRecord[]): Promise<StoreOrderView[]> {
    const { repository } = this.deps;
    const items = await repository.itemsOf(rows.map((r) => r.id));
    const ordered = await repository.orderedQuantities(storeId, [
      ...new Set(items.map((i) => i.itemId)),
    ]);
    return rows.map((row) => {
      const own = items.filter((i) => i.storeOrderId === row.id);
      const status = row.status as StoreOrderStatus;
      const view = { status, items: itemStatuses(own) };
      return {
        id: row.id,
        orderId: row.orderId,
        reference: orderReference(row.orderId),
        status,
        progress: orderProgress(own),
        placedAt: row.placedAt.toISOString(),
        currency: row.currency as Currency,
        subtotal: row.subtotal,
        shipping: row.shipping,
        tax: row.tax,
        refunded: row.refunded,
        shippingMethod: row.shippingMethod as ShippingMethod,
        shippingAddress: row.shippingAddress ?? null,
        trackingNumber: row.trackingNumber,
        carrier: row.carrier,
        shippedAt: row.shippedAt?.toISOString() ?? null,
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
        deliveryAssumed: row.deliveryAssumed,
        trackingUrl: row.trackingUrl,
        labelUrl: row.labelUrl,
        canAdvanceTracker:
          this.deps.trackingSimulator === true &&
          this.deps.shipping.name === 'local' &&
          row.labelBoughtAt !== null &&
          (row.trackingNumber?.startsWith(LOCAL_TRACKING_PREFIX) ?? false) &&
          (status === 'SHIPPED' || status === 'IN_TRANSIT'),
        canShip: canShipStoreOrder(view),
        canRefund: canRefundStoreOrder({ ...row, status }),
        canPrintLabel: canPrintShippingLabel(view),
        items: own.map((item) => ({
          id: item.id,
          itemId: item.itemId,
          itemName: item.itemName,
          thumbnail: item.thumbnail,
          size: item.size,
          color: item.color,
          quantity: item.quantity,
          itemPrice: item.itemPrice,
          status: item.status as OrderItemStatus,
          ordered: ordered.get(item.itemId) ?? item.quantity,
        })),
      };
    });
  }

  /**
   * Tells the buyer that money went back (issue 13): a rejected item, or a refund of the
   * parcel, with the amount and the items it covers. Sent once the provider took the refund.
   */
  private async mailRefund(
    order: StoreOrderRecord,
    storeName: string,
    reason: 'rejected' | 'refunded' | 'returned',
    refund: {
      amount: number;
      tax: number;
      taxLines: Omit<ReturnType<typeof returned>, 'orderItemId' | 'storeId'>[];
    },
    items: ItemRow[],
  ): Promise<void> {
    const { users, mailer, log } = this.deps;
    try {
      const buyer = await users.contactOf(order.buyerId);
      if (!buyer) return;
      const { t, money: moneyIn, option, itemName, colon, locale } = mailLanguage(buyer.locale);
      const money = (value: number) => moneyIn(value, order.currency);
      const reference = orderReference(order.orderId);
      const lines = items
        .map(
          (i) =>
            `- ${itemName(i.itemName, i.itemNameFr)} (${option(i.color, i.size)}) × ${i.quantity}${colon}${money(lineTotal(i))}`,
        )
        .join('\n');
      // The tax it returns, each tax on its own line, as the order's receipt showed it.
      const taxText = taxLineViews(refund.taxLines.map(componentOf))
        .map(
          (view) =>
            `${t(EMAIL_MESSAGES.taxReturnedLine, { label: taxLabelIn(locale, view, t), amount: money(view.amount) })}\n`,
        )
        .join('');
      const names = { storeName, reference };
      const [subject, intro] = {
        rejected: [EMAIL_MESSAGES.rejectedSubject, EMAIL_MESSAGES.rejectedIntro] as const,
        refunded: [EMAIL_MESSAGES.refundedSubject, EMAIL_MESSAGES.refundedIntro] as const,
        returned: [
          EMAIL_MESSAGES.returnRefundedSubject,
          EMAIL_MESSAGES.returnRefundedIntro,
        ] as const,
      }[reason];
      await mailer.send({
        to: buyer.email,
        subject: t(subject, names),
        text: t(EMAIL_MESSAGES.refundBody, {
          firstName: buyer.firstName,
          intro: t(intro, names),
          items: lines || t(EMAIL_MESSAGES.shippingLine),
          taxes: taxText,
          amount: money(refund.amount),
        }),
      });
    } catch (error) {
      log.error({ err: error, storeOrderId: order.id }, 'refund mail failed');
    }
  }

  private async mailShipped(
    order: StoreOrderRecord,
    items: ItemRow[],
    { trackingNumber, carrier }: Pick<StoreOrderView, 'trackingNumber' | 'carrier'>,
    store: OwnedStore,
  ): Promise<void> {
    const { users, mailer, log } = this.deps;
    try {
      const buyer = await users.contactOf(order.buyerId);
      if (!buyer) return;
      const { t, money, option, itemName, colon } = mailLanguage(buyer.locale);
      await mailer.send({
        to: buyer.email,
        subject: t(EMAIL_MESSAGES.shippedSubject, {
          storeName: store.name,
          reference: orderReference(order.orderId),
        }),
        text: t(EMAIL_MESSAGES.shippedBody, {
          firstName: buyer.firstName,
          storeName: store.name,
          items: items
            .map(
              (i) =>
                `- ${itemName(i.itemName, i.itemNameFr)} (${option(i.color, i.size)}) × ${i.quantity}${colon}${money(lineTotal(i), order.currency)}`,
            )
            .join('\n'),
          carrier: carrier ?? LABEL_CARRIER,
          trackingNumber,
        }),
      });
    } catch (error) {
      log.error({ err: error, storeOrderId: order.id }, 'shipping mail failed');
    }
  }
}

function itemStatuses(items: ItemRow[]): { status: OrderItemStatus }[] {
  return items.map((item) => ({ status: item.status as OrderItemStatus }));
}

/** What buying a label needs from outside the row lock. */
interface PreparedLabel {
  /** The store's ship-from address with its name as the sender; null: none yet (409). */
  from: ShippingAddress | null;
  weightLb: number;
  items: number;
  /** The language of the seller printing the label (the local label's words), when known. */
  locale?: Locale;
}
