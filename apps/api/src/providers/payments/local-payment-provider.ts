import { formatCents, type Cents } from '@marketplace/shared';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Currency } from '@marketplace/shared';
import type { Db } from '../../db/client';
import { localPayments, localRefunds } from '../../db/schema';
import { centsFromSql } from '../../db/schema/columns';
import type {
  CardOutcome,
  CreatedPayment,
  HostedCheckout,
  HostedPayment,
  PaymentProvider,
  PaymentStatus,
  RefundStatus,
} from './payment-provider';

/** Stripe's test cards (DESIGN 4): one succeeds, the declined one and any other card fail. */
const SUCCEEDING_CARD = '4242424242424242';

/**
 * The default provider: it needs no account or network, keeps its payments in its own table,
 * and plays a card payment's states so checkout can be built and tested end to end.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createPayment(input: {
    orderId: string;
    amountCents: Cents;
    currency: Currency;
  }): Promise<CreatedPayment> {
    const id = `lpi_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(18).toString('base64url')}`;
    await this.db.insert(localPayments).values({
      id,
      clientSecret,
      status: 'requires_payment',
      orderId: input.orderId,
      currency: input.currency,
      amount: input.amountCents,
    });
    return { id, clientSecret };
  }

  async updateAmount(paymentId: string, amountCents: Cents): Promise<boolean> {
    const updated = await this.db
      .update(localPayments)
      .set({ amount: amountCents, updatedAt: this.now() })
      .where(and(eq(localPayments.id, paymentId), eq(localPayments.status, 'requires_payment')))
      .returning({ id: localPayments.id });
    return updated.length > 0;
  }

  async paidAmount(paymentId: string): Promise<Cents | null> {
    const [row] = await this.db
      .select({ amount: localPayments.amount })
      .from(localPayments)
      .where(and(eq(localPayments.id, paymentId), eq(localPayments.status, 'succeeded')));
    return row?.amount ?? null;
  }

  async getStatus(paymentId: string): Promise<PaymentStatus> {
    const [row] = await this.db
      .select({ status: localPayments.status })
      .from(localPayments)
      .where(eq(localPayments.id, paymentId));
    return (row?.status as PaymentStatus | undefined) ?? 'canceled';
  }

  async cancel(paymentId: string): Promise<void> {
    await this.db
      .update(localPayments)
      .set({ status: 'canceled', updatedAt: this.now() })
      .where(and(eq(localPayments.id, paymentId), eq(localPayments.status, 'requires_payment')));
  }

  /** The built-in provider's hosted page is the web app's own checkout page (DESIGN 4). */
  async startHostedCheckout(): Promise<HostedCheckout> {
    return { url: '/checkout' };
  }

  async hostedPayment(): Promise<HostedPayment | null> {
    return null;
  }

  async closeHostedCheckout(): Promise<void> {}

  /** One row per idempotency key; never more back than was paid. */
  async refund(input: {
    paymentId: string;
    amountCents: Cents;
    idempotencyKey: string;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(localPayments)
        .where(eq(localPayments.id, input.paymentId))
        .for('update');
      if (payment?.status !== 'succeeded')
        throw new Error(`Payment ${input.paymentId} was not paid.`);
      const [refunded] = await tx
        .select({ total: sql`sum(${localRefunds.amount})`.mapWith(centsFromSql) })
        .from(localRefunds)
        .where(eq(localRefunds.paymentId, input.paymentId));
      const [existing] = await tx
        .select({ id: localRefunds.id })
        .from(localRefunds)
        .where(eq(localRefunds.idempotencyKey, input.idempotencyKey));
      if (existing) return;
      const { amountCents: amount, ...refund } = input;
      if (refunded!.total + amount > payment.amount) {
        throw new Error(
          `Refund of ${formatCents(amount)} exceeds what is left of ${input.paymentId}.`,
        );
      }
      await tx.insert(localRefunds).values({ ...refund, amount, createdAt: this.now() });
    });
  }

  /** A refund is written in one transaction with its key: if the row is there, it went through. */
  async refundStatus(input: { paymentId: string; idempotencyKey: string }): Promise<RefundStatus> {
    const [row] = await this.db
      .select({ id: localRefunds.id })
      .from(localRefunds)
      .where(
        and(
          eq(localRefunds.paymentId, input.paymentId),
          eq(localRefunds.idempotencyKey, input.idempotencyKey),
        ),
      );
    return row ? 'succeeded' : 'missing';
  }

  /**
   * Charges the card once: a payment that already succeeded stays succeeded. Only the last four
   * digits are kept. It charges only `amountCents`, the order's total as its caller read it under the
   * order's payment lock: a payment whose amount moved meanwhile is not charged.
   */
  async confirm(
    paymentId: string,
    card: { number: string; expMonth: number; expYear: number },
    amountCents: Cents,
  ): Promise<CardOutcome> {
    const now = this.now();
    const expired =
      card.expYear < now.getFullYear() ||
      (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
    if (expired) return 'expired';
    if (card.number !== SUCCEEDING_CARD) return 'declined';
    const charged = await this.db
      .update(localPayments)
      .set({ status: 'succeeded', cardLast4: card.number.slice(-4), updatedAt: now })
      .where(
        and(
          eq(localPayments.id, paymentId),
          eq(localPayments.status, 'requires_payment'),
          eq(localPayments.amount, amountCents),
        ),
      )
      .returning({ id: localPayments.id });
    if (charged.length > 0) return 'succeeded';
    // Not charged now: paid before (by a call whose answer was lost), or changed, or cancelled.
    const status = await this.getStatus(paymentId);
    if (status === 'succeeded') return 'succeeded';
    return status === 'requires_payment' ? 'amount_changed' : 'declined';
  }
}
