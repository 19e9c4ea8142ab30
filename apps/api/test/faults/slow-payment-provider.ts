import type { Cents, Currency } from '@marketplace/shared';
import type { Db } from '../../src/db/client';
import { LocalPaymentProvider } from '../../src/providers/payments/local-payment-provider';
import type {
  CardOutcome,
  CreatedPayment,
  PaymentStatus,
  RefundStatus,
} from '../../src/providers/payments/payment-provider';

type Method =
  | 'createPayment'
  | 'updateAmount'
  | 'getStatus'
  | 'paidAmount'
  | 'refund'
  | 'refundStatus'
  | 'confirm';

/**
 * `answer`: the provider does the work (makes the payment, charges the card, sends the refund)
 * but its answer is late, as when the reply is lost on the way back. `request`: the request
 * never reaches the provider, so nothing is done at all.
 */
type Loss = 'answer' | 'request';

/**
 * The built-in provider with calls that stop answering on demand, until `release()`. A held
 * call given up by the API goes on in the background, as a real network request does.
 */
export class SlowPaymentProvider extends LocalPaymentProvider {
  /** What refundStatus answers instead of the truth, to play a refund the provider failed. */
  refundStatusOverride: RefundStatus | undefined;
  private readonly held = new Map<Method, Loss>();
  private readonly waiting = new Map<Method, (() => void)[]>();
  private gate = deferred();

  constructor(db: Db, now?: () => Date) {
    super(db, now);
  }

  hold(method: Method, loss: Loss = 'answer'): void {
    this.held.set(method, loss);
  }

  /** Every held call answers now (a lost request fails, as a dropped connection does). */
  release(): void {
    this.held.clear();
    this.gate.resolve();
    this.gate = deferred();
  }

  /** Resolves once a call of `method` is being held (after its work, when only the answer is lost). */
  arrived(method: Method): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.set(method, [...(this.waiting.get(method) ?? []), resolve]);
    });
  }

  override createPayment(input: {
    orderId: string;
    amountCents: Cents;
    currency: Currency;
  }): Promise<CreatedPayment> {
    return this.call('createPayment', () => super.createPayment(input));
  }

  override updateAmount(paymentId: string, amount: Cents): Promise<boolean> {
    return this.call('updateAmount', () => super.updateAmount(paymentId, amount));
  }

  override getStatus(paymentId: string): Promise<PaymentStatus> {
    return this.call('getStatus', () => super.getStatus(paymentId));
  }

  override paidAmount(paymentId: string): Promise<Cents | null> {
    return this.call('paidAmount', () => super.paidAmount(paymentId));
  }

  override refund(input: {
    paymentId: string;
    amountCents: Cents;
    idempotencyKey: string;
  }): Promise<void> {
    return this.call('refund', () => super.refund(input));
  }

  override refundStatus(input: {
    paymentId: string;
    idempotencyKey: string;
  }): Promise<RefundStatus> {
    return this.call('refundStatus', async () =>
      this.refundStatusOverride ? this.refundStatusOverride : super.refundStatus(input),
    );
  }

  override confirm(
    paymentId: string,
    card: { number: string; expMonth: number; expYear: number },
    amount: Cents,
  ): Promise<CardOutcome> {
    return this.call('confirm', () => super.confirm(paymentId, card, amount));
  }

  private async call<T>(method: Method, work: () => Promise<T>): Promise<T> {
    const loss = this.held.get(method);
    if (!loss) return work();
    const gate = this.gate.promise;
    if (loss === 'request') {
      this.notify(method);
      await gate;
      throw new Error(`The ${method} request never reached the payment provider.`);
    }
    const result = await work();
    this.notify(method);
    await gate;
    return result;
  }

  private notify(method: Method): void {
    for (const resolve of this.waiting.get(method) ?? []) resolve();
    this.waiting.delete(method);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
