import {
  fromCents,
  orderReference,
  sumCents,
  toCents,
  type Cents,
  quoteShipping,
  DEFAULT_EXPRESS_FEE_PER_BRAND,
  type Currency,
  type ShippingAddress,
  type ShippingMethod,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from '../../providers/payments/payment-timeout';
import type { ShippingProvider } from '../../providers/shipping/shipping-provider';
import type { ItemsService } from '../items/items.service';
import type { StoresService } from '../stores/stores.service';
import type { OrderItemRow, OrderRow, TaxLineRow } from './checkout.repository';

type PricedLine = { storeId: string; itemPriceCents: Cents; quantity: number };

/** Each brand's item subtotal, by store: one brand ships one parcel (spec 9). */
export function brandSubtotals(lines: PricedLine[]): Map<string, Cents> {
  const subtotals = new Map<string, Cents>();
  for (const line of lines) {
    const before = subtotals.get(line.storeId) ?? 0;
    subtotals.set(line.storeId, sumCents(before, line.itemPriceCents * line.quantity));
  }
  return subtotals;
}

/** Spec 9's shipping quote, in cents: what the order, and each brand's parcel, costs. */
export interface CentsQuote {
  subtotal: Cents;
  shipping: Cents;
  total: Cents;
  freeShipping: boolean;
  perBrand: Cents[];
}

interface PricingDeps {
  /**
   * Issue 16: with a provider that quotes carriers' rates (EasyPost), express costs each
   * brand's parcel its express rate; the local provider's rates are the configured fees.
   */
  shipping?: ShippingProvider;
  stores: StoresService;
  items: ItemsService;
  log: FastifyBaseLogger;
  expressFeePerBrand?: number;
  /** How long a rate request is waited for. */
  timeoutMs: number;
}

/** What an order costs: its shipping by brand, express rates, and each brand's share. */
export class CheckoutPricing {
  constructor(private readonly deps: PricingDeps) {}

  quote(
    currency: Currency,
    lines: PricedLine[],
    method: ShippingMethod,
    expressRates: Record<string, number> | null = null,
  ): CentsQuote {
    const subtotals = brandSubtotals(lines);
    // The shared policy (the bag page's too) speaks the spec's dollars; the API keeps cents.
    const quote = quoteShipping({
      currency,
      brandSubtotals: [...subtotals.values()].map(fromCents),
      method,
      expressFeePerBrand: this.deps.expressFeePerBrand ?? DEFAULT_EXPRESS_FEE_PER_BRAND,
      expressRatesPerBrand: [...subtotals.keys()].map((storeId) => expressRates?.[storeId] ?? null),
    });
    return {
      subtotal: toCents(quote.subtotal),
      shipping: toCents(quote.shipping),
      total: toCents(quote.total),
      freeShipping: quote.freeShipping,
      perBrand: quote.perBrand.map(toCents),
    };
  }

  /**
   * Issue 16: each brand's express rate for its parcel from a provider that quotes carriers
   * (EasyPost), from the brand's ship-from address to the buyer's, by the items' weights. A
   * brand without an address, a rate in another currency than the order's, or a provider that
   * fails or is slow leaves that brand on the configured fee (logged): the buyer can still pay.
   * Null with the local provider, whose rates are the configured fees themselves.
   */
  async expressRates(
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
          this.deps.timeoutMs,
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

  /**
   * Each brand's store order: its items' subtotal, its parcel's part of the shipping paid, and
   * the tax charged on both (the recorded lines, never recomputed).
   */
  brandShares(order: OrderRow, lines: OrderItemRow[], taxLines: TaxLineRow[]) {
    const subtotals = brandSubtotals(lines);
    const quote = this.quote(
      order.currency as Currency,
      lines,
      order.shippingMethod as ShippingMethod,
      order.expressRates,
    );
    return [...subtotals].map(([storeId, subtotal], index) => {
      const shippingTax = sumCents(
        ...taxLines
          .filter((t) => t.storeId === storeId && t.orderItemId === null)
          .map((t) => t.amountCents),
      );
      const itemsTax = sumCents(
        ...lines.filter((l) => l.storeId === storeId).map((l) => l.taxCents),
      );
      return {
        storeId,
        subtotalCents: subtotal,
        shippingCents: quote.perBrand[index]!,
        taxCents: sumCents(itemsTax, shippingTax),
        shippingTaxCents: shippingTax,
      };
    });
  }
}
