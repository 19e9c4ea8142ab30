import {
  sumCents,
  AppError,
  CHECKOUT_MESSAGES,
  type Currency,
  type Cents,
  type ShippingAddress,
  type TaxClass,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from '../../providers/payments/payment-timeout';
import type { TaxProvider } from '../../providers/tax/tax-provider';
import type { CheckoutRepository, OrderItemRow, OrderRow, OrderTax } from './checkout.repository';
import { brandSubtotals, type CentsQuote } from './pricing';

interface CheckoutTaxDeps {
  repository: CheckoutRepository;
  tax: TaxProvider;
  log: FastifyBaseLogger;
  /** How long the tax provider is waited for (the payment timeout). */
  timeoutMs: number;
  now: () => Date;
  /** How old a placed order must be before its owed tax commit is retried. */
  retryAfterMs: number;
}

/** Sales tax at checkout: calculated for the address, committed once the order is placed. */
export class CheckoutTax {
  constructor(private readonly deps: CheckoutTaxDeps) {}

  /**
   * The tax of each line and each brand's parcel for the address, from the tax provider. A
   * provider that cannot answer is a 502 and one that is slow a 504, before anything is written.
   */
  async calculate(
    order: OrderRow,
    lines: OrderItemRow[],
    quote: CentsQuote,
    address: ShippingAddress,
  ): Promise<OrderTax> {
    const storeIds = [...brandSubtotals(lines).keys()];
    const calculation = await this.ask((provider) =>
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
          unitPriceCents: line.itemPriceCents,
          quantity: line.quantity,
          taxClass: line.taxClass as TaxClass,
        })),
        shipping: storeIds.map((storeId, index) => ({
          reference: storeId,
          amountCents: quote.perBrand[index]!,
        })),
        date: this.deps.now(),
      }),
    );
    const taxLines: OrderTax['lines'] = [];
    const lineTaxes = new Map<number, Cents>();
    // A line's tax is the sum of its recorded components, so that what a refund returns (the
    // components) is always exactly what the line was charged. Components are recorded as the
    // provider gave them: both are in cents.
    for (const line of lines) {
      const taxed = calculation.lines.find((l) => l.reference === String(line.id));
      const components = taxed?.components ?? [];
      lineTaxes.set(line.id, sumCents(...components.map((c) => c.amountCents)));
      for (const component of components)
        taxLines.push({ ...component, orderItemId: line.id, storeId: line.storeId });
    }
    for (const storeId of storeIds) {
      const taxed = calculation.shipping.find((s) => s.reference === storeId);
      for (const component of taxed?.components ?? [])
        taxLines.push({ ...component, orderItemId: null, storeId });
    }
    return {
      taxCents: sumCents(...taxLines.map((line) => line.amountCents)),
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
  async commit(order: OrderRow): Promise<void> {
    try {
      const { transactionId } = await this.ask((provider) =>
        provider.commit({ orderId: order.id, calculationReference: order.taxCalculationRef }),
      );
      await this.deps.repository.taxCommitted(order.id, transactionId, this.deps.now());
    } catch (error) {
      this.deps.log.error({ err: error, orderId: order.id }, 'committing the sales tax failed');
    }
  }

  /** Placed orders whose tax commit failed: committed now (the provider is idempotent by order). */
  async commitOwed(): Promise<void> {
    const owed = await this.deps.repository.uncommittedTax(
      new Date(this.deps.now().getTime() - this.deps.retryAfterMs),
    );
    for (const order of owed) await this.commit(order);
  }

  /** A tax provider call, waited for at most paymentTimeoutMs; its failure is the buyer's 502. */
  private async ask<T>(call: (tax: TaxProvider) => Promise<T>): Promise<T> {
    try {
      return await withTimeout(
        call(this.deps.tax),
        this.deps.timeoutMs,
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
}
