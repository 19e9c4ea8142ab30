import {
  sumCents,
  toCents,
  type Locale,
  AppError,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  Conflict,
  NotFound,
  MAX_ORDER_TOTAL,
  PURCHASE_LIMITS,
  RESERVATION_MINUTES,
  LAPSED_HOLDS_PER_HOUR,
  taxClassOf,
  type CheckoutBody,
  type CheckoutSession,
  type Currency,
  type OrderItemStatus,
  type OrderView,
  type PurchaseLimits,
  type ShippingAddress,
  type ShippingMethod,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../providers/mail/mailer';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { DEFAULT_PAYMENT_TIMEOUT_MS, withTimeout } from '../../providers/payments/payment-timeout';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider';
import type { TaxProvider } from '../../providers/tax/tax-provider';
import type { CartService } from '../cart/cart.service';
import type { ItemsService } from '../items/items.service';
import type { OrdersService } from '../orders/orders.service';
import type { StoresService } from '../stores/stores.service';
import type { Caller, UsersService } from '../users/users.service';
import type { CheckoutRepository, NewOrderItem, OrderRow } from './checkout.repository';
import { CheckoutSessions } from './checkout-session';
import { CheckoutTax } from './checkout-tax';
import { OrderMails } from './order-mails';
import { PaymentDesk } from './payment-desk';
import { OrderPlacement } from './placement';
import { CheckoutPricing, type CentsQuote } from './pricing';
import { runSteps, STOP, type Step } from './steps';

interface CheckoutDeps {
  repository: CheckoutRepository;
  /** The placed order as the buyer reads it (POST /orders/place answers it). */
  orders: OrdersService;
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

type BagLine = Awaited<ReturnType<CartService['linesOf']>>[number];

/** What a checkout knows as its steps run (see CheckoutService.checkout). */
interface CheckoutRun {
  caller: Caller;
  locale: Locale;
  userId: string;
  lines: BagLine[];
  /** The deadline a hold of these options already runs to: kept, never restarted. */
  heldUntil?: Date;
  priced?: { orderLines: NewOrderItem[]; currency: Currency; quote: CentsQuote };
  /** The order holding the bag: the one being made, or the open one for the same bag. */
  order?: OrderRow;
}

const stockLines = (lines: { itemOptionId: number; quantity: number }[]) =>
  lines.map(({ itemOptionId, quantity }) => ({ itemOptionId, quantity }));

/**
 * Checkout (issue 5): from the bag to a paid, placed order. The invariants: stock is taken when
 * a checkout starts and given back exactly once if it lapses or is abandoned; an order is placed
 * only when the payment provider says the payment succeeded, and only once, whoever asks first.
 */
export class CheckoutService {
  private readonly now: () => Date;
  private readonly paymentTimeoutMs: number;
  private readonly limits: PurchaseLimits;
  private readonly desk: PaymentDesk;
  private readonly taxes: CheckoutTax;
  private readonly pricing: CheckoutPricing;
  private readonly placement: OrderPlacement;
  private readonly sessions: CheckoutSessions;

  constructor(private readonly deps: CheckoutDeps) {
    this.now = deps.now ?? (() => new Date());
    this.paymentTimeoutMs = deps.paymentTimeoutMs ?? DEFAULT_PAYMENT_TIMEOUT_MS;
    this.limits = deps.limits ?? PURCHASE_LIMITS;
    const { repository, log } = deps;
    const timeoutMs = this.paymentTimeoutMs;
    this.desk = new PaymentDesk({
      repository,
      payments: deps.payments,
      log,
      timeoutMs,
      now: this.now,
    });
    this.taxes = new CheckoutTax({
      repository,
      tax: deps.tax,
      log,
      timeoutMs,
      now: this.now,
      retryAfterMs: RECONCILE_AFTER_MS,
    });
    this.pricing = new CheckoutPricing({
      shipping: deps.shipping,
      stores: deps.stores,
      items: deps.items,
      log,
      expressFeePerBrand: deps.expressFeePerBrand,
      timeoutMs,
    });
    const mails = new OrderMails({
      repository,
      users: deps.users,
      stores: deps.stores,
      mailer: deps.mailer,
      pricing: this.pricing,
      log,
      now: this.now,
    });
    this.sessions = new CheckoutSessions({ repository, payments: deps.payments, desk: this.desk });
    this.placement = new OrderPlacement({
      repository,
      cart: deps.cart,
      items: deps.items,
      desk: this.desk,
      taxes: this.taxes,
      pricing: this.pricing,
      mails,
      log,
      now: this.now,
    });
  }

  /**
   * POST /orders/checkout: the bag becomes an order that holds its stock for 15 minutes, with a
   * payment started for its total. Each step's undo is beside it; a failure undoes the steps
   * already taken, newest first.
   */
  async checkout(
    caller: Caller,
    body: CheckoutBody,
    locale: Locale = 'en',
  ): Promise<CheckoutSession> {
    const run = await runSteps(this.checkoutSteps, {
      caller,
      locale,
      userId: '',
      lines: [],
    } satisfies CheckoutRun);
    return this.sessions.answer(run.order!, body);
  }

  private readonly checkoutSteps: Step<CheckoutRun>[] = [
    { name: 'read the bag', run: (run) => this.readBag(run) },
    { name: 'resume the open checkout', run: (run) => this.resumeOpenCheckout(run) },
    { name: 'check the purchase limits', run: (run) => this.checkLimits(run) },
    { name: 'price the lines', run: (run) => this.priceLines(run) },
    {
      name: 'hold the stock',
      run: (run) => this.holdStock(run),
      // The order ends and its units go back, with any payment it started.
      undo: (run) => this.placement.abandon(run.order!, 'CANCELLED'),
    },
    { name: 'start the payment', run: (run) => this.startPayment(run) },
  ];

  /** Lapsed holds go first, so their stock is free for this checkout; an empty bag is 409. */
  private async readBag(run: CheckoutRun): Promise<void> {
    await this.releaseLapsed();
    run.userId = await this.deps.users.idOf(run.caller);
    run.lines = await this.deps.cart.linesOf(run.userId);
    if (run.lines.length === 0) throw new Conflict(CHECKOUT_MESSAGES.emptyBag);
  }

  /** The buyer's open checkout: the same bag answers it again; a changed bag replaces it. */
  private async resumeOpenCheckout(run: CheckoutRun): Promise<void | typeof STOP> {
    const { repository, cart } = this.deps;
    const open = await repository.findOpenOf(run.userId);
    if (!open) return;
    const held = await repository.linesOf([open.id]);
    // The same bag checked out again (the bag page, then the checkout page): the same order.
    if (sameLines(held, run.lines)) {
      run.order = open;
      return STOP;
    }
    // Paid, but the browser closed before placing it: that order is placed, never cancelled
    // (cancelling cannot take back a succeeded payment); what is left in the bag goes on.
    const payment = await this.desk.succeededPayment(open);
    if (payment) {
      await this.placement.complete(open, payment);
      run.lines = await cart.linesOf(run.userId);
      if (run.lines.length === 0) throw new Conflict(CHECKOUT_MESSAGES.emptyBag);
    } else {
      // The changed bag replaces the hold: its stock is free for others from this moment.
      await this.placement.abandon(open, 'CANCELLED');
    }
  }

  private async checkLimits(run: CheckoutRun): Promise<void> {
    const { repository } = this.deps;
    const { lines, userId } = run;
    const { unitsPerOption } = this.limits;
    if (lines.some((line) => line.quantity > unitsPerOption))
      throw new Conflict(CHECKOUT_MESSAGES.overUnitLimit(unitsPerOption));
    // Counted per buyer and option, whatever else the bag held (issue 38: swapping the bag to
    // another item and back gave a fresh hold each time). A checkout of options this buyer held
    // in a checkout whose deadline is still to come keeps that deadline: checking out again must
    // never restart the clock (issue 14: taking one unit off renewed a hold for ever).
    const optionIds = lines.map((l) => l.itemOptionId);
    run.heldUntil = await repository.runningDeadlineOf(userId, optionIds, this.now());
    // A checkout after a hold ended unpaid renews it: one buyer could keep stock from everyone
    // for ever by letting each hold lapse, or dropping it, and checking out again.
    if (!run.heldUntil) {
      const endedHolds = await repository.endedHoldsOf(
        userId,
        optionIds,
        this.minutesAgo(60),
        this.now(),
      );
      if (endedHolds >= LAPSED_HOLDS_PER_HOUR) throw new Conflict(CHECKOUT_MESSAGES.holdsExhausted);
    }
  }

  /** Each line as ordered (its price, names and tax class fixed now), and the standard quote. */
  private async priceLines(run: CheckoutRun): Promise<void> {
    const { items, cart } = this.deps;
    const options = await items.purchasableOptions(run.lines.map((l) => l.itemOptionId));
    run.lines = cart.buyable(run.lines, options, run.locale);
    const orderLines: NewOrderItem[] = run.lines.map((line) => {
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
        itemPriceCents: option.unitPriceCents,
        // The class the line is taxed as when the address is known: fixed when it is ordered.
        taxClass: taxClassOf({ category: option.category, size: option.size }),
        status: 'RESERVED' satisfies OrderItemStatus,
      };
    });
    const currency = options.get(run.lines[0]!.itemOptionId)!.currency;
    const quote = this.pricing.quote(currency, orderLines, 'STANDARD');
    const { checkoutAmount } = this.limits;
    if (quote.total > toCents(MAX_ORDER_TOTAL)) throw new Conflict(CHECKOUT_MESSAGES.tooLarge);
    if (quote.total > toCents(checkoutAmount))
      throw new Conflict(CHECKOUT_MESSAGES.overCheckoutLimit(checkoutAmount));
    run.priced = { orderLines, currency, quote };
  }

  /**
   * The units and the order that holds them are written together: a dropped connection or a
   * crash between the two would otherwise leave units out of stock that nothing gives back.
   */
  private async holdStock(run: CheckoutRun): Promise<void> {
    const { repository, items, payments } = this.deps;
    const { orderLines, currency, quote } = run.priced!;
    const held = await repository.transaction(async (tx) => {
      const moved = await items.reserveStock(tx, stockLines(run.lines), run.locale);
      const created = await repository.create(
        {
          userId: run.userId,
          status: 'PENDING_PAYMENT',
          currency,
          subtotalCents: quote.subtotal,
          shippingCents: quote.shipping,
          totalCents: quote.total,
          shippingMethod: 'STANDARD',
          shippingAddress: null,
          paymentProvider: payments.name,
          reservedUntil:
            run.heldUntil ?? new Date(this.now().getTime() + RESERVATION_MINUTES * 60_000),
        },
        orderLines,
        tx,
      );
      return { order: created, moved };
    });
    await items.stockMoved(held.moved);
    run.order = held.order;
  }

  /** The provider's payment for the order's total; its client secret goes to the browser. */
  private async startPayment(run: CheckoutRun): Promise<void> {
    const order = run.order!;
    const { currency, quote } = run.priced!;
    const payment = await this.desk.ask(
      (provider) =>
        provider.createPayment({ orderId: order.id, amountCents: quote.total, currency }),
      CHECKOUT_MESSAGES.paymentTimeout,
    );
    await this.deps.repository.setPayment(order.id, payment.id, payment.clientSecret);
    run.order = { ...order, paymentId: payment.id, clientSecret: payment.clientSecret };
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
      input.method === 'EXPRESS'
        ? await this.pricing.expressRates(order, lines, input.address)
        : null;
    const quote = this.pricing.quote(order.currency as Currency, lines, input.method, expressRates);
    // Asked before the lock is taken and anything is written: a tax provider that fails or is
    // slow leaves the order exactly as it was (502/504), and holds no lock while it is waited for.
    const tax = await this.taxes.calculate(order, lines, quote, input.address);
    const total = sumCents(quote.subtotal, quote.shipping, tax.taxCents);
    // The check, the provider's amount and the order's total change under one lock: a payment
    // confirmed at the same moment charges either the old total or the new one, and the order
    // says which (issue 14: Express recorded on an order whose card was charged for Standard).
    const updated = await this.desk.withPaymentLock(
      order.id,
      async (current, lock) => {
        if (current.status !== 'PENDING_PAYMENT') throw new Conflict(CHECKOUT_MESSAGES.expired);
        // A hosted page made earlier charges the old total: it may no longer be paid, and if it
        // was paid before it closed, the order is. (The order's own payment says it was paid by
        // refusing the new amount, below.)
        if (current.checkoutSessionId) {
          await this.desk.closeHostedCheckout(current);
          if (await this.desk.succeededPayment(current))
            throw new Conflict(CHECKOUT_MESSAGES.alreadyPaid);
        }
        const { paymentId } = current;
        if (paymentId) {
          const timeout = CHECKOUT_MESSAGES.paymentTimeout;
          // The amount before the order: a provider that refuses it (paid meanwhile) changes nothing.
          if (!(await this.desk.ask((p) => p.updateAmount(paymentId, total), timeout))) {
            const status = await this.desk.ask((p) => p.getStatus(paymentId), timeout);
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
            shippingCents: quote.shipping,
            totalCents: total,
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
    return this.sessions.answer(updated, undefined);
  }

  /** The built-in provider's card step (DESIGN 4): 402 with the provider's message on a decline. */
  async confirmLocalPayment(
    caller: Caller,
    input: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number },
  ): Promise<{ status: 'succeeded' }> {
    const { payments, repository, users } = this.deps;
    const confirmCard = payments.confirm?.bind(payments);
    if (!confirmCard) throw new NotFound('The built-in payment provider is not in use.');
    const userId = await users.idOf(caller);
    const order = await repository.findByClientSecret(input.clientSecret);
    if (!order || order.userId !== userId) throw new NotFound(CHECKOUT_MESSAGES.orderNotFound);
    if (order.status === 'PLACED') return { status: 'succeeded' };
    await this.assertStillHeld(order);
    // Under the payment lock, so the card is charged the total the order holds at this instant,
    // never one a shipping change is about to replace.
    const outcome = await this.desk.withPaymentLock(order.id, async (current) => {
      if (current.status === 'PLACED') return 'succeeded';
      if (!this.isHeld(current)) throw new Conflict(CHECKOUT_MESSAGES.expired);
      // No address, no tax: the total would not be what the buyer owes.
      if (!current.shippingAddress || !current.taxCalculated)
        throw new Conflict(CHECKOUT_MESSAGES.addressRequired);
      const paymentId = current.paymentId!;
      // A shipping change whose answer came too late may have moved the provider's amount after
      // its request gave up: the order's total is the one to charge.
      await this.desk.ask(
        (p) => p.updateAmount(paymentId, current.totalCents),
        CHECKOUT_MESSAGES.paymentTimeout,
      );
      // A late answer may come after the card was charged: reconcile() places such an order.
      return withTimeout(
        confirmCard(
          paymentId,
          { number: input.cardNumber, expMonth: input.expMonth, expYear: input.expYear },
          current.totalCents,
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
      const payment = await this.desk.succeededPayment(order);
      if (payment) await this.placement.complete(order, payment);
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
    if (order.status === 'PLACED') return this.deps.orders.viewOf(order, locale);
    if (order.status !== 'PENDING_PAYMENT') throw new Conflict(CHECKOUT_MESSAGES.expired);
    const payment = await this.desk.succeededPayment(order);
    if (!payment) throw new AppError(402, CHECKOUT_MESSAGES.notPaid);
    return this.deps.orders.viewOf(await this.placement.complete(order, payment), locale);
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
    const payment = await this.desk.succeededPayment(order);
    if (!payment) return;
    if (order.status === 'PENDING_PAYMENT') {
      await this.placement.complete(order, payment);
      return;
    }
    // Paid after its hold lapsed and the stock went back: the money goes back too.
    await this.desk.refundUnplaced(order, payment);
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
        const payment = await this.desk.succeededPayment(order);
        if (payment) await this.placement.complete(order, payment);
        else await this.placement.abandon(order, 'EXPIRED');
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
        const payment = await this.desk.succeededPayment(order);
        if (!payment) continue;
        await this.placement.complete(order, payment);
        placed += 1;
        log.warn({ orderId: order.id }, 'reconcile: placed a paid order left waiting');
      } catch (error) {
        log.error({ err: error, orderId: order.id }, 'reconcile: could not check an order');
        if (isTimeout(error)) break;
      }
    }
    await this.taxes.commitOwed();
    return { placed, lapsed };
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

  private minutesAgo(minutes: number): Date {
    return new Date(this.now().getTime() - minutes * 60_000);
  }
}

/** The payment provider did not answer in time (see PaymentDesk.ask). */
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
