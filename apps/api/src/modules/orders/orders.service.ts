import {
  toCents,
  fromCents,
  canMove,
  carrierTrackingUrl,
  orderProgress,
  type FulfilmentStatus,
  type Locale,
  AppError,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  Conflict,
  DEFAULT_EXPRESS_FEE_PER_BRAND,
  NotFound,
  MAX_ORDER_TOTAL,
  PURCHASE_LIMITS,
  RESERVATION_MINUTES,
  LAPSED_HOLDS_PER_HOUR,
  EMAIL_MESSAGES,
  orderReference,
  quoteShipping,
  roundMoney,
  taxClassOf,
  taxLabelIn,
  taxLineViews,
  type CheckoutBody,
  type CheckoutSession,
  type Currency,
  type OrderItemStatus,
  type OrderStatus,
  type OrderView,
  type PurchaseLimits,
  type ShippingAddress,
  type ShippingMethod,
  type ShippingQuote,
  type TaxClass,
  type TaxComponent,
  type TaxLineView,
  localizedText,
} from '@marketplace/shared';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { mailLanguage } from '../../providers/mail/mail-language';
import type { Email, Mailer } from '../../providers/mail/mailer';
import { LocalPaymentProvider } from '../../providers/payments/local-payment-provider';
import type { HostedPayment, PaymentProvider } from '../../providers/payments/payment-provider';
import { DEFAULT_PAYMENT_TIMEOUT_MS, withTimeout } from '../../providers/payments/payment-timeout';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider';
import type { TaxProvider } from '../../providers/tax/tax-provider';
import type { CartService } from '../cart/cart.service';
import type { ItemsService } from '../items/items.service';
import type { StoresService } from '../stores/stores.service';
import type { Caller, UsersService } from '../users/users.service';
import type {
  NewOrderItem,
  OrderItemRow,
  OrderRow,
  OrdersRepository,
  OrderTax,
  Parcel,
  TaxLineRow,
} from './orders.repository';

interface OrdersDeps {
  repository: OrdersRepository;
  users: UsersService;
  items: ItemsService;
  cart: CartService;
  stores: StoresService;
  payments: PaymentProvider;
  tax: TaxProvider;
  /**
   * Issue 16: with a provider that quotes carriers' rates (EasyPost), express costs each
   * brand's parcel its express rate; the local provider's rates are the configured fees.
   */
  shipping?: ShippingProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  expressFeePerBrand?: number;
  /** What one account may hold (default PURCHASE_LIMITS). */
  limits?: PurchaseLimits;
  /** How long a buyer's request waits for the payment provider (504 after that). */
  paymentTimeoutMs?: number;
  now?: () => Date;
}

/**
 * How often the server runs reconcile() (issue 13: a paid order shows in My Orders and on the
 * seller's dashboard within a minute, even when the buyer closed the tab right after paying).
 */
export const RECONCILE_EVERY_MS = 30_000;

/**
 * How old a waiting order must be before reconcile() asks the provider about it: younger ones
 * are usually still in the buyer's hands, who places them a moment after paying. With the
 * sweep's period, a payment is seen at most RECONCILE_AFTER_MS + RECONCILE_EVERY_MS after its
 * checkout started, and at most RECONCILE_EVERY_MS after it was made once the order is older.
 */
export const RECONCILE_AFTER_MS = 30_000;

/**
 * The payment lock is held across calls to the provider, each of which may take up to the
 * payment timeout: its holder's time covers several of them, so it only runs out when the
 * holder's process died.
 */
const PAYMENT_LOCK_TIMEOUTS = 5;

/** Amounts added in cents, so a total is exactly the sum of its parts. */
const sumMoney = (...amounts: number[]) =>
  amounts.reduce((sum, amount) => sum + toCents(amount), 0) / 100;

/** A tax line as the shared formatting reads it. */
const componentOf = (row: TaxLineRow): TaxComponent => ({
  jurisdiction: row.jurisdiction,
  jurisdictionName: row.jurisdictionName,
  taxType: row.taxType as TaxComponent['taxType'],
  rate: row.rate,
  taxableAmount: row.taxableAmount,
  amount: row.amount,
});

const stockLines = (lines: { itemOptionId: number; quantity: number }[]) =>
  lines.map(({ itemOptionId, quantity }) => ({ itemOptionId, quantity }));

/** Each brand's item subtotal, by store: one brand ships one parcel (spec 9). */
function brandSubtotals(
  lines: { storeId: string; itemPrice: number; quantity: number }[],
): Map<string, number> {
  const cents = new Map<string, number>();
  for (const line of lines) {
    cents.set(
      line.storeId,
      (cents.get(line.storeId) ?? 0) + Math.round(line.itemPrice * 100) * line.quantity,
    );
  }
  return new Map([...cents].map(([storeId, value]) => [storeId, value / 100]));
}

/**
 * Checkout and orders (issue 5). The invariants: stock is taken when a checkout starts and
 * given back exactly once if it lapses or is abandoned; an order is placed only when the
 * payment provider says the payment succeeded, and only once, whoever asks first.
 */
export class OrdersService {
  private readonly now: () => Date;
  private readonly paymentTimeoutMs: number;
  private readonly limits: PurchaseLimits;

  constructor(private readonly deps: OrdersDeps) {
    this.now = deps.now ?? (() => new Date());
    this.paymentTimeoutMs = deps.paymentTimeoutMs ?? DEFAULT_PAYMENT_TIMEOUT_MS;
    this.limits = deps.limits ?? PURCHASE_LIMITS;
  }

