import {
  Conflict,
  NotFound,
  STORE_ORDER_MESSAGES as M,
  DEFAULT_ASSUME_DELIVERED_AFTER_DAYS,
  LABEL_CARRIER,
  canMove,
  labelBlocker,
  EMAIL_MESSAGES,
  type Locale,
  illegalMoveMessage,
  orderReference,
  type FulfilmentStatus,
  type OrderActor,
  type StoreOrderStatus,
  type StoreOrderView,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mailLanguage } from '../../providers/mail/mail-language';
import type { Mailer } from '../../providers/mail/mailer';
import type {
  ShippingProvider,
  TrackingStatus,
  TrackingUpdate,
  WebhookRequest,
} from '../../providers/shipping/shipping-provider';
import {
  itemStatuses,
  type ItemRow,
  type StoreOrderRecord,
  type StoreOrderWriter,
  type StoreOrdersService,
} from '../store-orders/store-orders.service';
import type { OwnedStore, StoresService } from '../stores/stores.service';
import type { Caller, UsersService } from '../users/users.service';
import type { FulfilmentRepository } from './fulfilment.repository';
import type { ShippingLabels } from './shipping-labels';

interface FulfilmentDeps {
  repository: FulfilmentRepository;
  /** The store orders' lock, records and views: parcels move under the store order's lock. */
  storeOrders: StoreOrdersService;
  labels: ShippingLabels;
  /** A tracking update whose number is no store order's goes here: a return label's parcel. */
  returns: ReturnTracking;
  stores: StoresService;
  users: UsersService;
  /** Labels, rates and tracking (issue 16). */
  shipping: ShippingProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** A shipped parcel with no delivery event is assumed delivered this many days later. */
  assumeDeliveredAfterDays?: number;
  /**
   * Whether sellers may play the local provider's simulated tracker (a test and demo tool: it
   * lets a seller mark their own parcel delivered). Off unless set; never in production.
   */
  trackingSimulator?: boolean;
  now?: () => Date;
}

/** The returns module's side of tracking: it answers whether it knew the number. */
export interface ReturnTracking {
  trackingUpdate(update: TrackingUpdate): Promise<boolean>;
}

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

/**
 * Fulfilment (issue 16): a parcel's label, its tracking (the carrier's webhook, or the local
 * provider's simulated tracker), and its delivery, told by the carrier, the buyer, or assumed
 * after some days. Each move goes through the store order's lock and its state machine.
 */
export class FulfilmentService {
  private readonly now: () => Date;

  constructor(private readonly deps: FulfilmentDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Whether parcels shipped with this site's label use the local provider (PDF labels and the
   * simulated tracker, no carrier's service asked), rather than a carrier's (EasyPost), which
   * buys labels over the network: what the demo seed reads to stay off the network.
   */
  get labelsAreLocal(): boolean {
    return this.deps.shipping.advanceSimulation !== undefined;
  }

  /**
   * GET /store/orders/{id}/shipping-label: the label bought through the shipping provider for
   * the order's shipping method, bought the first time only (under the store order's row lock,
   * so two prints at once buy one label); every later print answers the same label.
   */
  async shippingLabel(caller: Caller, id: string, locale?: Locale): Promise<ShippingLabelFile> {
    const { store, actorId } = await this.seller(caller);
    const prepared = await this.deps.storeOrders.prepareLabel(store, id, locale);
    const bought = await this.deps.storeOrders.withParcel(
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
        return this.deps.labels.buyOnce(locked, writer, prepared);
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
   * POST /shipping/easypost/webhook (and the local provider's simulated tracker): a verified
   * tracking update, applied once per event id. It records the parcel's scans and moves the
   * parcel and its shipped items through the state machine as the carrier (IN_TRANSIT, then
   * DELIVERED at the carrier's time); a move the table does not allow (a late in-transit scan
   * of a delivered parcel) is not made, and the update still counts as handled.
   */
  async applyTrackingUpdate(update: TrackingUpdate): Promise<'applied' | 'duplicate' | 'unknown'> {
    const { repository, storeOrders, shipping } = this.deps;
    if (await repository.webhookEventSeen(update.eventId)) return 'duplicate';
    const parcel = await repository.findByTrackingNumber(update.trackingNumber);
    if (!parcel) {
      const known = await this.deps.returns.trackingUpdate(update);
      if (!known) return 'unknown';
      await repository.recordWebhookEvent(update.eventId, shipping.name, update.trackingNumber);
      return 'applied';
    }
    const outcome = await storeOrders.withParcel(
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
    const { repository, storeOrders, shipping } = this.deps;
    const order = await storeOrders.parcelOf(store.id, id);
    if (!order) throw new NotFound(M.notFound);
    const advance = shipping.advanceSimulation?.bind(shipping);
    if (
      !advance ||
      !order.labelBoughtAt ||
      !order.trackingNumber ||
      !(shipping.simulates?.(order.trackingNumber) ?? false)
    )
      throw new Conflict(M.trackerLocalOnly);
    if (order.status === 'PLACED') throw new Conflict(M.trackerNotShipped);
    const recorded = (await repository.trackingEventsOf([id])).map((event) => ({
      status: event.status as TrackingStatus,
      occurredAt: event.occurredAt.toISOString(),
      message: event.message,
      location: event.location,
    }));
    const request = advance({ trackingNumber: order.trackingNumber, recorded });
    if (!request || order.status === 'DELIVERED') throw new Conflict(M.trackerDone);
    await this.receiveTrackingWebhook(request);
    return this.deps.storeOrders.viewOf(store.id, id);
  }

  /**
   * POST /orders/parcels/{id}/received: the buyer says the parcel arrived ("I received it"). Their
   * own store orders only (404 for anyone else's); 409 for a parcel not on its way.
   */
  async confirmReceived(
    caller: Caller,
    id: string,
  ): Promise<{ id: string; status: StoreOrderStatus; deliveredAt: string }> {
    const { repository, storeOrders, users } = this.deps;
    const buyerId = await users.idOf(caller);
    const parcel = await repository.findForBuyer(id, buyerId);
    if (!parcel) throw new NotFound(M.notFound);
    const at = this.now();
    const moved = await storeOrders.withParcel(
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
    const { repository, storeOrders, log } = this.deps;
    const days = this.deps.assumeDeliveredAfterDays ?? DEFAULT_ASSUME_DELIVERED_AFTER_DAYS;
    const now = this.now();
    const due = await repository.undeliveredShippedBefore(
      new Date(now.getTime() - days * 24 * 60 * 60 * 1000),
    );
    let marked = 0;
    for (const parcel of due) {
      try {
        const moved = await storeOrders.withParcel(
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

  private async seller(caller: Caller): Promise<{ store: OwnedStore; actorId: string }> {
    const store = await this.deps.stores.requireOwnedStore(caller);
    return { store, actorId: await this.deps.users.idOf(caller) };
  }
}
