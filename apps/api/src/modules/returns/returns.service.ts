import {
  Conflict,
  NotFound,
  ServiceUnavailable,
  RETURN_FIT_VOTES,
  RETURN_MESSAGES as M,
  RETURN_REASON_LABELS,
  EMAIL_MESSAGES,
  orderReference,
  refundDueBy,
  returnLabelIsFree,
  returnWindowBlocker,
  returnWindowEnd,
  fromCents,
  sumCents,
  type CreateReturnInput,
  type Currency,
  type Locale,
  type OrderItemStatus,
  type OverdueReturn,
  type ReceiveReturnInput,
  type ReturnReason,
  type ReturnStatus,
  type ReturnView,
  type ReturnableStoreOrder,
  type ShippingAddress,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mailLanguage, type MailLanguage } from '../../providers/mail/mail-language';
import type { Mailer } from '../../providers/mail/mailer';
import type {
  PurchasedLabel,
  ShippingProvider,
  TrackingUpdate,
} from '../../providers/shipping/shipping-provider';
import type { ItemsService } from '../items/items.service';
import type { Listener } from '../../lib/events';
import type { StoreOrderEvents, StoreOrdersService } from '../store-orders/store-orders.service';
import type { StoresService } from '../stores/stores.service';
import type { UsersService } from '../users/users.service';
import type { ReturnRecord, ReturnsRepository } from './returns.repository';

interface ReturnsDeps {
  repository: ReturnsRepository;
  storeOrders: StoreOrdersService;
  /** A parcel refunded as a whole closes the returns waiting on it. */
  storeOrderEvents: Listener<StoreOrderEvents>;
  stores: StoresService;
  users: UsersService;
  items: ItemsService;
  shipping: ShippingProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}

type OrderLine = Awaited<ReturnType<StoreOrdersService['orderItems']>>[number];

const lineAmount = (line: OrderLine) =>
  sumCents(line.itemPriceCents * line.quantity, line.taxCents);
const OPEN_RETURN: readonly string[] = ['RETURN_REQUESTED', 'RETURN_IN_TRANSIT', 'RETURN_RECEIVED'];

/**
 * Returns (issue 16 item 4): a buyer sends back lines of a delivered store order within 14
 * days, with a prepaid label; the brand marks them received and their refund (the lines and
 * exactly their recorded tax) goes out at once through the store orders module, which owns the
 * lines' statuses and the money. A refund that fails is retried by the sweep and shows as
 * overdue after RETURN_REFUND_WORKING_DAYS working days.
 */
/** Returns opened in one week (its Monday, UTC) and currency. */
export interface ReturnsOpened {
  week: string;
  currency: Currency;
  returns: number;
}

export class ReturnsService {
  private readonly now: () => Date;

  constructor(private readonly deps: ReturnsDeps) {
    this.now = deps.now ?? (() => new Date());
    deps.storeOrderEvents.on('storeOrder.refunded', ({ storeOrderId }) =>
      this.parcelRefunded(storeOrderId),
    );
  }

  /** GET /orders/{orderId}/returnable: the order's parcels and which lines can go back now. */
  async returnable(userName: string, orderId: string): Promise<ReturnableStoreOrder[]> {
    const { users, storeOrders, stores, repository } = this.deps;
    const buyerId = await users.accountId(userName);
    const parcels = await storeOrders.ofBuyer(buyerId, { orderId });
    if (parcels.length === 0) throw new NotFound(M.orderNotFound);
    const names = await stores.ownerIdsOf(parcels.map((p) => p.order.storeId));
    const returned = await repository.returnedLines(
      parcels.flatMap((p) => p.items.map((i) => i.id)),
    );
    const now = this.now();
    return parcels.map(({ order, items }) => {
      const blocker = returnWindowBlocker(order.deliveredAt, now);
      return {
        storeOrderId: order.id,
        storeName: names.get(order.storeId)?.name ?? '',
        currency: order.currency as Currency,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
        returnBy: order.deliveredAt ? returnWindowEnd(order.deliveredAt).toISOString() : null,
        blocker,
        labelFree: order.shippingAddress ? returnLabelIsFree(order.shippingAddress) : false,
        lines: items.map((item) => ({
          ...lineView(item),
          returnable: !blocker && item.status === 'DELIVERED' && !returned.has(item.id),
        })),
      };
    });
  }