  async checkout(
    caller: Caller,
    body: CheckoutBody,
    locale: Locale = 'en',
  ): Promise<CheckoutSession> {
    const { repository, users, cart, items, payments } = this.deps;
    await this.releaseLapsed();
    const userId = await users.idOf(caller);
    let lines = await cart.linesOf(userId);
    if (lines.length === 0) throw new Conflict(CHECKOUT_MESSAGES.emptyBag);

    const open = await repository.findOpenOf(userId);
    if (open) {
      const held = await repository.linesOf([open.id]);
      // The same bag checked out again (the bag page, then the checkout page): the same order.
      if (sameLines(held, lines)) return this.session(open, body);
      // Paid, but the browser closed before placing it: that order is placed, never cancelled
      // (cancelling cannot take back a succeeded payment); what is left in the bag goes on.
      const payment = await this.succeededPayment(open);
      if (payment) {
        await this.completePlacement(open, payment);
        lines = await cart.linesOf(userId);
        if (lines.length === 0) throw new Conflict(CHECKOUT_MESSAGES.emptyBag);
      } else {
        // The changed bag replaces the hold: its stock is free for others from this moment.
        await this.abandon(open, 'CANCELLED');
      }
    }

    const { unitsPerOption, checkoutAmount } = this.limits;
    if (lines.some((line) => line.quantity > unitsPerOption))
      throw new Conflict(CHECKOUT_MESSAGES.overUnitLimit(unitsPerOption));
    // Counted per buyer and option, whatever else the bag held (issue 38: swapping the bag to
    // another item and back gave a fresh hold each time). A checkout of options this buyer held
    // in a checkout whose deadline is still to come keeps that deadline: checking out again must
    // never restart the clock (issue 14: taking one unit off renewed a hold for ever).
    const optionIds = lines.map((l) => l.itemOptionId);
    const heldUntil = await repository.runningDeadlineOf(userId, optionIds, this.now());
    // A checkout after a hold ended unpaid renews it: one buyer could keep stock from everyone
    // for ever by letting each hold lapse, or dropping it, and checking out again.
    if (!heldUntil) {
      const endedHolds = await repository.endedHoldsOf(
        userId,
        optionIds,
        this.minutesAgo(60),
        this.now(),
      );
      if (endedHolds >= LAPSED_HOLDS_PER_HOUR) throw new Conflict(CHECKOUT_MESSAGES.holdsExhausted);
    }

    const options = await items.purchasableOptions(lines.map((l) => l.itemOptionId));
    lines = cart.buyable(lines, options, locale);
    const orderLines: NewOrderItem[] = lines.map((line) => {
      const option = options.get(line.itemOptionId);
      if (!option || !option.purchasable) throw new Conflict(CART_MESSAGES.unavailable);
      return {
        itemId: option.itemId,
        itemOptionId: line.itemOptionId,
        storeId: option.storeId,
        storeName: option.store,
        itemName: option.itemName,
        // Kept as bought, like the English name: My Orders reads it to French readers.
        itemNameFr: option.itemNameFr,
        thumbnail: option.thumbnail,
        size: option.size,
        color: option.color,
        quantity: line.quantity,
        itemPrice: option.unitPrice,
        // The class the line is taxed as when the address is known: fixed when it is ordered.
        taxClass: taxClassOf({ category: option.category, size: option.size }),
        status: 'RESERVED' satisfies OrderItemStatus,
      };
    });
    const currency = options.get(lines[0]!.itemOptionId)!.currency;
    const quote = this.quote(currency, orderLines, 'STANDARD');
    if (quote.total > MAX_ORDER_TOTAL) throw new Conflict(CHECKOUT_MESSAGES.tooLarge);
    if (quote.total > checkoutAmount)
      throw new Conflict(CHECKOUT_MESSAGES.overCheckoutLimit(checkoutAmount));

    // The units and the order that holds them are written together: a dropped connection or a
    // crash between the two would otherwise leave units out of stock that nothing gives back.
    const held = await repository.transaction(async (tx) => {
      const moved = await items.reserveStock(tx, stockLines(lines), locale);
      const created = await repository.create(
        {
          userId,
          status: 'PENDING_PAYMENT',
          currency,
          subtotal: quote.subtotal,
          shipping: quote.shipping,
          total: quote.total,
          shippingMethod: 'STANDARD',
          shippingAddress: null,
          paymentProvider: payments.name,
          reservedUntil: heldUntil ?? new Date(this.now().getTime() + RESERVATION_MINUTES * 60_000),
        },
        orderLines,
        tx,
      );
      return { order: created, moved };
    });
    let { order } = held;
    await items.stockMoved(held.moved);
    try {
      const payment = await this.ask(
        (provider) => provider.createPayment({ orderId: order.id, amount: quote.total, currency }),
        CHECKOUT_MESSAGES.paymentTimeout,
      );
      await repository.setPayment(order.id, payment.id, payment.clientSecret);
      order = { ...order, paymentId: payment.id, clientSecret: payment.clientSecret };
    } catch (error) {
      await this.abandon(order, 'CANCELLED');
      throw error;
    }
    return this.session(order, body);
  }

