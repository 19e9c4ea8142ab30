import { allocate, asCents, sumCents } from '@marketplace/shared';
import Stripe from 'stripe';
import type {
  Cents,
  TaxCalculation,
  TaxClass,
  TaxComponent,
  TaxType,
  TaxedAmount,
} from '@marketplace/shared';
import { withTimeout } from '../payments/payment-timeout';
import type { TaxProvider, TaxReversal } from './tax-provider';
import { TaxProviderError } from './tax-provider-error';

/**
 * Stripe's product tax codes (docs.stripe.com/tax/tax-codes): "Clothing and Footwear" and
 * "Children's Clothing and Footwear" (Stripe applies the children's exemptions and rebates, e.g.
 * BC PST, the provincial part of Ontario's HST), and "Shipping" for each brand's delivery charge.
 */
export const STRIPE_TAX_CODES: Record<TaxClass | 'shipping', string> = {
  clothing: 'txcd_30011000',
  childrens_clothing: 'txcd_30011200',
  shipping: 'txcd_92010001',
};

/** How long a caller waits for Stripe Tax before a 504 (the client's own retries included). */
export const DEFAULT_TAX_TIMEOUT_MS = 15_000;

/** Stripe Tax amounts are integer minor units, as ours are: they pass through unconverted. */

/** "9.975" (percent, as Stripe writes it) → 0.09975, moving the decimal point in the text. */
export function percentToFraction(percent: string): number {
  const [whole = '0', fraction = ''] = percent.trim().split('.');
  const digits = `${whole.padStart(3, '0')}${fraction}`;
  return Number(`${digits.slice(0, -2 - fraction.length)}.${digits.slice(-2 - fraction.length)}`);
}

const CANADIAN_TAX_TYPES: Partial<Record<string, TaxType>> = {
  gst: 'GST',
  hst: 'HST',
  pst: 'PST',
  qst: 'QST',
  rst: 'RST',
};

type Breakdown =
  Stripe.Tax.CalculationLineItem.TaxBreakdown | Stripe.Tax.Calculation.ShippingCost.TaxBreakdown;

/**
 * One of Stripe's per-line taxes in our words: 'CA' (federal), 'CA-ON' (a province or state),
 * 'US-NY-NEW YORK CITY' (a county, city or district, named as Stripe names it).
 * Returns null for a tax Stripe says is not imposed (exempt, nothing charged): it has no rate.
 */
export function toTaxComponent(breakdown: Breakdown): TaxComponent | null {
  const { jurisdiction, tax_rate_details: details } = breakdown;
  if (!details) {
    if (breakdown.amount !== 0)
      throw new TaxProviderError(
        'refused',
        `Stripe Tax charged ${breakdown.amount} without a rate in ${jurisdiction.display_name}.`,
      );
    return null;
  }
  const country = jurisdiction.country.toUpperCase();
  const level = jurisdiction.level;
  const code =
    level === 'country' || !jurisdiction.state
      ? country
      : level === 'state'
        ? `${country}-${jurisdiction.state}`
        : `${country}-${jurisdiction.state}-${jurisdiction.display_name.toUpperCase()}`;
  return {
    jurisdiction: code,
    jurisdictionName: jurisdiction.display_name,
    taxType: toTaxType(details.tax_type, country, level, jurisdiction.display_name),
    rate: percentToFraction(details.percentage_decimal),
    taxableAmountCents: asCents(breakdown.taxable_amount),
    amountCents: asCents(breakdown.amount),
  };
}

function toTaxType(stripeType: string, country: string, level: string, where: string): TaxType {
  const canadian = CANADIAN_TAX_TYPES[stripeType];
  if (canadian) return canadian;
  // A US state's own tax, or a county's, city's or district's on top of it.
  if (country === 'US' && stripeType === 'sales_tax') return level === 'state' ? 'STATE' : 'LOCAL';
  // A tax we do not model (a US delivery fee, a VAT): recording it under another name would
  // misstate what the marketplace remits, so the calculation stops here.
  throw new TaxProviderError(
    'refused',
    `Stripe Tax answered an unexpected ${stripeType} in ${where}.`,
  );
}

/**
 * Stripe's tax on the order's one shipping_cost, shared by the parcels in proportion to their
 * charges: each tax (and its taxable amount) split by largest remainder, so every tax's parcels
 * add up to Stripe's figure and a parcel's tax is the sum of its shares.
 */
function splitShipping(
  shippingCost: Stripe.Tax.Calculation.ShippingCost | null,
  parcelCents: Cents[],
): { taxCents: Cents; components: TaxComponent[] }[] {
  const taxes = (shippingCost?.tax_breakdown ?? []).flatMap((breakdown) => {
    const component = toTaxComponent(breakdown);
    return component ? [{ component, breakdown }] : [];
  });
  const charged = taxes.reduce((sum, { breakdown }) => sum + breakdown.amount, 0);
  if (shippingCost && charged !== shippingCost.amount_tax)
    throw new TaxProviderError(
      'refused',
      `Stripe Tax's shipping breakdown (${charged}) does not add up to its tax (${shippingCost.amount_tax}).`,
    );
  const shares = taxes.map(({ breakdown }) => ({
    amounts: allocate(breakdown.amount, parcelCents),
    taxable: allocate(breakdown.taxable_amount, parcelCents),
  }));
  return parcelCents.map((_, parcel) => {
    const components = taxes.map(({ component }, index) => ({
      ...component,
      taxableAmountCents: shares[index]!.taxable[parcel]!,
      amountCents: shares[index]!.amounts[parcel]!,
    }));
    return { taxCents: sumCents(...shares.map((share) => share.amounts[parcel]!)), components };
  });
}

