import { CHECKOUT_MESSAGES, Conflict, type OrderStatus } from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { HostedPayment } from '../../providers/payments/payment-provider';
import type { CartService } from '../cart/cart.service';
import type { ItemsService } from '../items/items.service';
import type { CheckoutRepository, OrderRow } from './checkout.repository';
import type { CheckoutTax } from './checkout-tax';
import type { OrderMails } from './order-mails';
import type { PaymentDesk } from './payment-desk';
import type { CheckoutPricing } from './pricing';

interface PlacementDeps {
  repository: CheckoutRepository;
  cart: CartService;
  items: ItemsService;
  desk: PaymentDesk;
  taxes: CheckoutTax;
  pricing: CheckoutPricing;
  mails: OrderMails;
  log: FastifyBaseLogger;
  now: () => Date;
}

const stockLines = (lines: { itemOptionId: number; quantity: number }[]) =>
  lines.map(({ itemOptionId, quantity }) => ({ itemOptionId, quantity }));

/**
 * A waiting order's two ends: placed once paid (the tax committed, the bag cleared, the mails
 * sent, by the one caller that moved it), or abandoned, its stock and any money given back.
 */
export class OrderPlacement {
  constructor(private readonly deps: PlacementDeps) {}

  /**
   * Places a paid order, under its payment lock so that no shipping change is half done, and
   * only if the provider charged exactly the order's total: otherwise the order cannot be what
   * was paid for, so it is cancelled and the money goes back.
   */
  async complete(order: OrderRow, payment: HostedPayment): Promise<OrderRow> {
    const { repository, cart, log } = this.deps;
    const [lines, taxLines] = await Promise.all([
      repository.linesOf([order.id]),
      repository.taxLinesOf([order.id]),
    ]);
    const placed = await this.deps.desk.withPaymentLock(
      order.id,
      async (current, lock) => {
        if (current.status !== 'PENDING_PAYMENT') return undefined;
        if (payment.amountCents !== current.totalCents) {
          log.error(
            { orderId: order.id, paidCents: payment.amountCents, totalCents: current.totalCents },
            'a payment did not match its order: refunded',
          );
          await this.abandon(current, 'CANCELLED', payment);
          throw new Conflict(CHECKOUT_MESSAGES.paidAmountMismatch);
        }
        return repository.place(
          current.id,
          lock,
          {
            placedAt: this.deps.now(),
            paymentId: payment.paymentId,
            shippingAddress: current.shippingAddress ?? payment.shippingAddress,
          },
          this.deps.pricing.brandShares(current, lines, taxLines),
        );
      },
      (placedRow) => placedRow !== undefined,
    );
    if (placed) {
      await this.deps.taxes.commit(placed);
      // Paid on the hosted page: the intent made for /checkout must never be charged as well.
      const unused = order.paymentId;
      if (unused && unused !== payment.paymentId) {
        await this.deps.desk.ask((p) => p.cancel(unused), CHECKOUT_MESSAGES.paymentUnconfirmed);
      }
      // Only the caller that moved the order sends the mails: one of each, however many ask.
      // Its lines are the ones read above: an order's lines and taxes are settled once it is paid.
      await cart.removeBought(
        placed.userId,
        lines.map((l) => l.itemOptionId),
      );
      const receiptEmailedAt = await this.deps.mails.send(placed, lines, taxLines);
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
  async abandon(
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
      await this.deps.desk.ask((p) => p.cancel(paymentId), timeout);
      // Confirmed in the same instant, the payment could not be cancelled: it goes back instead.
      const paid = await this.deps.desk.ask((p) => p.paidAmount(paymentId), timeout);
      if (paid !== null)
        await this.deps.desk.refundUnplaced(order, { paymentId, amountCents: paid });
    }
    if (paid) await this.deps.desk.refundUnplaced(order, paid);
    if (order.checkoutSessionId) await this.deps.desk.closeHostedCheckout(order);
  }
}