  async updateShipping(
    caller: Caller,
    orderId: string,
    input: { address: ShippingAddress; method: ShippingMethod },
  ): Promise<CheckoutSession> {
    const order = await this.openOrderOf(caller, orderId);
    const { repository } = this.deps;
    const lines = await repository.linesOf([order.id]);
    const expressRates =
      input.method === 'EXPRESS' ? await this.expressRates(order, lines, input.address) : null;
    const quote = this.quote(order.currency as Currency, lines, input.method, expressRates);
    // Asked before the lock is taken and anything is written: a tax provider that fails or is
    // slow leaves the order exactly as it was (502/504), and holds no lock while it is waited for.
    const tax = await this.calculateTax(order, lines, quote, input.address);
    const total = sumMoney(quote.subtotal, quote.shipping, tax.tax);
    // The check, the provider's amount and the order's total change under one lock: a payment
    // confirmed at the same moment charges either the old total or the new one, and the order
    // says which (issue 14: Express recorded on an order whose card was charged for Standard).
    const updated = await this.withPaymentLock(
      order.id,
      async (current, lock) => {
        if (current.status !== 'PENDING_PAYMENT') throw new Conflict(CHECKOUT_MESSAGES.expired);
        // A hosted page made earlier charges the old total: it may no longer be paid, and if it
        // was paid before it closed, the order is. (The order's own payment says it was paid by
        // refusing the new amount, below.)
        if (current.checkoutSessionId) {
          await this.closeHostedCheckout(current);
          if (await this.succeededPayment(current))
            throw new Conflict(CHECKOUT_MESSAGES.alreadyPaid);
        }
        const { paymentId } = current;
        if (paymentId) {
          const timeout = CHECKOUT_MESSAGES.paymentTimeout;
          // The amount before the order: a provider that refuses it (paid meanwhile) changes nothing.
          if (!(await this.ask((p) => p.updateAmount(paymentId, total), timeout))) {
            const status = await this.ask((p) => p.getStatus(paymentId), timeout);
            throw new Conflict(
              status === 'succeeded' ? CHECKOUT_MESSAGES.alreadyPaid : CHECKOUT_MESSAGES.expired,
            );
          }
        }
        const row = await repository.setShipping(
          current.id,
          lock,
          {
            shippingAddress: input.address,
            shippingMethod: input.method,
            shipping: quote.shipping,
            total,
            expressRates,
          },
          tax,
        );
        if (!row) throw new Conflict(CHECKOUT_MESSAGES.expired);
        return row;
      },
      // Written, setShipping gave the lock back.
      () => true,
    );
    return this.session(updated, undefined);
  }

  /** The built-in provider's card step (DESIGN 4): 402 with the provider's message on a decline. */
  async confirmLocalPayment(
    caller: Caller,
    input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
  ): Promise<{ status: 'succeeded' }> {
    const { payments, repository, users } = this.deps;
    if (!(payments instanceof LocalPaymentProvider))
      throw new NotFound('The built-in payment provider is not in use.');
    const userId = await users.idOf(caller);
    const order = await repository.findByClientSecret(input.clientSecret);
    if (!order || order.userId !== userId) throw new NotFound(CHECKOUT_MESSAGES.orderNotFound);
    if (order.status === 'PLACED') return { status: 'succeeded' };
    await this.assertStillHeld(order);
    // Under the payment lock, so the card is charged the total the order holds at this instant,
    // never one a shipping change is about to replace.
    const outcome = await this.withPaymentLock(order.id, async (current) => {
      if (current.status === 'PLACED') return 'succeeded';
      if (!this.isHeld(current)) throw new Conflict(CHECKOUT_MESSAGES.expired);
      // No address, no tax: the total would not be what the buyer owes.
      if (!current.shippingAddress || !current.taxCalculated)
        throw new Conflict(CHECKOUT_MESSAGES.addressRequired);
      const paymentId = current.paymentId!;
      // A shipping change whose answer came too late may have moved the provider's amount after
      // its request gave up: the order's total is the one to charge.
      await this.ask(
        (p) => p.updateAmount(paymentId, current.total),
        CHECKOUT_MESSAGES.paymentTimeout,
      );
      // A late answer may come after the card was charged: reconcile() places such an order.
      return withTimeout(
        payments.confirm(
          paymentId,
          { number: input.cardNumber, expMonth: input.expMonth, expYear: input.expYear },
          current.total,
        ),
        this.paymentTimeoutMs,
        () => new AppError(504, CHECKOUT_MESSAGES.paymentUnconfirmed),
      );
    });
    if (outcome === 'expired') throw new AppError(402, 'Your card has expired.');
    if (outcome === 'declined') throw new AppError(402, CHECKOUT_MESSAGES.declined);
    if (outcome === 'amount_changed') throw new Conflict(CHECKOUT_MESSAGES.totalChanged);
    // The built-in provider answers here, so the order is placed here too: a buyer who closes
    // the tab right after paying still finds it in My Orders (issue 13). The browser's
    // POST /orders/place that follows answers the same order; anything that fails here is
    // left to it and to reconcile().
    try {
      const payment = await this.succeededPayment(order);
      if (payment) await this.completePlacement(order, payment);
    } catch (error) {
      this.deps.log.error({ err: error, orderId: order.id }, 'placing a confirmed payment failed');
    }
    return { status: 'succeeded' };
  }

  /** POST /orders/place: asks the provider, never the browser; a second call answers the same order. */
  async place(caller: Caller, orderId?: string, locale: Locale = 'en'): Promise<OrderView> {
    const { repository, users } = this.deps;
    const userId = await users.idOf(caller);
    const order = orderId
      ? await repository.findById(orderId)
      : await repository.findCurrentOf(userId, this.minutesAgo(RESERVATION_MINUTES));
    if (!order || order.userId !== userId) throw new NotFound(CHECKOUT_MESSAGES.orderNotFound);
    if (order.status === 'PLACED') return this.view(order, locale);
    if (order.status !== 'PENDING_PAYMENT') throw new Conflict(CHECKOUT_MESSAGES.expired);
    const payment = await this.succeededPayment(order);
    if (!payment) throw new AppError(402, CHECKOUT_MESSAGES.notPaid);
    return this.view(await this.completePlacement(order, payment), locale);
  }