  /** POST /orders/returns: the buyer's return of lines of their own delivered store order. */
  /** `locale`: the buyer's page language, which the prepaid return label is drawn in. */
  async create(userName: string, input: CreateReturnInput, locale?: Locale): Promise<ReturnView> {
    const { users, storeOrders, stores, repository } = this.deps;
    const buyerId = await users.accountId(userName);
    const [parcel] = await storeOrders.ofBuyer(buyerId, { storeOrderId: input.storeOrderId });
    // Another buyer's order is not revealed.
    if (!parcel) throw new NotFound(M.orderNotFound);
    const { order, items } = parcel;
    const lines = input.orderItemIds.map((id) => items.find((i) => i.id === id));
    if (lines.some((line) => !line)) throw new NotFound(M.itemNotInOrder);
    const units = unitsToReturn(input, lines as OrderLine[]);
    // The units going back: a line returned in part is priced and weighed for those alone.
    const chosen = (lines as OrderLine[]).map((line) => ({
      ...line,
      quantity: units.get(line.id) ?? line.quantity,
    }));
    const blocker = returnWindowBlocker(order.deliveredAt, this.now());
    if (blocker) throw new Conflict(blocker);
    const returned = await repository.returnedLines(input.orderItemIds);
    if (chosen.some((line) => returned.has(line.id) || OPEN_RETURN.includes(line.status)))
      throw new Conflict(M.alreadyOpen);
    const { returnTo } = await stores.addressesOf(order.storeId);
    if (!returnTo) throw new Conflict(M.noReturnAddress);
    if (!order.shippingAddress) throw new Conflict(M.notDelivered);
    const buyerAddress = order.shippingAddress;

    // The label first: a second submission of the same lines fails below and its label is
    // never used (a carrier charges a return label only when it is scanned).
    const label = returnLabelIsFree(buyerAddress)
      ? await this.buyLabel(order, chosen, returnTo, buyerAddress, locale)
      : null;
    const moved = await storeOrders.moveItems(
      order.id,
      order.storeId,
      input.orderItemIds,
      'RETURN_REQUESTED',
      { by: 'buyer', userId: buyerId },
      undefined,
      units,
    );
    const amountCents = sumCents(...moved.map(lineAmount));
    const taxCents = sumCents(...moved.map((line) => line.taxCents));
    const created = await repository.create(
      {
        storeOrderId: order.id,
        orderId: order.orderId,
        storeId: order.storeId,
        buyerId,
        reason: input.reason,
        status: 'REQUESTED',
        currency: order.currency,
        returnAddress: returnTo,
        buyerName: buyerAddress.fullName,
        labelCarrier: label?.carrier ?? null,
        labelTrackingNumber: label?.trackingNumber ?? null,
        labelUrl: label?.label.kind === 'url' ? label.label.url : null,
        labelPdf: label?.label.kind === 'pdf' ? label.label.pdf : null,
        labelTrackerId: label?.trackerId ?? null,
        labelShipmentId: label?.providerShipmentId ?? null,
        amountCents,
        taxCents,
        requestedAt: this.now(),
      },
      moved.map((line) => ({ orderItemId: line.id, itemId: line.itemId })),
    );
    if (!created) throw new Conflict(M.alreadyOpen);
    const [view] = await this.views([created]);
    await this.mailRequested(created, view!, order.buyerId);
    return view!;
  }

  /** GET /orders/returns: the buyer's returns, newest first. */
  async listForBuyer(userName: string, page: number, pageSize: number, orderId?: string) {
    const buyerId = await this.deps.users.accountId(userName);
    const { rows, total } = await this.deps.repository.page({ buyerId, orderId }, page, pageSize);
    return { returns: await this.views(rows), total };
  }