/**
 * Sales tax through Stripe Tax (issue 15), when STRIPE_TAX=true: a Calculation for checkout, a
 * Transaction when the order is placed, a partial reversal for each refund.
 *
 * Shipping: Stripe takes one `shipping_cost` per calculation, while our order has one delivery
 * charge per brand's parcel. We send their sum as the shipping_cost and split its tax back over
 * the parcels in proportion to their charges (largest remainder, per tax, so the parcels add up
 * to Stripe's figure exactly). Why not one line item per parcel with the shipping tax code:
 * whether a delivery is taxed depends on what it delivers (New York exempts the delivery of
 * clothing under $110; in Canada a delivery follows the supply, so children's clothing keeps its
 * rebate), and Stripe applies that only to the shipping_cost, weighing the order's goods; a
 * shipping line item would be taxed at the full rate whatever it carried. Reversals stay exact:
 * a refunded parcel's shipping is reversed with the amount and tax recorded for it, which Stripe
 * takes as given and keeps within the original's shipping. What differs from the built-in
 * provider with several parcels: Stripe rounds the shipping tax once for the order where the
 * built-in provider rounds each parcel's (a cent a parcel at most), and weighs the whole order's
 * goods where the built-in provider weighs each parcel's (when parcels carry differently taxed
 * goods). With one parcel both give the same.
 */
export class StripeTaxProvider implements TaxProvider {
  readonly name = 'stripe' as const;
  private readonly timeoutMs: number;