  /**
   * A provider's webhook says something happened to this order's payment. The event is only a
   * hint: the provider is asked again, so a replayed or reordered event cannot place anything
   * unpaid, and placing stays the same conditional step as POST /orders/place.
   */
  async settle(orderId: string): Promise<void> {
    const { repository } = this.deps;
    const order = await repository.findById(orderId);
    if (!order || order.status === 'PLACED') return;
    const payment = await this.succeededPayment(order);
    if (!payment) return;
    if (order.status === 'PENDING_PAYMENT') {
      await this.completePlacement(order, payment);
      return;
    }
    // Paid after its hold lapsed and the stock went back: the money goes back too.
    await this.refundUnplaced(order, payment);
  }

  /** For reviews' "Verified purchase": which of these users received the item (not just paid). */
  async receivedBy(itemId: number, userIds: string[]): Promise<Set<string>> {
    return new Set(await this.deps.repository.receivedBy(itemId, userIds));
  }

  /** Products by units sold, most first (for "YOU MAY ALSO LIKE..."'s bestsellers). */
  async bestsellers(limit: number): Promise<{ itemId: number; units: number }[]> {
    return this.deps.repository.bestsellers(limit);
  }

  /** Placed orders, each line's product name in `locale` as it was bought (decision 030). */
  async history(caller: Caller, locale: Locale = 'en'): Promise<OrderView[]> {
    const { repository } = this.deps;
    const rows = await repository.placedOf(await this.deps.users.idOf(caller));
    const ids = rows.map((r) => r.id);
    const [lines, parcels, taxLines] = await Promise.all([
      repository.linesOf(ids),
      repository.parcelsOf(ids),
      repository.taxLinesOf(ids),
    ]);
    return rows.map((row) =>
      toView(
        row,
        lines.filter((l) => l.orderId === row.id),
        parcels.filter((p) => p.orderId === row.id),
        taxLines.filter((t) => t.orderId === row.id),
        locale,
      ),
    );
  }

  /**
   * Lapsed holds: a paid order that was never placed (the browser closed after paying) is
   * placed; any other gives its stock back. Runs at each checkout and on a timer.
   */
  async releaseLapsed(): Promise<number> {
    const lapsed = await this.deps.repository.lapsed(this.now());
    for (const order of lapsed) {
      // One order that fails waits for the next run and blocks no one; a provider that does not
      // answer is not asked about the others either (a checkout would wait for each in turn).
      try {
        const payment = await this.succeededPayment(order);
        if (payment) await this.completePlacement(order, payment);
        else await this.abandon(order, 'EXPIRED');
      } catch (error) {
        this.deps.log.error({ err: error, orderId: order.id }, 'releasing a lapsed order failed');
        if (isTimeout(error)) break;
      }
    }
    return lapsed.length;
  }

  /**
   * Repairs what a crash or a lost answer left between payment and placing; runs at start and
   * with the sweep. Every waiting order whose payment succeeded is placed, through the same
   * conditional step as POST /orders/place (so exactly once, mails included, whoever else
   * asks), and lapsed unpaid holds give their stock back. One order's failure leaves it for the
   * next run and does not stop the others; a provider that does not answer ends the run.
   */
  async reconcile(): Promise<{ placed: number; lapsed: number }> {
    const { repository, log } = this.deps;
    const lapsed = await this.releaseLapsed();
    let placed = 0;
    const waiting = await repository.waitingSince(
      new Date(this.now().getTime() - RECONCILE_AFTER_MS),
    );
    for (const order of waiting) {
      try {
        const payment = await this.succeededPayment(order);
        if (!payment) continue;
        await this.completePlacement(order, payment);
        placed += 1;
        log.warn({ orderId: order.id }, 'reconcile: placed a paid order left waiting');
      } catch (error) {
        log.error({ err: error, orderId: order.id }, 'reconcile: could not check an order');
        if (isTimeout(error)) break;
      }
    }
    await this.commitOwedTax();
    return { placed, lapsed };
  }

  /** Placed orders whose tax commit failed: committed now (the provider is idempotent by order). */
  private async commitOwedTax(): Promise<void> {
    const owed = await this.deps.repository.uncommittedTax(
      new Date(this.now().getTime() - RECONCILE_AFTER_MS),
    );
    for (const order of owed) await this.commitTax(order);
  }

  /** The order's payment if the provider says it succeeded: on /checkout, or on the hosted page. */
  private async succeededPayment(order: OrderRow): Promise<HostedPayment | null> {
    const { paymentId, checkoutSessionId } = order;
    const unconfirmed = CHECKOUT_MESSAGES.paymentUnconfirmed;
    const amount = paymentId ? await this.ask((p) => p.paidAmount(paymentId), unconfirmed) : null;
    if (paymentId && amount !== null) return { paymentId, amount, shippingAddress: null };
    if (checkoutSessionId) return this.ask((p) => p.hostedPayment(checkoutSessionId), unconfirmed);
    return null;
  }