  /** GET /store/returns: the store's returns, newest first (the dashboard's Returns tab). */
  async listForStore(userName: string, page: number, pageSize: number) {
    const store = await this.deps.stores.requireOwnedStore(userName);
    const { rows, total } = await this.deps.repository.page({ storeId: store.id }, page, pageSize);
    return { returns: await this.views(rows), total };
  }

  /** GET /orders/returns/{id}/label: our PDF, or where the provider hosts the label. */
  async label(userName: string, id: string): Promise<{ pdf: Buffer } | { url: string }> {
    const buyerId = await this.deps.users.accountId(userName);
    const row = await this.deps.repository.labelOf(id);
    if (!row || row.buyerId !== buyerId) throw new NotFound(M.notFound);
    if (row.labelPdf) return { pdf: row.labelPdf };
    if (row.labelUrl) return { url: row.labelUrl };
    throw new NotFound(M.noLabel);
  }

  /**
   * POST /store/returns/{id}/receive: the brand has the parcel (perhaps damaged, with a note):
   * its lines become RETURN_RECEIVED and their refund goes out at once.
   */
  async receive(userName: string, id: string, input: ReceiveReturnInput): Promise<ReturnView> {
    const { stores, users, repository } = this.deps;
    const store = await stores.requireOwnedStore(userName);
    const row = await repository.find(id);
    // Another store's return is not revealed.
    if (!row || row.storeId !== store.id) throw new NotFound(M.notFound);
    const actor = { by: 'seller' as const, userId: await users.accountId(userName) };
    await this.markReceived(row, actor, input.damaged ? input.note.trim() : null);
    return (await this.views([(await repository.find(id))!]))[0]!;
  }

  /**
   * A verified tracking update (the shipping webhook's listener calls this): true when its
   * tracking number is one of our return labels. On its way: the lines move RETURN_IN_TRANSIT;
   * delivered to the brand: received (the refund's three working days start at arrival).
   */
  async trackingUpdate(update: TrackingUpdate): Promise<boolean> {
    const row = await this.deps.repository.findByTrackingNumber(update.trackingNumber);
    if (!row) return false;
    const carrier = { by: 'carrier' as const, userId: null };
    if (update.status === 'in_transit' || update.status === 'out_for_delivery') {
      await this.moveOnTheWay(row);
    } else if (update.status === 'delivered') {
      await this.moveOnTheWay(row);
      const fresh = (await this.deps.repository.find(row.id))!;
      if (fresh.status === 'IN_TRANSIT') await this.markReceived(fresh, carrier, null);
    }
    return true;
  }

  /**
   * Received returns whose refund has not gone through, oldest first, once their
   * RETURN_REFUND_WORKING_DAYS working days are over (the operator's console).
   */
  async overdue(): Promise<OverdueReturn[]> {
    const { repository, stores, users } = this.deps;
    const now = this.now();
    // Three working days are never fewer than three calendar days.
    const rows = (await repository.receivedBefore(new Date(now.getTime() - 3 * 86_400_000))).filter(
      (row) => refundDueBy(row.receivedAt!) < now,
    );
    const names = await stores.ownerIdsOf([...new Set(rows.map((r) => r.storeId))]);
    const buyers = await users.userNamesOf(rows.map((r) => r.buyerId));
    return rows.map((row) => ({
      returnId: row.id,
      reference: orderReference(row.orderId),
      storeId: row.storeId,
      storeName: names.get(row.storeId)?.name ?? '',
      buyerUserName: buyers.get(row.buyerId) ?? '',
      receivedAt: row.receivedAt!.toISOString(),
      refundDueBy: refundDueBy(row.receivedAt!).toISOString(),
      amount: fromCents(row.amountCents),
      currency: row.currency as Currency,
    }));
  }

  /** The operator's figures: returns opened per week (Monday, UTC) and currency in [from, to). */
  openedPerWeek(from: Date, to: Date): Promise<ReturnsOpened[]> {
    return this.deps.repository.openedPerWeek(from, to) as Promise<ReturnsOpened[]>;
  }