  constructor(
    private readonly stripe: Stripe,
    options: { timeoutMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TAX_TIMEOUT_MS;
  }

  async calculate(input: Parameters<TaxProvider['calculate']>[0]): Promise<TaxCalculation> {
    const parcelCents = input.shipping.map((parcel) => parcel.amountCents);
    const shippingCents = sumCents(...parcelCents);
    const calculation = await this.call('calculations.create', () =>
      this.stripe.tax.calculations.create({
        currency: input.currency.toLowerCase(),
        line_items: input.lines.map((line) => ({
          amount: line.unitPriceCents * line.quantity,
          // Stripe derives the unit price from it: New York's $110 test is per item.
          quantity: line.quantity,
          reference: line.reference,
          tax_code: STRIPE_TAX_CODES[line.taxClass],
          tax_behavior: 'exclusive' as const,
        })),
        // Free delivery: nothing to tax, and Stripe wants a positive amount.
        ...(shippingCents > 0
          ? {
              shipping_cost: {
                amount: shippingCents,
                tax_code: STRIPE_TAX_CODES.shipping,
                tax_behavior: 'exclusive' as const,
              },
            }
          : {}),
        customer_details: {
          address: {
            country: input.destination.country,
            state: input.destination.province,
            city: input.destination.city,
            postal_code: input.destination.postalCode,
          },
          address_source: 'shipping',
        },
        tax_date: Math.floor(input.date.getTime() / 1000),
        expand: ['line_items', 'line_items.data.tax_breakdown', 'shipping_cost.tax_breakdown'],
      }),
    );
    const calculationId = calculation.id;
    if (!calculationId)
      throw new TaxProviderError('refused', 'Stripe Tax answered a calculation without an id.');
    const stripeLines = await this.calculationLines(calculation, calculationId);
    const byReference = new Map(stripeLines.map((line) => [line.reference, line]));
    const lines = input.lines.map((line): TaxedAmount => {
      const taxed = byReference.get(line.reference);
      if (!taxed)
        throw new TaxProviderError('refused', `Stripe Tax left out line ${line.reference}.`);
      const components = (taxed.tax_breakdown ?? [])
        .map(toTaxComponent)
        .filter((component): component is TaxComponent => component !== null);
      return { reference: line.reference, taxCents: asCents(taxed.amount_tax), components };
    });
    const parcelTaxes = splitShipping(calculation.shipping_cost, parcelCents);
    const shipping = input.shipping.map((parcel, index): TaxedAmount => ({
      reference: parcel.reference,
      ...parcelTaxes[index]!,
    }));
    return {
      currency: input.currency,
      lines,
      shipping,
      totalCents: sumCents(...[...lines, ...shipping].map((taxed) => taxed.taxCents)),
      providerReference: calculationId,
    };
  }

  /**
   * The calculation becomes Stripe's record of the sale. The order id is both the idempotency key
   * (a retry within Stripe's 24 hours answers the same transaction) and the transaction's
   * reference, which Stripe keeps unique for ever: a late second commit is refused, not doubled.
   */
  async commit(input: {
    orderId: string;
    calculationReference: string | null;
  }): Promise<{ transactionId: string | null }> {
    const calculation = input.calculationReference;
    if (!calculation)
      throw new TaxProviderError(
        'refused',
        `Order ${input.orderId} has no Stripe Tax calculation to record.`,
      );
    const transaction = await this.call('transactions.createFromCalculation', () =>
      this.stripe.tax.transactions.createFromCalculation(
        { calculation, reference: input.orderId, metadata: { orderId: input.orderId } },
        { idempotencyKey: `tax-commit-${input.orderId}` },
      ),
    );
    return { transactionId: transaction.id };
  }

  /**
   * A partial reversal naming the transaction's own line items (found by our references), with
   * the amounts and tax the refund takes back, negative as Stripe wants them. Idempotent by
   * refund id: the key for Stripe's 24 hours, the unique reference after that.
   */
  async reverse(input: TaxReversal): Promise<{ reversalId: string | null }> {
    const transactionId = input.transactionId;
    if (!transactionId)
      throw new TaxProviderError(
        'refused',
        `Order ${input.orderId} has no Stripe Tax transaction to reverse.`,
      );
    const wanted = input.lines.filter((line) => line.amountCents !== 0 || line.taxCents !== 0);
    const shippingCents = sumCents(...input.shipping.map((parcel) => parcel.amountCents));
    const shippingTaxCents = sumCents(...input.shipping.map((parcel) => parcel.taxCents));
    if (wanted.length === 0 && shippingCents === 0 && shippingTaxCents === 0)
      return { reversalId: null };
    const originals =
      wanted.length === 0
        ? []
        : await this.call('transactions.listLineItems', () =>
            this.stripe.tax.transactions
              .listLineItems(transactionId, { limit: 100 })
              .autoPagingToArray({ limit: 10_000 }),
          );
    const idOf = new Map(originals.map((line) => [line.reference, line.id]));
    const lineItems = wanted.map((line) => {
      const original = idOf.get(line.reference);
      if (!original)
        throw new TaxProviderError(
          'refused',
          `Stripe Tax transaction ${transactionId} has no line ${line.reference} to reverse.`,
        );
      return {
        original_line_item: original,
        reference: line.reference,
        amount: -line.amountCents,
        amount_tax: -line.taxCents,
      };
    });
    const reversal = await this.call('transactions.createReversal', () =>
      this.stripe.tax.transactions.createReversal(
        {
          mode: 'partial',
          original_transaction: transactionId,
          // Unique across all of Stripe's transactions, as refund ids alone may not be.
          reference: `${input.orderId}-refund-${input.refundId}`,
          ...(lineItems.length > 0 ? { line_items: lineItems } : {}),
          // The refunded parcels' shipping, with the tax recorded for each (see the class comment).
          ...(shippingCents !== 0 || shippingTaxCents !== 0
            ? { shipping_cost: { amount: -shippingCents, amount_tax: -shippingTaxCents } }
            : {}),
          metadata: { orderId: input.orderId, refundId: input.refundId },
        },
        { idempotencyKey: `tax-reversal-${input.orderId}-${input.refundId}` },
      ),
    );
    return { reversalId: reversal.id };
  }

  /** The expanded first page, then Stripe's list endpoint for the rest of a long order. */
  private async calculationLines(
    calculation: Stripe.Tax.Calculation,
    calculationId: string,
  ): Promise<Stripe.Tax.CalculationLineItem[]> {
    const lines = [...(calculation.line_items?.data ?? [])];
    let hasMore = calculation.line_items?.has_more ?? false;
    while (hasMore) {
      const page = await this.call('calculations.listLineItems', () =>
        this.stripe.tax.calculations.listLineItems(calculationId, {
          limit: 100,
          starting_after: lines.at(-1)?.id,
          expand: ['data.tax_breakdown'],
        }),
      );
      lines.push(...page.data);
      hasMore = page.has_more && page.data.length > 0;
    }
    return lines;
  }

  /** Every Stripe call: at most timeoutMs, and Stripe's failures as TaxProviderError. */
  private async call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(
        request(),
        this.timeoutMs,
        () =>
          new TaxProviderError(
            'unreachable',
            `Stripe Tax ${operation} did not answer within ${this.timeoutMs} ms.`,
          ),
      );
    } catch (error) {
      if (error instanceof TaxProviderError) throw error;
      if (error instanceof Stripe.errors.StripeConnectionError)
        throw new TaxProviderError(
          'unreachable',
          `Stripe Tax ${operation} could not reach Stripe: ${error.message}`,
          { cause: error },
        );
      if (error instanceof Stripe.errors.StripeError)
        throw new TaxProviderError(
          'refused',
          `Stripe Tax ${operation} refused (${error.statusCode ?? '?'} ${error.rawType ?? error.type}${
            error.code ? ` ${error.code}` : ''
          }): ${error.message}`,
          { cause: error, code: error.code, providerStatus: error.statusCode },
        );
      throw error;
    }
  }
}