  /**
   * Places a paid order, under its payment lock so that no shipping change is half done, and
   * only if the provider charged exactly the order's total: otherwise the order cannot be what
   * was paid for, so it is cancelled and the money goes back.
   */
  private async completePlacement(order: OrderRow, payment: HostedPayment): Promise<OrderRow> {
    const { repository, cart } = this.deps;
    const [lines, taxLines] = await Promise.all([
      repository.linesOf([order.id]),
      repository.taxLinesOf([order.id]),
    ]);
    const placed = await this.withPaymentLock(
      order.id,
      async (current, lock) => {
        if (current.status !== 'PENDING_PAYMENT') return undefined;
        if (toCents(payment.amount) !== toCents(current.total)) {
          this.deps.log.error(
            { orderId: order.id, paid: payment.amount, total: current.total },
            'a payment did not match its order: refunded',
          );
          await this.abandon(current, 'CANCELLED', payment);
          throw new Conflict(CHECKOUT_MESSAGES.paidAmountMismatch);
        }
        return repository.place(
          current.id,
          lock,
          {
            placedAt: this.now(),
            paymentId: payment.paymentId,
            shippingAddress: current.shippingAddress ?? payment.shippingAddress,
          },
          this.brandShares(current, lines, taxLines),
        );
      },
      (placedRow) => placedRow !== undefined,
    );
    if (placed) {
      await this.commitTax(placed);
      // Paid on the hosted page: the intent made for /checkout must never be charged as well.
      const unused = order.paymentId;
      if (unused && unused !== payment.paymentId) {
        await this.ask((p) => p.cancel(unused), CHECKOUT_MESSAGES.paymentUnconfirmed);
      }
      // Only the caller that moved the order sends the mails: one of each, however many ask.
      // Its lines are the ones read above: an order's lines and taxes are settled once it is paid.
      await cart.removeBought(
        placed.userId,
        lines.map((l) => l.itemOptionId),
      );
      const receiptEmailedAt = await this.sendOrderMails(placed, lines, taxLines);
      return { ...placed, receiptEmailedAt };
    }
    const current = await repository.findById(order.id);
    if (current?.status !== 'PLACED') throw new Conflict(CHECKOUT_MESSAGES.expired);
    return current;
  }

  /**
   * Gives the stock back exactly once: only the caller that moves the order does it. A payment
   * that went through anyway (confirmed in the same instant, or `paid` elsewhere) goes back.
   */
  private async abandon(
    order: OrderRow,
    to: Extract<OrderStatus, 'CANCELLED' | 'EXPIRED'>,
    paid?: HostedPayment,
  ): Promise<void> {
    const { repository, items } = this.deps;
    // The move and the units it gives back commit together: never an order ended whose units
    // stay out of stock (a connection lost or a crash between them), nor units given back twice.
    const released = await repository.transaction(async (tx) => {
      if (!(await repository.transition(order.id, 'PENDING_PAYMENT', to, 'IN_CART', tx)))
        return null;
      return items.releaseStock(tx, stockLines(await repository.linesOf([order.id], tx)));
    });
    if (!released) return;
    await items.stockMoved(released);
    const { paymentId } = order;
    if (paymentId && paymentId !== paid?.paymentId) {
      const timeout = CHECKOUT_MESSAGES.paymentTimeout;
      await this.ask((p) => p.cancel(paymentId), timeout);
      // Confirmed in the same instant, the payment could not be cancelled: it goes back instead.
      const amount = await this.ask((p) => p.paidAmount(paymentId), timeout);
      if (amount !== null) await this.refundUnplaced(order, { paymentId, amount });
    }
    if (paid) await this.refundUnplaced(order, paid);
    if (order.checkoutSessionId) await this.closeHostedCheckout(order);
  }

  /** The money of a paid order that was not placed (its hold lapsed or it was abandoned). */
  private async refundUnplaced(
    order: OrderRow,
    { paymentId, amount }: { paymentId: string; amount: number },
  ): Promise<void> {
    await this.ask(
      (p) =>
        p.refund({
          paymentId,
          amount,
          idempotencyKey: `order-${order.id}-lapsed-${paymentId}`,
        }),
      CHECKOUT_MESSAGES.paymentUnconfirmed,
    );
    this.deps.log.warn(
      { orderId: order.id, paymentId },
      'refunded a payment for an unplaced order',
    );
  }

  private async closeHostedCheckout(order: OrderRow): Promise<void> {
    const sessionId = order.checkoutSessionId!;
    await this.ask((p) => p.closeHostedCheckout(sessionId), CHECKOUT_MESSAGES.paymentTimeout);
    await this.deps.repository.setCheckoutSession(order.id, null);
  }

  /**
   * A payment provider call that the caller waits for at most paymentTimeoutMs: then 504 with
   * `ifSlow`, which tells the buyer truthfully whether their card may have been charged.
   */
  private ask<T>(call: (payments: PaymentProvider) => Promise<T>, ifSlow: string): Promise<T> {
    return withTimeout(
      call(this.deps.payments),
      this.paymentTimeoutMs,
      () => new AppError(504, ifSlow),
    );
  }

  private minutesAgo(minutes: number): Date {
    return new Date(this.now().getTime() - minutes * 60_000);
  }

  private async openOrderOf(caller: Caller, orderId: string): Promise<OrderRow> {
    const userId = await this.deps.users.idOf(caller);
    const order = await this.deps.repository.findById(orderId);
    if (!order || order.userId !== userId) throw new NotFound(CHECKOUT_MESSAGES.orderNotFound);
    // Placed as soon as the built-in provider confirmed the payment: paid, not expired.
    if (order.status === 'PLACED') throw new Conflict(CHECKOUT_MESSAGES.alreadyPaid);
    if (order.status !== 'PENDING_PAYMENT') throw new Conflict(CHECKOUT_MESSAGES.expired);
    await this.assertStillHeld(order);
    return order;
  }

  private async assertStillHeld(order: OrderRow): Promise<void> {
    if (!this.isHeld(order)) {
      await this.releaseLapsed();
      throw new Conflict(CHECKOUT_MESSAGES.expired);
    }
  }

  private isHeld(order: OrderRow): boolean {
    return (
      order.status === 'PENDING_PAYMENT' && order.reservedUntil.getTime() > this.now().getTime()
    );
  }

