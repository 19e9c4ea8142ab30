import {
  asCents,
  sumCents,
  type Cents,
  AppError,
  Conflict,
  NotFound,
  RETURN_MESSAGES,
  STORE_ORDER_MESSAGES as M,
  canMove,
  type Locale,
  illegalMoveMessage,
  shipBlocker,
  shipsWithParcel,
  orderReference,
  type Currency,
  type FulfilmentStatus,
  type OrderActor,
  type OrderItemDecision,
  type OrderItemStatus,
  type ShipStoreOrderInput,
  type ShippingAddress,
  type StoreOrderFilter,
  type StoreOrderStatus,
  type StoreOrderView,
  type PayoutCentsInput,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { DEFAULT_PAYMENT_TIMEOUT_MS } from '../../providers/payments/payment-timeout';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider';
import type { TaxProvider } from '../../providers/tax/tax-provider';
import type { OwnedStore, StoresService } from '../stores/stores.service';
import type { Caller, UsersService } from '../users/users.service';
import { refundOf, type ItemRow } from './refund-amounts';
import type { Announcer } from '../../lib/events';
import type { RefundsRepository } from './refunds.repository';
import { StoreOrderMails } from './store-order-mails';
import { StoreOrderRefunds } from './store-order-refunds';
import { itemStatuses, storeOrderViews } from './store-order-views';
import type {
  LockedStoreOrder,
  StoreOrderRecord,
  StoreOrderWriter,
  StoreOrdersRepository,
  StoreTaxLine,
} from './store-orders.repository';

export type {
  LockedStoreOrder,
  StoreOrderRecord,
  StoreOrderWriter,
} from './store-orders.repository';
export type { ItemRow } from './refund-amounts';
export { itemStatuses } from './store-order-views';

/** What buying a label needs from outside the row lock. */
export interface PreparedLabel {
  /** The store's ship-from address with its name as the sender; null: none yet (409). */
  from: ShippingAddress | null;
  weightLb: number;
  items: number;
  /** The language of the seller printing the label (the local label's words), when known. */
  locale?: Locale;
}

/**
 * Buying a parcel's label through the shipping provider (fulfilment's ShippingLabels): shipping
 * with this site's label buys it first, under the store order's lock.
 */
export interface ParcelLabels {
  prepare(store: OwnedStore, items: ItemRow[], locale?: Locale): Promise<PreparedLabel>;
  buyOnce(
    locked: LockedStoreOrder,
    writer: StoreOrderWriter,
    prepared: PreparedLabel,
  ): Promise<{ orderId: string; url: string | null }>;
}

/** What a store order can still give back: all it was charged, less refunds sent or waiting. */
const leftToRefund = (order: StoreOrderRecord, refundedOrPendingCents: Cents): Cents =>
  asCents(order.subtotalCents + order.shippingCents + order.taxCents - refundedOrPendingCents);

/**
 * What this module announces. A parcel refunded as a whole settles the returns waiting on it
 * (issue 38 item 10): the returns module listens.
 */
export type StoreOrderEvents = {
  'storeOrder.refunded': { storeOrderId: string };
};

interface StoreOrdersDeps {
  repository: StoreOrdersRepository;
  events: Announcer<StoreOrderEvents>;
  refunds: RefundsRepository;
  labels: ParcelLabels;
  stores: StoresService;
  users: UsersService;
  payments: PaymentProvider;
  tax: TaxProvider;
  /** Which provider ships (its name): the simulated tracker is the local provider's. */
  shipping: ShippingProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How long a seller's refund waits for the payment provider (504 after that). */
  paymentTimeoutMs?: number;
  /**
   * Whether sellers may play the local provider's simulated tracker (a test and demo tool: it
   * lets a seller mark their own parcel delivered). Off unless set; never in production.
   */
  trackingSimulator?: boolean;
  now?: () => Date;
}

/** The unique index of a tracking number on a parcel on its way (db/schema/orders.ts). */
const ACTIVE_TRACKING_NUMBER_KEY = 'store_orders_active_tracking_number_key';

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
  private readonly mails: StoreOrderMails;
  private readonly refunds: StoreOrderRefunds;

  constructor(private readonly deps: StoreOrdersDeps) {
    this.now = deps.now ?? (() => new Date());
    const { repository, log } = deps;
    this.mails = new StoreOrderMails({ users: deps.users, mailer: deps.mailer, log });
    this.refunds = new StoreOrderRefunds({
      repository,
      refunds: deps.refunds,
      payments: deps.payments,
      tax: deps.tax,
      stores: deps.stores,
      mails: this.mails,
      log,
      timeoutMs: deps.paymentTimeoutMs ?? DEFAULT_PAYMENT_TIMEOUT_MS,
      now: this.now,
    });
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
    return { orders: await this.viewsOf(store.id, rows), total };
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
        const { amountCents, ...tax } = refundOf(order, [item], taxLines, false);
        const refundId = await writer.addPendingRefund(amountCents, item.id, tax);
        return {
          refund: { id: refundId, amountCents, taxCents: tax.taxCents, taxLines: tax.lines },
          item,
          previous: status,
          order,
        };
      },
    );
    if (!outcome) throw new NotFound(M.notFound);
    if (outcome.refund) {
      const { item, previous } = outcome;
      await this.refunds.send(outcome.order!, outcome.refund, actorId, store.id, (writer) =>
        writer.setItemStatus([item.id], previous),
      );
      await this.mails.refund(outcome.order!, store.name, 'rejected', outcome.refund, [item]);
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
        if (!ownCarrier) await this.deps.labels.buyOnce(locked, writer, prepared!);
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
    await this.mails.shipped(shipped.order, shipped.accepted, view, store);
    return view;
  }

  /** POST /store/orders/{id}/refund: whatever has not gone back yet, once. */
  async refund(caller: Caller, id: string): Promise<StoreOrderView> {
    const { store, actorId } = await this.seller(caller);
    const reserved = await this.deps.repository.locked(
      id,
      store.id,
      actorId,
      async ({ order, items, refundedOrPendingCents, taxLines, refundedItemIds }, writer) => {
        requireSellerMove('storeOrder', order.status, 'REFUNDED');
        // What is left: the items not refunded on their own (rejected), the shipping, and the
        // tax recorded on exactly those; never more than the store order was charged.
        const left = leftToRefund(order, refundedOrPendingCents);
        const { amountCents: covered, ...tax } = refundOf(
          order,
          items.filter((i) => !refundedItemIds.has(i.id)),
          taxLines,
          true,
        );
        const amountCents = asCents(Math.min(left, covered));
        if (amountCents <= 0) throw new Conflict(M.nothingToRefund);
        const refundId = await writer.addPendingRefund(amountCents, null, tax);
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
          refund: { id: refundId, amountCents, taxCents: tax.taxCents, taxLines: tax.lines },
          previous,
          open,
        };
      },
    );
    if (!reserved) throw new NotFound(M.notFound);
    const { previous } = reserved;
    await this.refunds.send(reserved.order, reserved.refund, actorId, store.id, async (writer) => {
      await writer.setOrder({ status: previous.status });
      for (const status of new Set(previous.items.map((i) => i.status))) {
        const ids = previous.items.filter((i) => i.status === status).map((i) => i.id);
        await writer.setItemStatus(ids, status as OrderItemStatus);
      }
    });
    // A return waiting for its own refund is closed by this one (issue 38 item 10).
    await this.deps.events.announce('storeOrder.refunded', { storeOrderId: id });
    // The items this refund covers: a rejected item's money went back with its rejection.
    const covered = reserved.open.filter((i) => i.status !== 'REJECTED_REFUND_IN_PROGRESS');
    await this.mails.refund(reserved.order, store.name, 'refunded', reserved.refund, covered);
    return this.viewOf(store.id, id);
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
  ): Promise<{ refunded: boolean }> {
    const { repository, stores, log } = this.deps;
    const reserved = await repository.locked(
      storeOrderId,
      storeId,
      actor.userId,
      async ({ order, items, taxLines, refundedItemIds, refundedOrPendingCents }, writer) => {
        let left = leftToRefund(order, refundedOrPendingCents);
        const refunds: {
          id: string;
          amountCents: Cents;
          taxCents: Cents;
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
          const { amountCents, ...tax } = refundOf(order, [item], taxLines, false);
          // Never more than the store order was charged, whatever went back before.
          if (amountCents > left) throw new Conflict(M.nothingToRefund);
          left = asCents(left - amountCents);
          const refundId = await writer.addPendingRefund(amountCents, item.id, tax);
          await writer.setItemStatus([item.id], 'REFUNDED');
          refunds.push({
            id: refundId,
            amountCents,
            taxCents: tax.taxCents,
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
        await this.refunds.send(reserved.order, refund, actor.userId, storeId, (writer) =>
          writer.setItemStatus([refund.item.id], 'RETURN_RECEIVED'),
        );
        sent.push(refund);
      } catch (error) {
        log.warn({ err: error, refundId: refund.id }, 'a returned line was not refunded yet');
      }
    }
    if (sent.length > 0) {
      const storeName = (await stores.ownerIdsOf([storeId])).get(storeId)?.name ?? 'The store';
      await this.mails.refund(
        reserved.order,
        storeName,
        'returned',
        {
          amountCents: sumCents(...sent.map((r) => r.amountCents)),
          taxCents: sumCents(...sent.map((r) => r.taxCents)),
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
    };
  }

  /**
   * What the payouts module reads of these stores' orders (issue 17): each store order as a
   * payout input (its refunds left at 0) and the refunds that went through, without their tax,
   * in cents.
   */
  async payoutSources(storeIds: string[]): Promise<{
    orders: (PayoutCentsInput & { storeId: string })[];
    refunds: { id: string; storeOrderId: string; amountCents: Cents; at: string }[];
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
        grossCents: row.subtotalCents,
        shippingChargedCents: row.shippingCents,
        refundedCents: asCents(0),
        orderTotalCents: asCents(row.orderTotalCents - row.orderTaxCents),
        taxCollectedCents: asCents(row.taxCents - row.refundedTaxCents),
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        storeOrderId: refund.storeOrderId,
        amountCents: asCents(refund.amountCents - refund.taxCents),
        at: refund.createdAt.toISOString(),
      })),
    };
  }

  /** The stores with an order placed in [start, end): a payout run's stores. */
  storeIdsPlacedBetween(start: Date, end: Date): Promise<string[]> {
    return this.deps.repository.storeIdsPlacedBetween(start, end);
  }

  /** Finishes refunds whose provider call never answered (see StoreOrderRefunds.reconcile). */
  reconcile(): Promise<{ succeeded: number; failed: number }> {
    return this.refunds.reconcile();
  }

  /**
   * Runs `step` on a store order under its row lock (fulfilment moves parcels through here):
   * concurrent steps on one store order run one after the other. Undefined: no such store order.
   */
  withParcel<T>(
    id: string,
    storeId: string,
    actorId: string | null,
    step: (state: LockedStoreOrder, writer: StoreOrderWriter) => Promise<T>,
    actorKind?: OrderActor,
  ): Promise<T | undefined> {
    return this.deps.repository.locked(id, storeId, actorId, step, actorKind);
  }

  /** A store order of this store's, as read outside any lock. */
  parcelOf(storeId: string, id: string): Promise<StoreOrderRecord | undefined> {
    return this.deps.repository.findForStore(id, storeId);
  }

  /**
   * What buying a label needs that is read outside the row lock (one database connection may
   * serve the lock's transaction alone): the parcel's items, for their weight; 404 for a store
   * order not of this store.
   */
  async prepareLabel(store: OwnedStore, id: string, locale?: Locale): Promise<PreparedLabel> {
    const { repository, labels } = this.deps;
    const order = await repository.findForStore(id, store.id);
    if (!order) throw new NotFound(M.notFound);
    return labels.prepare(store, await repository.itemsOf([id]), locale);
  }

  private async seller(caller: Caller): Promise<{ store: OwnedStore; actorId: string }> {
    const store = await this.deps.stores.requireOwnedStore(caller);
    return { store, actorId: await this.deps.users.idOf(caller) };
  }

  private viewsOf(storeId: string, rows: StoreOrderRecord[]): Promise<StoreOrderView[]> {
    const { repository, shipping, trackingSimulator } = this.deps;
    return storeOrderViews({ repository, shipping, trackingSimulator }, storeId, rows);
  }

  /** The store order as its brand sees it (404 for another store's). */
  async viewOf(storeId: string, id: string): Promise<StoreOrderView> {
    const row = await this.deps.repository.findForStore(id, storeId);
    if (!row) throw new NotFound(M.notFound);
    return (await this.viewsOf(storeId, [row]))[0]!;
  }
}