  /** The sweep (server.ts's reconcile loop): sends the refunds of received returns again. */
  async retryRefunds(): Promise<{ refunded: number }> {
    const rows = await this.deps.repository.receivedBefore(this.now());
    let refunded = 0;
    for (const row of rows) {
      try {
        if (await this.refund(row, { by: 'system', userId: null })) refunded += 1;
      } catch (error) {
        this.deps.log.error({ err: error, returnId: row.id }, 'retrying a return refund failed');
      }
    }
    return { refunded };
  }

  /**
   * The brand refunded the whole parcel: its open returns' lines went back with it, so each is
   * closed as refunded (issue 38: one received kept waiting for its own refund, the sweep erred
   * every minute and the operator saw a paid refund as overdue). A failure is left to the sweep.
   */
  private async parcelRefunded(storeOrderId: string): Promise<void> {
    const rows = await this.deps.repository.openOf(storeOrderId);
    for (const row of rows) {
      try {
        await this.refund(row, { by: 'system', userId: null });
      } catch (error) {
        this.deps.log.warn({ err: error, returnId: row.id }, 'closing a refunded return failed');
      }
    }
  }

  /**
   * The fit votes returns give a product (reviews' fit advice reads them): each buyer's latest
   * "runs small" (1) or "runs large" (5) return of it.
   */
  async fitVotes(itemId: number): Promise<{ userId: string; fitScore: number }[]> {
    const rows = await this.deps.repository.fitReasonsOf(itemId);
    return rows.map((row) => ({
      userId: row.buyerId,
      fitScore: RETURN_FIT_VOTES[row.reason as ReturnReason]!,
    }));
  }

  private async buyLabel(
    order: Awaited<ReturnType<StoreOrdersService['ofBuyer']>>[number]['order'],
    lines: OrderLine[],
    returnTo: ShippingAddress,
    buyer: ShippingAddress,
    locale?: Locale,
  ): Promise<PurchasedLabel> {
    const { items, shipping, log } = this.deps;
    const weights = await items.weightsInPounds([...new Set(lines.map((l) => l.itemId))]);
    const weightLb = lines.reduce((sum, l) => sum + (weights.get(l.itemId) ?? 0) * l.quantity, 0);
    try {
      return await shipping.returnLabel({
        shipment: {
          from: returnTo,
          to: buyer,
          parcel: { weightLb: Math.max(weightLb, 0.1) },
          reference: orderReference(order.orderId),
          items: lines.reduce((sum, l) => sum + l.quantity, 0),
          currency: order.currency as Currency,
          ...(locale ? { locale } : {}),
        },
        reference: `R-${orderReference(order.orderId)}`,
      });
    } catch (error) {
      log.error({ err: error, storeOrderId: order.id }, 'return label failed');
      throw new ServiceUnavailable(M.labelFailed, { cause: error, retryAfterSeconds: 60 });
    }
  }

  private async moveOnTheWay(row: ReturnRecord): Promise<void> {
    if (row.status !== 'REQUESTED') return;
    const lines = await this.deps.repository.linesOf([row.id]);
    await this.deps.storeOrders.moveItems(
      row.storeOrderId,
      row.storeId,
      lines.map((l) => l.orderItemId),
      'RETURN_IN_TRANSIT',
      { by: 'carrier', userId: null },
    );
    await this.deps.repository.setStatus(row.id, ['REQUESTED'], { status: 'IN_TRANSIT' });
  }