  /**
   * Runs `step` holding the order's payment lock, with the order as it is once the lock is
   * taken. The lock is a row field rather than a transaction: the step waits on the payment
   * provider (the built-in one writes through another connection, and PGlite has only one), and
   * it fences the step's writes (setShipping) so a holder that outlived its time writes nothing.
   * Others wait for it up to the payment timeout, then get 409.
   */
  private async withPaymentLock<T>(
    orderId: string,
    step: (order: OrderRow, lock: string) => Promise<T>,
    /** Whether the step's last write gave the lock back itself (one round trip fewer). */
    releasedBy: (result: T) => boolean = () => false,
  ): Promise<T> {
    const { repository } = this.deps;
    const lock = randomUUID();
    const giveUpAt = Date.now() + this.paymentTimeoutMs;
    let pause = 5;
    for (;;) {
      const until = new Date(this.now().getTime() + PAYMENT_LOCK_TIMEOUTS * this.paymentTimeoutMs);
      const order = await repository.takePaymentLock(orderId, lock, until, this.now());
      if (order) {
        let released = false;
        try {
          const result = await step(order, lock);
          released = releasedBy(result);
          return result;
        } finally {
          if (!released) await repository.releasePaymentLock(orderId, lock);
        }
      }
      if (Date.now() >= giveUpAt) throw new Conflict(CHECKOUT_MESSAGES.busy);
      await sleep(pause);
      pause = Math.min(pause * 2, 100);
    }
  }

  /**
   * Each brand's store order: its items' subtotal, its parcel's part of the shipping paid, and
   * the tax charged on both (the recorded lines, never recomputed).
   */
  private brandShares(order: OrderRow, lines: OrderItemRow[], taxLines: TaxLineRow[]) {
    const subtotals = brandSubtotals(lines);
    const quote = this.quote(
      order.currency as Currency,
      lines,
      order.shippingMethod as ShippingMethod,
      order.expressRates,
    );
    return [...subtotals].map(([storeId, subtotal], index) => {
      const shippingTax = sumMoney(
        ...taxLines
          .filter((t) => t.storeId === storeId && t.orderItemId === null)
          .map((t) => t.amount),
      );
      const itemsTax = sumMoney(...lines.filter((l) => l.storeId === storeId).map((l) => l.tax));
      return {
        storeId,
        subtotal,
        shipping: quote.perBrand[index]!,
        tax: sumMoney(itemsTax, shippingTax),
        shippingTax,
      };
    });
  }

  /**
   * The tax of each line and each brand's parcel for the address, from the tax provider. A
   * provider that cannot answer is a 502 and one that is slow a 504, before anything is written.
   */
  private async calculateTax(
    order: OrderRow,
    lines: OrderItemRow[],
    quote: ShippingQuote,
    address: ShippingAddress,
  ): Promise<OrderTax> {
    const storeIds = [...brandSubtotals(lines).keys()];
    const calculation = await this.askTax((provider) =>
      provider.calculate({
        orderId: order.id,
        currency: order.currency as Currency,
        destination: {
          country: address.country,
          province: address.province,
          city: address.city,
          postalCode: address.postalCode,
        },
        lines: lines.map((line) => ({
          reference: String(line.id),
          storeId: line.storeId,
          unitPrice: line.itemPrice,
          quantity: line.quantity,
          taxClass: line.taxClass as TaxClass,
        })),
        shipping: storeIds.map((storeId, index) => ({
          reference: storeId,
          amount: quote.perBrand[index]!,
        })),
        date: this.now(),
      }),
    );
    const taxLines: OrderTax['lines'] = [];
    const lineTaxes = new Map<number, number>();
    // A line's tax is the sum of its recorded components, so that what a refund returns (the
    // components) is always exactly what the line was charged.
    for (const line of lines) {
      const taxed = calculation.lines.find((l) => l.reference === String(line.id));
      const components = taxed?.components ?? [];
      lineTaxes.set(line.id, sumMoney(...components.map((c) => c.amount)));
      for (const component of components)
        taxLines.push({ ...component, orderItemId: line.id, storeId: line.storeId });
    }
    for (const storeId of storeIds) {
      const taxed = calculation.shipping.find((s) => s.reference === storeId);
      for (const component of taxed?.components ?? [])
        taxLines.push({ ...component, orderItemId: null, storeId });
    }
    return {
      tax: sumMoney(...taxLines.map((line) => line.amount)),
      taxCalculationRef: calculation.providerReference,
      lines: taxLines,
      lineTaxes,
    };
  }

  /**
   * Tells the tax provider the sale happened (Stripe Tax's transaction). Only the caller that
   * placed the order does it; if the provider fails, reconcile() commits it later. The
   * provider's commit is idempotent by order id, so a retry after a lost answer records one sale.
   */
  private async commitTax(order: OrderRow): Promise<void> {
    try {
      const { transactionId } = await this.askTax((provider) =>
        provider.commit({ orderId: order.id, calculationReference: order.taxCalculationRef }),
      );
      await this.deps.repository.taxCommitted(order.id, transactionId, this.now());
    } catch (error) {
      this.deps.log.error({ err: error, orderId: order.id }, 'committing the sales tax failed');
    }
  }

