import {
  AppError,
  STORE_ORDER_MESSAGES as M,
  type Cents,
  type Currency,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { withTimeout } from '../../providers/payments/payment-timeout';
import type { TaxProvider } from '../../providers/tax/tax-provider';
import type { StoresService } from '../stores/stores.service';
import type { PendingRefund, RefundsRepository } from './refunds.repository';
import type { StoreOrderMails } from './store-order-mails';
import type {
  StoreOrderRecord,
  StoreOrderWriter,
  StoreOrdersRepository,
} from './store-orders.repository';

/** A refund still PENDING this long lost its provider's answer (a request never waits this long). */
const STALE_REFUND_MINUTES = 5;

/** Thrown when the provider does not answer a refund in time: it may still go through. */
export class RefundUnanswered extends AppError {
  constructor() {
    super(504, M.refundPending);
  }
}

interface RefundDeps {
  repository: StoreOrdersRepository;
  refunds: RefundsRepository;
  payments: PaymentProvider;
  tax: TaxProvider;
  stores: StoresService;
  mails: StoreOrderMails;
  log: FastifyBaseLogger;
  /** How long a seller's refund waits for the payment provider (504 after that). */
  timeoutMs: number;
  now: () => Date;
}

/**
 * Money going back through the payment provider once a refund is reserved: sent, its tax
 * reversed, or, when its answer was lost, settled later by reconcile().
 */
export class StoreOrderRefunds {
  constructor(private readonly deps: RefundDeps) {}

  /**
   * Sends a reserved refund to the provider. If it goes through it counts as returned; if the
   * provider refuses, the reservation is freed and `undo` puts the statuses back (502).
   */
  async send(
    order: StoreOrderRecord,
    refund: { id: string; amountCents: Cents },
    actorId: string | null,
    storeId: string,
    undo: (writer: StoreOrderWriter) => Promise<void>,
  ): Promise<void> {
    const { repository, refunds, log } = this.deps;
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
    await refunds.refundSucceeded(refund.id);
    await this.reverseTax(refund.id);
  }

  /**
   * The money went back: the tax provider's record of the sale is reversed for what the refund
   * returned. A reversal that fails is logged and retried by reconcile(); it never holds up the
   * buyer's money, which has already gone.
   */
  private async reverseTax(refundId: string): Promise<void> {
    const { refunds, tax, log } = this.deps;
    try {
      const refund = await refunds.refundForReversal(refundId);
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
            this.deps.timeoutMs,
            () => new Error('The tax provider did not answer in time.'),
          )
        : { reversalId: null };
      await refunds.taxReversed(refund.id, reversalId, this.deps.now());
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
    const { refunds, payments, log } = this.deps;
    const stale = await refunds.stalePendingRefunds(
      new Date(this.deps.now().getTime() - STALE_REFUND_MINUTES * 60_000),
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
    const unreversed = await refunds.unreversedRefunds(
      new Date(this.deps.now().getTime() - STALE_REFUND_MINUTES * 60_000),
    );
    for (const refund of unreversed) await this.reverseTax(refund.id);
    return outcome;
  }

  private async settleStale(
    refund: PendingRefund,
    payments: PaymentProvider,
  ): Promise<'succeeded' | 'failed'> {
    const { repository, refunds } = this.deps;
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
      if (await refunds.refundSucceeded(refund.id)) {
        await this.reverseTax(refund.id);
        await this.mailSettledRefund(refund);
      }
      return 'succeeded';
    }
    const before = await refunds.statusesBeforeRefund(refund.id, refund.storeOrderId);
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
    const { repository, refunds, stores, log } = this.deps;
    try {
      const order = await repository.findForStore(refund.storeOrderId, refund.storeId);
      if (!order) return;
      const items = await repository.itemsOf([refund.storeOrderId]);
      const storeName = (await stores.ownerIdsOf([refund.storeId])).get(refund.storeId)?.name;
      const covered = refund.orderItemId
        ? items.filter((i) => i.id === refund.orderItemId)
        : items.filter((i) => i.status === 'REFUNDED');
      await this.deps.mails.refund(
        order,
        storeName ?? 'The store',
        // A line refunded on its own was rejected, or returned (then it is REFUNDED).
        !refund.orderItemId
          ? 'refunded'
          : covered[0]?.status === 'REFUNDED'
            ? 'returned'
            : 'rejected',
        { ...refund, taxLines: await refunds.refundTaxLinesOf(refund.id) },
        covered,
      );
    } catch (error) {
      log.error({ err: error, refundId: refund.id }, 'refund mail failed');
    }
  }

  sendToProvider(paymentId: string, refund: { id: string; amountCents: Cents }): Promise<void> {
    return this.timed(
      this.deps.payments.refund({
        paymentId,
        amountCents: refund.amountCents,
        idempotencyKey: `refund-${refund.id}`,
      }),
    );
  }

  private timed<T>(call: Promise<T>): Promise<T> {
    return withTimeout(call, this.deps.timeoutMs, () => new RefundUnanswered());
  }
}