  private async markReceived(
    row: ReturnRecord,
    actor: { by: 'seller' | 'carrier'; userId: string | null },
    note: string | null,
  ): Promise<void> {
    const { repository, storeOrders } = this.deps;
    const lines = await repository.linesOf([row.id]);
    // The state machine says whether the lines can be received (409 naming both statuses).
    await storeOrders.moveItems(
      row.storeOrderId,
      row.storeId,
      lines.map((l) => l.orderItemId),
      'RETURN_RECEIVED',
      actor,
    );
    await repository.setStatus(row.id, ['REQUESTED', 'IN_TRANSIT'], {
      status: 'RECEIVED',
      receivedAt: this.now(),
      damaged: note !== null,
      note,
    });
    const received = (await repository.find(row.id))!;
    await this.mailReceived(received);
    try {
      await this.refund(received, {
        by: actor.by === 'carrier' ? 'system' : 'seller',
        userId: actor.userId,
      });
    } catch (error) {
      // The receipt stands; the sweep sends the refund again and the overdue list shows it.
      this.deps.log.warn({ err: error, returnId: row.id }, 'return refund not sent yet');
    }
  }

  /** Sends what is left of a received return's refund; true once all of it went through. */
  private async refund(
    row: ReturnRecord,
    actor: { by: 'seller' | 'system'; userId: string | null },
  ): Promise<boolean> {
    const { repository, storeOrders } = this.deps;
    const lines = await repository.linesOf([row.id]);
    const outcome = await storeOrders.refundReturnedItems(
      row.storeOrderId,
      row.storeId,
      lines.map((l) => l.orderItemId),
      actor,
    );
    if (!outcome.refunded) return false;
    // Not received yet, but refunded with its parcel: nothing is left to wait for.
    return repository.setStatus(row.id, ['REQUESTED', 'IN_TRANSIT', 'RECEIVED'], {
      status: 'REFUNDED',
      refundedAt: this.now(),
    });
  }

  private async views(rows: ReturnRecord[]): Promise<ReturnView[]> {
    const { repository, storeOrders, stores } = this.deps;
    if (rows.length === 0) return [];
    const lines = await repository.linesOf(rows.map((r) => r.id));
    const items = await storeOrders.orderItems([...new Set(rows.map((r) => r.storeOrderId))]);
    const byId = new Map(items.map((i) => [i.id, i]));
    const names = await stores.ownerIdsOf([...new Set(rows.map((r) => r.storeId))]);
    const now = this.now();
    return rows.map((row) => {
      const dueBy = row.receivedAt ? refundDueBy(row.receivedAt) : null;
      return {
        id: row.id,
        orderId: row.orderId,
        reference: orderReference(row.orderId),
        storeOrderId: row.storeOrderId,
        storeName: names.get(row.storeId)?.name ?? '',
        buyerName: row.buyerName,
        status: row.status as ReturnStatus,
        reason: row.reason as ReturnReason,
        currency: row.currency as Currency,
        requestedAt: row.requestedAt.toISOString(),
        receivedAt: row.receivedAt?.toISOString() ?? null,
        damaged: row.damaged,
        note: row.note,
        label:
          row.labelTrackingNumber && row.labelCarrier
            ? {
                carrier: row.labelCarrier,
                trackingNumber: row.labelTrackingNumber,
                url: row.labelUrl ?? `/api/orders/returns/${row.id}/label`,
              }
            : null,
        returnAddress: row.returnAddress,
        lines: lines
          .filter((l) => l.returnId === row.id)
          .flatMap((l) => {
            const item = byId.get(l.orderItemId);
            return item ? [lineView(item)] : [];
          }),
        amount: fromCents(row.amountCents),
        tax: fromCents(row.taxCents),
        refundedAt: row.refundedAt?.toISOString() ?? null,
        refundDueBy: dueBy?.toISOString() ?? null,
        refundOverdue: row.status === 'RECEIVED' && dueBy !== null && dueBy < now,
      };
    });
  }