  /** A tax provider call, waited for at most paymentTimeoutMs; its failure is the buyer's 502. */
  private async askTax<T>(call: (tax: TaxProvider) => Promise<T>): Promise<T> {
    try {
      return await withTimeout(
        call(this.deps.tax),
        this.paymentTimeoutMs,
        () => new AppError(504, CHECKOUT_MESSAGES.taxTimeout),
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.deps.log.error({ err: error }, 'the tax provider failed');
      const failed = new AppError(502, CHECKOUT_MESSAGES.taxFailed);
      failed.cause = error;
      throw failed;
    }
  }

  private quote(
    currency: Currency,
    lines: { storeId: string; itemPrice: number; quantity: number }[],
    method: ShippingMethod,
    expressRates: Record<string, number> | null = null,
  ) {
    const subtotals = brandSubtotals(lines);
    return quoteShipping({
      currency,
      brandSubtotals: [...subtotals.values()],
      method,
      expressFeePerBrand: this.deps.expressFeePerBrand ?? DEFAULT_EXPRESS_FEE_PER_BRAND,
      expressRatesPerBrand: [...subtotals.keys()].map((storeId) => expressRates?.[storeId] ?? null),
    });
  }

  /**
   * Issue 16: each brand's express rate for its parcel from a provider that quotes carriers
   * (EasyPost), from the brand's ship-from address to the buyer's, by the items' weights. A
   * brand without an address, a rate in another currency than the order's, or a provider that
   * fails or is slow leaves that brand on the configured fee (logged): the buyer can still pay.
   * Null with the local provider, whose rates are the configured fees themselves.
   */
  private async expressRates(
    order: OrderRow,
    lines: OrderItemRow[],
    to: ShippingAddress,
  ): Promise<Record<string, number> | null> {
    const { shipping, stores, items, log } = this.deps;
    if (!shipping || shipping.name === 'local') return null;
    const weights = await items.weightsInPounds([...new Set(lines.map((l) => l.itemId))]);
    const rates: Record<string, number> = {};
    for (const storeId of brandSubtotals(lines).keys()) {
      const own = lines.filter((line) => line.storeId === storeId);
      try {
        const { shipFrom } = await stores.addressesOf(storeId);
        if (!shipFrom) continue;
        const weightLb = own.reduce(
          (sum, line) => sum + (weights.get(line.itemId) ?? 0) * line.quantity,
          0,
        );
        const quoted = await withTimeout(
          shipping.rates({
            from: shipFrom,
            to,
            parcel: { weightLb: Math.max(weightLb, 0.1) },
            reference: orderReference(order.id),
            items: own.reduce((sum, line) => sum + line.quantity, 0),
            currency: order.currency as Currency,
          }),
          this.paymentTimeoutMs,
          () => new Error('The shipping provider did not answer in time.'),
        );
        const express = quoted.find((rate) => rate.service === 'express');
        if (express && express.currency === order.currency)
          rates[storeId] = fromCents(express.amountCents);
      } catch (error) {
        log.warn({ err: error, storeId }, 'no express rate from the shipping provider');
      }
    }
    return Object.keys(rates).length > 0 ? rates : null;
  }

  private async session(order: OrderRow, body: CheckoutBody): Promise<CheckoutSession> {
    const { payments, repository } = this.deps;
    // A hosted page charges a fixed amount and would take the address itself, so it cannot
    // charge the tax of an address it has not seen: until the tax is calculated for the
    // order's address, the buyer pays on our /checkout page, which takes the address first.
    const { shippingAddress } = order;
    const hosted =
      order.taxCalculated && shippingAddress
        ? await this.ask(
            (p) =>
              p.startHostedCheckout({
                orderId: order.id,
                amount: order.total,
                currency: order.currency as Currency,
                shippingAddress,
                successUrl: body?.successUrl,
                cancelUrl: body?.cancelUrl,
              }),
            CHECKOUT_MESSAGES.paymentTimeout,
          )
        : { url: '/checkout' };
    if (hosted.sessionId) {
      // One payable hosted page per order: the newest.
      if (order.checkoutSessionId) await this.closeHostedCheckout(order);
      await repository.setCheckoutSession(order.id, hosted.sessionId);
    }
    return {
      orderId: order.id,
      clientSecret: order.clientSecret ?? '',
      totalAmount: order.total,
      subtotal: order.subtotal,
      shipping: order.shipping,
      tax: order.tax,
      // Only a shipping step writes tax lines, and it marks the tax calculated.
      taxLines: order.taxCalculated ? lineViews(await repository.taxLinesOf([order.id])) : [],
      taxCalculated: order.taxCalculated,
      currency: order.currency as Currency,
      shippingMethod: order.shippingMethod as ShippingMethod,
      checkoutUrl: hosted.url,
      provider: payments.name,
      ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
      reservedUntil: order.reservedUntil.toISOString(),
      shippingAddress: order.shippingAddress ?? null,
    };
  }

  private async view(order: OrderRow, locale: Locale = 'en'): Promise<OrderView> {
    const { repository } = this.deps;
    const [lines, parcels, taxLines] = await Promise.all([
      repository.linesOf([order.id]),
      repository.parcelsOf([order.id]),
      repository.taxLinesOf([order.id]),
    ]);
    return toView(order, lines, parcels, taxLines, locale);
  }

  /** The buyer's receipt and each brand's order; returns when the receipt was queued, or null. */
  private async sendOrderMails(
    order: OrderRow,
    lines: OrderItemRow[],
    taxLines: TaxLineRow[],
  ): Promise<Date | null> {
    const { users, stores, mailer, log } = this.deps;
    const reference = orderReference(order.id);
    // Each mail in its recipient's saved language: the buyer's and each brand's may differ.
    const writer = (locale: Locale | null) => {
      const { t, money, option, itemName, colon, locale: language } = mailLanguage(locale);
      const amount = (value: number) => money(value, order.currency);
      return {
        t,
        amount,
        taxes: (rows: TaxLineRow[]) =>
          lineViews(rows)
            .map(
              (view) =>
                `${t(EMAIL_MESSAGES.taxLine, { label: taxLabelIn(language, view, t), amount: amount(view.amount) })}\n`,
            )
            .join(''),
        items: (own: OrderItemRow[]) =>
          own
            .map(
              (line) =>
                `- ${itemName(line.itemName, line.itemNameFr)} (${option(line.color, line.size)}) × ${line.quantity}${colon}${amount(line.itemPrice * line.quantity)}`,
            )
            .join('\n'),
      };
    };
    try {
      const owners = await stores.ownerIdsOf([...new Set(lines.map((l) => l.storeId))]);
      const contacts = await users.contactsOf([
        order.userId,
        ...[...owners.values()].map((store) => store.ownerId),
      ]);
      const mails: Email[] = [];
      const buyer = contacts.get(order.userId);
      if (buyer) {
        const { t, amount, taxes, items } = writer(buyer.locale);
        mails.push({
          to: buyer.email,
          subject: t(EMAIL_MESSAGES.orderPlacedSubject, { reference }),
          text: t(EMAIL_MESSAGES.orderPlacedBody, {
            firstName: buyer.firstName,
            reference,
            items: items(lines),
            shipping: amount(order.shipping),
            taxes: taxes(taxLines),
            total: amount(order.total),
          }),
        });
      }
      const shares = this.brandShares(order, lines, taxLines);
      for (const [storeId, store] of owners) {
        const contact = contacts.get(store.ownerId);
        if (!contact) continue;
        const own = lines.filter((l) => l.storeId === storeId);
        const ownTax = taxLines.filter((t) => t.storeId === storeId);
        const share = shares.find((s) => s.storeId === storeId);
        const { t, amount, taxes, items } = writer(contact.locale);
        mails.push({
          to: contact.email,
          subject: t(EMAIL_MESSAGES.newOrderSubject, { reference, storeName: store.name }),
          text: t(EMAIL_MESSAGES.newOrderBody, {
            firstName: contact.firstName,
            storeName: store.name,
            reference,
            items: items(own),
            shipping: amount(share!.shipping),
            taxes: taxes(ownTax),
            total: amount(sumMoney(share!.subtotal, share!.shipping, share!.tax)),
          }),
        });
      }
      await mailer.sendAll(mails);
      if (!buyer) return null;
      const queuedAt = this.now();
      await this.deps.repository.receiptEmailed(order.id, queuedAt);
      return queuedAt;
    } catch (error) {
      // The order stands whatever the mail server does; the outbox keeps what was written.
      log.error({ err: error, orderId: order.id }, 'order mails failed');
      return null;
    }
  }
}

/** The payment provider did not answer in time (see ask). */
const isTimeout = (error: unknown) => error instanceof AppError && error.statusCode === 504;

function sameLines(
  held: { itemOptionId: number; quantity: number }[],
  bag: { itemOptionId: number; quantity: number }[],
): boolean {
  const key = (lines: { itemOptionId: number; quantity: number }[]) =>
    lines
      .map((l) => `${l.itemOptionId}:${l.quantity}`)
      .sort()
      .join(',');
  return key(held) === key(bag);
}

/** The order as its buyer sees it: each item with how it shipped, and what went back. */
/** Each tax on its own line, as the checkout, My Orders and the mails show it. */
function lineViews(taxLines: TaxLineRow[]): TaxLineView[] {
  return taxLineViews(taxLines.map(componentOf));
}

function toView(
  order: OrderRow,
  lines: OrderItemRow[],
  parcels: Parcel[],
  taxLines: TaxLineRow[],
  locale: Locale,
): OrderView {
  const refunded = roundMoney(parcels.reduce((sum, parcel) => sum + parcel.refunded, 0));
  const parcelOf = (line: OrderItemRow) => parcels.find((p) => p.id === line.storeOrderId);
  const storeOf = (parcel: Parcel) =>
    lines.find((line) => line.storeOrderId === parcel.id)?.storeName ?? '';
  return {
    id: order.id,
    status: order.status as OrderStatus,
    progress: orderProgress(lines),
    createdAt: order.createdAt.toISOString(),
    placedAt: order.placedAt?.toISOString() ?? null,
    currency: order.currency as Currency,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    taxLines: lineViews(taxLines),
    totalAmount: order.total,
    refunded,
    balance: roundMoney(order.total - refunded),
    shippingMethod: order.shippingMethod as ShippingMethod,
    shippingAddress: order.shippingAddress ?? null,
    receiptEmailed: order.receiptEmailedAt !== null,
    items: lines.map((line) => ({
      id: line.id,
      itemId: line.itemId,
      itemName: localizedText(line.itemName, line.itemNameFr, locale),
      thumbnail: line.thumbnail,
      store: line.storeName,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      itemPrice: line.itemPrice,
      tax: line.tax,
      status: line.status as OrderItemStatus,
      // Only a shipped item went with its parcel's carrier (a rejected one stayed behind).
      ...(line.status === 'SHIPPED'
        ? {
            carrier: parcelOf(line)?.carrier ?? null,
            trackingNumber: parcelOf(line)?.trackingNumber ?? null,
          }
        : { carrier: null, trackingNumber: null }),
    })),
    parcels: parcels.map((parcel) => {
      const status = parcel.status as FulfilmentStatus;
      return {
        id: parcel.id,
        store: storeOf(parcel),
        status,
        progress: orderProgress(lines.filter((line) => line.storeOrderId === parcel.id)),
        carrier: parcel.carrier,
        trackingNumber: parcel.trackingNumber,
        // The provider's page, else the carrier's own for a number the brand typed (issue 39.29).
        trackingUrl:
          parcel.trackingUrl ?? carrierTrackingUrl(parcel.carrier, parcel.trackingNumber),
        shippedAt: parcel.shippedAt?.toISOString() ?? null,
        deliveredAt: parcel.deliveredAt?.toISOString() ?? null,
        deliveryAssumed: parcel.deliveryAssumed,
        canConfirmDelivery: canMove('storeOrder', status, 'DELIVERED', 'buyer'),
        events: parcel.events.map((event) => ({
          status: event.status,
          occurredAt: event.occurredAt.toISOString(),
          message: event.message,
          location: event.location,
        })),
      };
    }),
  };
}
