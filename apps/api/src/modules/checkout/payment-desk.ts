import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, CHECKOUT_MESSAGES, Conflict, type Cents } from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { HostedPayment, PaymentProvider } from '../../providers/payments/payment-provider';
import { withTimeout } from '../../providers/payments/payment-timeout';
import type { CheckoutRepository, OrderRow } from './checkout.repository';

/**
 * The payment lock is held across calls to the provider, each of which may take up to the
 * payment timeout: its holder's time covers several of them, so it only runs out when the
 * holder's process died.
 */
const PAYMENT_LOCK_TIMEOUTS = 5;

interface PaymentDeskDeps {
  repository: CheckoutRepository;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** How long a buyer's request waits for the payment provider (504 after that). */
  timeoutMs: number;
  now: () => Date;
}

/** Checkout's conversation with the payment provider: timed calls, the order's payment lock. */
export class PaymentDesk {
  constructor(private readonly deps: PaymentDeskDeps) {}

  /**
   * A payment provider call that the caller waits for at most paymentTimeoutMs: then 504 with
   * `ifSlow`, which tells the buyer truthfully whether their card may have been charged.
   */
  ask<T>(call: (payments: PaymentProvider) => Promise<T>, ifSlow: string): Promise<T> {
    return withTimeout(
      call(this.deps.payments),
      this.deps.timeoutMs,
      () => new AppError(504, ifSlow),
    );
  }

  /** The order's payment if the provider says it succeeded: on /checkout, or on the hosted page. */
  async succeededPayment(order: OrderRow): Promise<HostedPayment | null> {
    const { paymentId, checkoutSessionId } = order;
    const unconfirmed = CHECKOUT_MESSAGES.paymentUnconfirmed;
    const paid = paymentId ? await this.ask((p) => p.paidAmount(paymentId), unconfirmed) : null;
    if (paymentId && paid !== null) return { paymentId, amountCents: paid, shippingAddress: null };
    if (checkoutSessionId) return this.ask((p) => p.hostedPayment(checkoutSessionId), unconfirmed);
    return null;
  }

  /** The money of a paid order that was not placed (its hold lapsed or it was abandoned). */
  async refundUnplaced(
    order: OrderRow,
    { paymentId, amountCents }: { paymentId: string; amountCents: Cents },
  ): Promise<void> {
    await this.ask(
      (p) =>
        p.refund({
          paymentId,
          amountCents,
          idempotencyKey: `order-${order.id}-lapsed-${paymentId}`,
        }),
      CHECKOUT_MESSAGES.paymentUnconfirmed,
    );
    this.deps.log.warn(
      { orderId: order.id, paymentId },
      'refunded a payment for an unplaced order',
    );
  }

  async closeHostedCheckout(order: OrderRow): Promise<void> {
    const sessionId = order.checkoutSessionId!;
    await this.ask((p) => p.closeHostedCheckout(sessionId), CHECKOUT_MESSAGES.paymentTimeout);
    await this.deps.repository.setCheckoutSession(order.id, null);
  }

  /**
   * Runs `step` holding the order's payment lock, with the order as it is once the lock is
   * taken. The lock is a row field rather than a transaction: the step waits on the payment
   * provider (the built-in one writes through another connection, and PGlite has only one), and
   * it fences the step's writes (setShipping) so a holder that outlived its time writes nothing.
   * Others wait for it up to the payment timeout, then get 409.
   */
  async withPaymentLock<T>(
    orderId: string,
    step: (order: OrderRow, lock: string) => Promise<T>,
    /** Whether the step's last write gave the lock back itself (one round trip fewer). */
    releasedBy: (result: T) => boolean = () => false,
  ): Promise<T> {
    const { repository } = this.deps;
    const lock = randomUUID();
    const giveUpAt = Date.now() + this.deps.timeoutMs;
    let pause = 5;
    for (;;) {
      const until = new Date(
        this.deps.now().getTime() + PAYMENT_LOCK_TIMEOUTS * this.deps.timeoutMs,
      );
      const order = await repository.takePaymentLock(orderId, lock, until, this.deps.now());
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
}