  /** Item 6: the brand hears of the return with its reason; the buyer gets the label. */
  private async mailRequested(row: ReturnRecord, view: ReturnView, buyerId: string): Promise<void> {
    const { users, stores, mailer, log } = this.deps;
    try {
      const itemsIn = ({ option }: MailLanguage) =>
        view.lines
          .map((l) => `- ${l.itemName} (${option(l.color, l.size)}) × ${l.quantity}`)
          .join('\n');
      const owner = (await stores.ownerIdsOf([row.storeId])).get(row.storeId);
      const seller = owner && (await users.contactOf(owner.ownerId));
      if (seller) {
        const language = mailLanguage(seller.locale);
        const { t, money } = language;
        const reason = t(RETURN_REASON_LABELS[view.reason]);
        await mailer.send({
          to: seller.email,
          subject: t(EMAIL_MESSAGES.returnRequestedSubject, { reference: view.reference, reason }),
          text: t(EMAIL_MESSAGES.returnRequestedBody, {
            firstName: seller.firstName,
            buyerName: row.buyerName,
            reference: view.reference,
            items: itemsIn(language),
            reason,
            amount: money(view.amount, row.currency),
          }),
        });
      }
      const buyer = await users.contactOf(buyerId);
      if (buyer) {
        const language = mailLanguage(buyer.locale);
        const { t, money } = language;
        await mailer.send({
          to: buyer.email,
          subject: t(EMAIL_MESSAGES.returnLabelSubject, { reference: view.reference }),
          text: t(EMAIL_MESSAGES.returnLabelBody, {
            firstName: buyer.firstName,
            storeName: view.storeName,
            items: itemsIn(language),
            howToSend: view.label
              ? t(EMAIL_MESSAGES.printReturnLabel, {
                  carrier: view.label.carrier,
                  trackingNumber: view.label.trackingNumber,
                })
              : `${t(M.notPrepaid)}\n\n${addressText(view.returnAddress)}`,
            amount: money(view.amount, row.currency),
          }),
        });
      }
    } catch (error) {
      log.error({ err: error, returnId: row.id }, 'return mails failed');
    }
  }

  private async mailReceived(row: ReturnRecord): Promise<void> {
    const { users, stores, mailer, log } = this.deps;
    try {
      const buyer = await users.contactOf(row.buyerId);
      if (!buyer) return;
      const storeName = (await stores.ownerIdsOf([row.storeId])).get(row.storeId)?.name ?? '';
      const reference = orderReference(row.orderId);
      const { t, money } = mailLanguage(buyer.locale);
      await mailer.send({
        to: buyer.email,
        subject: t(EMAIL_MESSAGES.returnReceivedSubject, { storeName, reference }),
        text: [
          t(EMAIL_MESSAGES.returnReceivedIntro, {
            firstName: buyer.firstName,
            storeName,
            reference,
          }),
          ...(row.note ? [t(EMAIL_MESSAGES.brandNoted, { note: row.note })] : []),
          t(EMAIL_MESSAGES.returnReceivedRefund, {
            amount: money(fromCents(row.amountCents), row.currency),
          }),
        ].join('\n\n'),
      });
    } catch (error) {
      log.error({ err: error, returnId: row.id }, 'return received mail failed');
    }
  }
}

/**
 * The units of each chosen line to send back when fewer than all (issue 39.8): 409 for a count
 * beyond the line's or for a line that was not chosen. A count of all its units is the whole line.
 */
function unitsToReturn(input: CreateReturnInput, lines: OrderLine[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const [key, count] of Object.entries(input.quantities ?? {})) {
    const line = lines.find((one) => one.id === Number(key));
    if (!line) throw new Conflict(M.itemNotInOrder);
    if (count > line.quantity) throw new Conflict(M.unitsInvalid);
    if (count < line.quantity) units.set(line.id, count);
  }
  return units;
}

function lineView(item: OrderLine) {
  return {
    orderItemId: item.id,
    itemId: item.itemId,
    itemName: item.itemName,
    size: item.size,
    color: item.color,
    quantity: item.quantity,
    itemPrice: fromCents(item.itemPriceCents),
    tax: fromCents(item.taxCents),
    status: item.status as OrderItemStatus,
  };
}

function addressText(address: ShippingAddress): string {
  return [
    address.fullName,
    address.streetAddress,
    address.apartment,
    `${address.city} ${address.province} ${address.postalCode}`,
    address.country,
  ]
    .filter(Boolean)
    .join('\n');
}
