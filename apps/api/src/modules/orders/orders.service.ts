import {
  AppError,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  Conflict,
  DEFAULT_EXPRESS_FEE_PER_BRAND,
  NotFound,
  MAX_ORDER_TOTAL,
  RESERVATION_MINUTES,
  formatMoney,
  orderReference,
  quoteShipping,
  type CheckoutBody,
  type CheckoutSession,
  type Currency,
  type OrderItemStatus,
  type OrderStatus,
  type OrderView,
  type ShippingAddress,
  type ShippingMethod,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../providers/mail/mailer';
import { LocalPaymentProvider } from '../../providers/payments/local-payment-provider';
import type { HostedPayment, PaymentProvider } from '../../providers/payments/payment-provider';
import { DEFAULT_PAYMENT_TIMEOUT_MS, withTimeout } from '../../providers/payments/payment-timeout';
import type { CartService } from '../cart/cart.service';
import type { ItemsService } from '../items/items.service';
import type { StoresService } from '../stores/stores.service';
import type { UsersService } from '../users/users.service';
import type { NewOrderItem, OrderItemRow, OrderRow, OrdersRepository } from './orders.repository';

interface OrdersDeps {
  repository: OrdersRepository;
  users: UsersService;
  items: ItemsService;
  cart: CartService;
  stores: StoresService;
  payments: PaymentProvider;
  mailer: Mailer;
  log: FastifyBaseLogger;
  expressFeePerBrand?: number;
  /** How long a buyer's request waits for the payment provider (504 after that). */
  paymentTimeoutMs?: number;
  now?: () => Date;
}

/**
 * How old a waiting order must be before reconcile() asks the provider about it: younger ones
 * are usually still in the buyer's hands, who places them a moment after paying.
 */
const RECONCILE_AFTER_MS = 60_000;

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

  constructor(private readonly deps: OrdersDeps) {
    this.now = deps.now ?? (() => new Date());
    this.paymentTimeoutMs = deps.paymentTimeoutMs ?? DEFAULT_PAYMENT_TIMEOUT_MS;
  }

  async checkout(userName: string, body: CheckoutBody): Promise<CheckoutSession> {
    const { repository, users, cart, items, payments } = this.deps;
    await this.releaseLapsed();
    const userId = await users.accountId(userName);
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
        await this.abandon(open, 'CANCELLED');
      }
    }

    const options = await items.purchasableOptions(lines.map((l) => l.itemOptionId));
    const orderLines: NewOrderItem[] = lines.map((line) => {
      const option = options.get(line.itemOptionId);
      if (!option || !option.purchasable) throw new Conflict(CART_MESSAGES.unavailable);
      return {
        itemId: option.itemId,
        itemOptionId: line.itemOptionId,
        storeId: option.storeId,
        storeName: option.store,
        itemName: option.itemName,
        thumbnail: option.thumbnail,
        size: option.size,
        color: option.color,
        quantity: line.quantity,
        itemPrice: option.unitPrice,
        status: 'RESERVED' satisfies OrderItemStatus,
      };
    });
    const currency = options.get(lines[0]!.itemOptionId)!.currency;
    const quote = this.quote(currency, orderLines, 'STANDARD');
    if (quote.total > MAX_ORDER_TOTAL) throw new Conflict(CHECKOUT_MESSAGES.tooLarge);

    await items.reserveStock(stockLines(lines));
    let order: OrderRow;
    try {
      order = await repository.create(
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
          reservedUntil: new Date(this.now().getTime() + RESERVATION_MINUTES * 60_000),
        },
        orderLines,
      );
    } catch (error) {
      await items.releaseStock(stockLines(lines));
      throw error;
    }
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
    userName: string,
    orderId: string,
    input: { address: ShippingAddress; method: ShippingMethod },
  ): Promise<CheckoutSession> {
    const order = await this.openOrderOf(userName, orderId);
    const { paymentId } = order;
    // The amount charged must stay the order's total.
    if (
      paymentId &&
      (await this.ask((p) => p.getStatus(paymentId), CHECKOUT_MESSAGES.paymentTimeout)) ===
        'succeeded'
    ) {
      throw new Conflict(CHECKOUT_MESSAGES.alreadyPaid);
    }
    const { repository } = this.deps;
    const lines = await repository.linesOf([order.id]);
    const quote = this.quote(order.currency as Currency, lines, input.method);
    // The amount first: a provider that refuses it (the payment went through meanwhile) changes nothing.
    if (paymentId) {
      await this.ask(
        (p) => p.updateAmount(paymentId, quote.total),
        CHECKOUT_MESSAGES.paymentTimeout,
      );
    }
    // A hosted page made earlier charges the old total: it may no longer be paid.
    if (order.checkoutSessionId) await this.closeHostedCheckout(order);
    const updated = await repository.setShipping(order.id, {
      shippingAddress: input.address,
      shippingMethod: input.method,
      shipping: quote.shipping,
      total: quote.total,
    });
    return this.session(updated, undefined);
  }

  /** The built-in provider's card step (DESIGN 4): 402 with the provider's message on a decline. */
  async confirmLocalPayment(
    userName: string,
    input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
  ): Promise<{ status: 'succeeded' }> {
    const { payments, repository, users } = this.deps;
    if (!(payments instanceof LocalPaymentProvider))
      throw new NotFound('The built-in payment provider is not in use.');
    const userId = await users.accountId(userName);
    const order = await repository.findByClientSecret(input.clientSecret);
    if (!order || order.userId !== userId) throw new NotFound(CHECKOUT_MESSAGES.orderNotFound);
    if (order.status === 'PLACED') return { status: 'succeeded' };
    await this.assertStillHeld(order);
    if (!order.shippingAddress) throw new Conflict(CHECKOUT_MESSAGES.addressRequired);
    // A late answer may come after the card was charged: reconcile() places such an order.
    const outcome = await withTimeout(
      payments.confirm(order.paymentId!, {
        number: input.cardNumber,
        expMonth: input.expMonth,
        expYear: input.expYear,
      }),
      this.paymentTimeoutMs,
      () => new AppError(504, CHECKOUT_MESSAGES.paymentUnconfirmed),
    );
    if (outcome === 'expired') throw new AppError(402, 'Your card has expired.');
    if (outcome === 'declined') throw new AppError(402, CHECKOUT_MESSAGES.declined);
    return { status: 'succeeded' };
  }

  /** POST /orders/place: asks the provider, never the browser; a second call answers the same order. */
  async place(userName: string, orderId?: string): Promise<OrderView> {
    const { repository, users } = this.deps;
    const userId = await users.accountId(userName);
    const order = orderId
      ? await repository.findById(orderId)
      : await repository.findCurrentOf(userId, this.minutesAgo(RESERVATION_MINUTES));
    if (!order || order.userId !== userId) throw new NotFound(CHECKOUT_MESSAGES.orderNotFound);
    if (order.status === 'PLACED') return this.view(order);
    if (order.status !== 'PENDING_PAYMENT') throw new Conflict(CHECKOUT_MESSAGES.expired);
    const payment = await this.succeededPayment(order);
    if (!payment) throw new AppError(402, CHECKOUT_MESSAGES.notPaid);
    return this.completePlacement(order, payment);
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
    await this.refundUnplaced(order, payment.paymentId);
  }

  /** For reviews' "verified purchase": which of these users bought the item. */
  async buyersOf(itemId: number, userIds: string[]): Promise<Set<string>> {
    return new Set(await this.deps.repository.buyersOf(itemId, userIds));
  }

  async history(userName: string): Promise<OrderView[]> {
    const rows = await this.deps.repository.placedOf(await this.deps.users.accountId(userName));
    const lines = await this.deps.repository.linesOf(rows.map((r) => r.id));
    return rows.map((row) =>
      toView(
        row,
        lines.filter((l) => l.orderId === row.id),
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
    return { placed, lapsed };
  }

  /** The order's payment if the provider says it succeeded: on /checkout, or on the hosted page. */
  private async succeededPayment(order: OrderRow): Promise<HostedPayment | null> {
    const { paymentId, checkoutSessionId } = order;
    const unconfirmed = CHECKOUT_MESSAGES.paymentUnconfirmed;
    if (paymentId && (await this.ask((p) => p.getStatus(paymentId), unconfirmed)) === 'succeeded') {
      return { paymentId, shippingAddress: null };
    }
    if (checkoutSessionId) return this.ask((p) => p.hostedPayment(checkoutSessionId), unconfirmed);
    return null;
  }

  private async completePlacement(order: OrderRow, payment: HostedPayment): Promise<OrderView> {
    const { repository, cart } = this.deps;
    const placed = await repository.place(
      order.id,
      {
        placedAt: this.now(),
        paymentId: payment.paymentId,
        shippingAddress: order.shippingAddress ?? payment.shippingAddress,
      },
      this.brandShares(order, await repository.linesOf([order.id])),
    );
    if (placed) {
      // Paid on the hosted page: the intent made for /checkout must never be charged as well.
      const unused = order.paymentId;
      if (unused && unused !== payment.paymentId) {
        await this.ask((p) => p.cancel(unused), CHECKOUT_MESSAGES.paymentUnconfirmed);
      }
      // Only the caller that moved the order sends the mails: one of each, however many ask.
      const lines = await repository.linesOf([placed.id]);
      await cart.removeBought(
        placed.userId,
        lines.map((l) => l.itemOptionId),
      );
      await this.sendOrderMails(placed, lines);
      return toView(placed, lines);
    }
    const current = await repository.findById(order.id);
    if (current?.status !== 'PLACED') throw new Conflict(CHECKOUT_MESSAGES.expired);
    return this.view(current);
  }

  /** Gives the stock back exactly once: only the caller that moves the order does it. */
  private async abandon(
    order: OrderRow,
    to: Extract<OrderStatus, 'CANCELLED' | 'EXPIRED'>,
  ): Promise<void> {
    const moved = await this.deps.repository.transition(order.id, 'PENDING_PAYMENT', to, 'IN_CART');
    if (!moved) return;
    await this.deps.items.releaseStock(stockLines(await this.deps.repository.linesOf([order.id])));
    const { paymentId } = order;
    if (paymentId) {
      await this.ask((p) => p.cancel(paymentId), CHECKOUT_MESSAGES.paymentTimeout);
      // Confirmed in the same instant, the payment could not be cancelled: it goes back instead.
      const status = await this.ask(
        (p) => p.getStatus(paymentId),
        CHECKOUT_MESSAGES.paymentTimeout,
      );
      if (status === 'succeeded') await this.refundUnplaced(order, paymentId);
    }
    if (order.checkoutSessionId) await this.closeHostedCheckout(order);
  }

  /** The money of a paid order that was not placed (its hold lapsed or it was abandoned). */
  private async refundUnplaced(order: OrderRow, paymentId: string): Promise<void> {
    await this.ask(
      (p) =>
        p.refund({
          paymentId,
          amount: order.total,
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

  private async openOrderOf(userName: string, orderId: string): Promise<OrderRow> {
    const userId = await this.deps.users.accountId(userName);
    const order = await this.deps.repository.findById(orderId);
    if (!order || order.userId !== userId) throw new NotFound(CHECKOUT_MESSAGES.orderNotFound);
    if (order.status !== 'PENDING_PAYMENT') throw new Conflict(CHECKOUT_MESSAGES.expired);
    await this.assertStillHeld(order);
    return order;
  }

  private async assertStillHeld(order: OrderRow): Promise<void> {
    if (
      order.status !== 'PENDING_PAYMENT' ||
      order.reservedUntil.getTime() <= this.now().getTime()
    ) {
      await this.releaseLapsed();
      throw new Conflict(CHECKOUT_MESSAGES.expired);
    }
  }

  /** Each brand's store order: its items' subtotal and its parcel's part of the shipping paid. */
  private brandShares(order: OrderRow, lines: OrderItemRow[]) {
    const subtotals = brandSubtotals(lines);
    const quote = this.quote(
      order.currency as Currency,
      lines,
      order.shippingMethod as ShippingMethod,
    );
    return [...subtotals].map(([storeId, subtotal], index) => ({
      storeId,
      subtotal,
      shipping: quote.perBrand[index]!,
    }));
  }

  private quote(
    currency: Currency,
    lines: { storeId: string; itemPrice: number; quantity: number }[],
    method: ShippingMethod,
  ) {
    return quoteShipping({
      currency,
      brandSubtotals: [...brandSubtotals(lines).values()],
      method,
      expressFeePerBrand: this.deps.expressFeePerBrand ?? DEFAULT_EXPRESS_FEE_PER_BRAND,
    });
  }

  private async session(order: OrderRow, body: CheckoutBody): Promise<CheckoutSession> {
    const { payments, repository } = this.deps;
    const hosted = await this.ask(
      (p) =>
        p.startHostedCheckout({
          orderId: order.id,
          amount: order.total,
          currency: order.currency as Currency,
          successUrl: body?.successUrl,
          cancelUrl: body?.cancelUrl,
        }),
      CHECKOUT_MESSAGES.paymentTimeout,
    );
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
      currency: order.currency as Currency,
      shippingMethod: order.shippingMethod as ShippingMethod,
      checkoutUrl: hosted.url,
      provider: payments.name,
      ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
      reservedUntil: order.reservedUntil.toISOString(),
      shippingAddress: order.shippingAddress ?? null,
    };
  }

  private async view(order: OrderRow): Promise<OrderView> {
    return toView(order, await this.deps.repository.linesOf([order.id]));
  }

  private async sendOrderMails(order: OrderRow, lines: OrderItemRow[]): Promise<void> {
    const { users, stores, mailer, log } = this.deps;
    const money = (amount: number) => formatMoney(amount, order.currency);
    const describe = (line: OrderItemRow) =>
      `- ${line.itemName} (${line.color}, ${line.size}) × ${line.quantity}: ${money(line.itemPrice * line.quantity)}`;
    const reference = orderReference(order.id);
    try {
      const buyer = await users.contactOf(order.userId);
      if (buyer) {
        await mailer.send({
          to: buyer.email,
          subject: `Your order ${reference} is placed`,
          text:
            `Hi ${buyer.firstName},\n\nThank you for shopping local. Your order ${reference}:\n\n` +
            `${lines.map(describe).join('\n')}\n\nShipping: ${money(order.shipping)}\nTotal: ${money(order.total)}\n\n` +
            `Each brand ships its own parcel and will let you know when it is on its way.`,
        });
      }
      const owners = await stores.ownerIdsOf([...new Set(lines.map((l) => l.storeId))]);
      for (const [storeId, store] of owners) {
        const contact = await users.contactOf(store.ownerId);
        if (!contact) continue;
        const own = lines.filter((l) => l.storeId === storeId);
        await mailer.send({
          to: contact.email,
          subject: `New order ${reference} for ${store.name}`,
          text:
            `Hi ${contact.firstName},\n\n${store.name} has a new order (${reference}):\n\n${own.map(describe).join('\n')}\n\n` +
            `Accept or reject each item from your dashboard.`,
        });
      }
    } catch (error) {
      // The order stands whatever the mail server does; the outbox keeps what was written.
      log.error({ err: error, orderId: order.id }, 'order mails failed');
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

function toView(order: OrderRow, lines: OrderItemRow[]): OrderView {
  return {
    id: order.id,
    status: order.status as OrderStatus,
    createdAt: order.createdAt.toISOString(),
    placedAt: order.placedAt?.toISOString() ?? null,
    currency: order.currency as Currency,
    subtotal: order.subtotal,
    shipping: order.shipping,
    totalAmount: order.total,
    shippingMethod: order.shippingMethod as ShippingMethod,
    shippingAddress: order.shippingAddress ?? null,
    items: lines.map((line) => ({
      id: line.id,
      itemId: line.itemId,
      itemName: line.itemName,
      thumbnail: line.thumbnail,
      store: line.storeName,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      itemPrice: line.itemPrice,
      status: line.status as OrderItemStatus,
    })),
  };
}
