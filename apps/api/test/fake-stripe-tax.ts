import { randomBytes } from 'node:crypto';
import {
  AppError,
  asCents,
  calculateTax,
  type TaxClass,
  type TaxComponent,
  type TaxType,
} from '@marketplace/shared';

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/**
 * The product tax codes this server knows (docs.stripe.com/tax/tax-codes); Stripe knows many
 * more, this server refuses them rather than answer for goods it does not model.
 */
const TAX_CODE_CLASSES: Record<string, TaxClass> = {
  txcd_30011000: 'clothing',
  txcd_30011200: 'childrens_clothing',
};
const SHIPPING_TAX_CODE = 'txcd_92010001';

/** Stripe accepts a tax_date up to 31 days either side of now. */
const TAX_DATE_WINDOW_SECONDS = 31 * 24 * 60 * 60;
/** Stripe keeps a calculation usable for 90 days. */
const CALCULATION_LIFETIME_SECONDS = 90 * 24 * 60 * 60;
/** Lines an expanded `line_items` carries; the rest come from the list endpoint. */
const EXPANDED_PAGE = 10;

export interface FakeTaxRulesInput {
  currency: string;
  address: { country: string; state: string; city: string; postalCode: string };
  taxDate: Date;
  /** Amounts in cents: a line's total and its quantity, as Stripe receives them. */
  lines: { reference: string; amountCents: number; quantity: number; taxClass: TaxClass }[];
  /** The order's one shipping_cost, in cents. */
  shippingCents: number;
}

/**
 * The tax content: which taxes each line and the shipping carry, in our words (cents). The
 * fake models Stripe's API shape, not its tax knowledge; throwing an AppError means the address
 * is not one Stripe could place.
 */
export type FakeTaxRules = (input: FakeTaxRulesInput) => {
  lines: Map<string, TaxComponent[]>;
  shipping: TaxComponent[];
};

/**
 * The shared calculator as the tax content, with the whole order's goods behind its one
 * shipping_cost (Stripe weighs them all; it knows nothing of our parcels).
 */
export const sharedCalculatorRules: FakeTaxRules = (input) => {
  const ORDER = 'order';
  const result = calculateTax({
    currency: input.currency.toUpperCase() as 'CAD' | 'USD',
    destination: {
      country: input.address.country as 'CA' | 'US',
      province: input.address.state,
      city: input.address.city,
      postalCode: input.address.postalCode,
    },
    lines: input.lines.map((line) => ({
      reference: line.reference,
      storeId: ORDER,
      // Stripe takes a line's total, the calculator a unit price (ours always divide evenly).
      unitPriceCents: asCents(Math.round(line.amountCents / line.quantity)),
      quantity: line.quantity,
      taxClass: line.taxClass,
    })),
    shipping:
      input.shippingCents > 0
        ? [{ reference: ORDER, amountCents: asCents(input.shippingCents) }]
        : [],
    date: input.taxDate,
  });
  return {
    lines: new Map(result.lines.map((line) => [line.reference, line.components])),
    shipping: result.shipping[0]?.components ?? [],
  };
};

interface Breakdown {
  amount: number;
  jurisdiction: { country: string; display_name: string; level: string; state: string | null };
  sourcing: 'destination';
  tax_rate_details: { display_name: string; percentage_decimal: string; tax_type: string } | null;
  taxability_reason: string;
  taxable_amount: number;
}

interface CalculationLine {
  id: string;
  object: 'tax.calculation_line_item';
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string>;
  performance_location: null;
  product: null;
  quantity: number;
  reference: string;
  tax_behavior: 'exclusive';
  tax_breakdown: Breakdown[];
  tax_code: string;
}

interface ShippingCost {
  amount: number;
  amount_tax: number;
  tax_behavior: 'exclusive';
  tax_breakdown: Breakdown[];
  tax_code: string;
}

interface Calculation {
  id: string;
  created: number;
  currency: string;
  customerDetails: Json;
  expiresAt: number;
  taxDate: number;
  lines: CalculationLine[];
  shippingCost: ShippingCost | null;
}

/** A transaction's shipping: Stripe leaves the breakdown out of transactions. */
type TransactionShipping = Omit<ShippingCost, 'tax_breakdown'>;

export interface FakeTaxTransactionLine {
  id: string;
  object: 'tax.transaction_line_item';
  amount: number;
  amount_tax: number;
  livemode: false;
  metadata: Record<string, string>;
  product: null;
  quantity: number;
  reference: string;
  reversal: { original_line_item: string } | null;
  tax_behavior: 'exclusive';
  tax_code: string;
  type: 'transaction' | 'reversal';
}

export interface FakeTaxTransaction {
  id: string;
  object: 'tax.transaction';
  created: number;
  currency: string;
  customer: null;
  customer_details: Json;
  livemode: false;
  metadata: Record<string, string>;
  posted_at: number;
  reference: string;
  reversal: { original_transaction: string } | null;
  ship_from_details: null;
  shipping_cost: TransactionShipping | null;
  tax_date: number;
  type: 'transaction' | 'reversal';
  lines: FakeTaxTransactionLine[];
}

type Reply = { status: number; body: unknown };

const STRIPE_TAX_TYPES: Record<TaxType, string> = {
  GST: 'gst',
  HST: 'hst',
  PST: 'pst',
  QST: 'qst',
  RST: 'rst',
  STATE: 'sales_tax',
  LOCAL: 'sales_tax',
};

const TAX_TYPE_NAMES: Record<TaxType, string> = {
  GST: 'Goods and Services Tax',
  HST: 'Harmonized Sales Tax',
  PST: 'Provincial Sales Tax',
  QST: 'Quebec Sales Tax',
  RST: 'Retail Sales Tax',
  STATE: 'Sales Tax',
  LOCAL: 'Local Sales Tax',
};

/** 0.09975 → "9.975": Stripe writes rates as percent strings. */
const percentText = (rate: number) => String(Math.round(rate * 1e6) / 1e4);

/** One of our components as Stripe writes a line's tax: a tax not imposed has no rate details. */
function toBreakdown(component: TaxComponent): Breakdown {
  const [country = '', state, ...place] = component.jurisdiction.split('-');
  const imposed = component.amountCents !== 0 || component.taxableAmountCents !== 0;
  return {
    amount: component.amountCents,
    jurisdiction: {
      country,
      display_name: component.jurisdictionName,
      level: state === undefined ? 'country' : place.length === 0 ? 'state' : 'city',
      state: state ?? null,
    },
    sourcing: 'destination',
    tax_rate_details: imposed
      ? {
          display_name: TAX_TYPE_NAMES[component.taxType],
          percentage_decimal: percentText(component.rate),
          tax_type: STRIPE_TAX_TYPES[component.taxType],
        }
      : null,
    taxability_reason: imposed ? 'standard_rated' : 'product_exempt',
    taxable_amount: component.taxableAmountCents,
  };
}

/** A list of form-encoded array entries (`line_items[0][amount]`) as an array. */
function entries(value: unknown): Json[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, Json>)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, entry]) => entry);
}

const list = (url: string, data: unknown[], hasMore = false) => ({
  object: 'list',
  url,
  has_more: hasMore,
  data,
});

const stripeError = (status: number, message: string, extra: Json = {}): Reply => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});

/**
 * Stripe Tax's Calculations and Transactions (`/v1/tax/...`) as a local server answers them:
 * Stripe's ids, object names, list envelopes, expansions and errors, with the checks Stripe
 * makes (expired calculations, unique references, reversals within the original).
 */
export class FakeStripeTaxApi {
  readonly calculations = new Map<string, Calculation>();
  readonly transactions = new Map<string, FakeTaxTransaction>();

  constructor(
    private readonly rules: () => FakeTaxRules,
    private readonly now: () => Date,
  ) {}

  route(method: string, parts: string[], body: Json): Reply {
    const [collection, idOrAction, sub] = parts;
    if (collection === 'calculations') {
      if (method === 'POST' && !idOrAction) return this.createCalculation(body);
      const calculation = this.calculations.get(idOrAction ?? '');
      if (!calculation || this.expired(calculation))
        return stripeError(404, `No such tax calculation: '${idOrAction}'`, {
          code: 'resource_missing',
        });
      if (method === 'GET' && sub === 'line_items')
        return this.page(
          `/v1/tax/calculations/${calculation.id}/line_items`,
          calculation.lines.map((line) => this.renderCalculationLine(line, body, 'data.')),
          body,
        );
      if (method === 'GET' && !sub)
        return { status: 200, body: this.renderCalculation(calculation, expansions(body)) };
    }
    if (collection === 'transactions') {
      if (method === 'POST' && idOrAction === 'create_from_calculation')
        return this.createFromCalculation(body);
      if (method === 'POST' && idOrAction === 'create_reversal') return this.createReversal(body);
      const transaction = this.transactions.get(idOrAction ?? '');
      if (!transaction)
        return stripeError(404, `No such tax transaction: '${idOrAction}'`, {
          code: 'resource_missing',
        });
      if (method === 'GET' && sub === 'line_items')
        return this.page(
          `/v1/tax/transactions/${transaction.id}/line_items`,
          transaction.lines,
          body,
        );
      if (method === 'GET' && !sub)
        return { status: 200, body: this.renderTransaction(transaction, expansions(body)) };
    }
    return stripeError(404, `Unrecognized request URL (${method}: /v1/tax/${parts.join('/')}).`);
  }

  private createCalculation(body: Json): Reply {
    const seconds = Math.floor(this.now().getTime() / 1000);
    const currency = String(body.currency ?? '');
    if (!['cad', 'usd'].includes(currency))
      return stripeError(400, `Invalid currency: ${currency}.`, { param: 'currency' });
    const shippingCost = (body.shipping_cost ?? null) as Json | null;
    const shippingCents = shippingCost ? Number(shippingCost.amount) : 0;
    if (shippingCost) {
      if (!Number.isInteger(shippingCents) || shippingCents <= 0)
        return stripeError(400, 'shipping_cost[amount] must be a positive integer.', {
          param: 'shipping_cost[amount]',
        });
      if ((shippingCost.tax_code ?? SHIPPING_TAX_CODE) !== SHIPPING_TAX_CODE)
        return stripeError(400, `This local server knows only ${SHIPPING_TAX_CODE} for shipping.`, {
          param: 'shipping_cost[tax_code]',
        });
      if ((shippingCost.tax_behavior ?? 'exclusive') !== 'exclusive')
        return stripeError(400, 'This local server models tax_behavior=exclusive only.', {
          param: 'shipping_cost[tax_behavior]',
        });
    }
    const details = (body.customer_details ?? {}) as Json;
    const address = (details.address ?? {}) as Record<string, string | undefined>;
    if (!['CA', 'US'].includes(address.country ?? '') || !address.state || !address.postal_code)
      return stripeError(
        400,
        "We could not determine the customer's tax location based on the provided customer address.",
        { code: 'customer_tax_location_invalid', param: 'customer_details[address]' },
      );
    const taxDate = body.tax_date === undefined ? seconds : Number(body.tax_date);
    if (!Number.isInteger(taxDate) || Math.abs(taxDate - seconds) > TAX_DATE_WINDOW_SECONDS)
      return stripeError(400, 'tax_date must be within 31 days of the current time.', {
        param: 'tax_date',
      });
    const items = entries(body.line_items);
    if (items.length === 0)
      return stripeError(400, 'Missing required param: line_items.', { param: 'line_items' });
    const references = new Set<string>();
    const lines: FakeTaxRulesInput['lines'] = [];
    const codes: string[] = [];
    for (const [index, item] of items.entries()) {
      const amount = Number(item.amount);
      const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
      const reference = String(item.reference ?? `line_${index}`);
      const taxCode = String(item.tax_code ?? '');
      const taxClass = TAX_CODE_CLASSES[taxCode];
      const param = `line_items[${index}]`;
      if (!Number.isInteger(amount) || amount <= 0)
        return stripeError(400, 'Line item amount must be a positive integer.', {
          param: `${param}[amount]`,
        });
      if (!Number.isInteger(quantity) || quantity <= 0)
        return stripeError(400, 'Invalid positive integer', { param: `${param}[quantity]` });
      if (references.has(reference))
        return stripeError(400, 'Line item references must be unique within a calculation.', {
          param: `${param}[reference]`,
        });
      if (!taxClass)
        return stripeError(400, `Invalid tax code: ${taxCode || '(none)'}.`, {
          param: `${param}[tax_code]`,
        });
      if ((item.tax_behavior ?? 'exclusive') !== 'exclusive')
        return stripeError(400, 'This local server models tax_behavior=exclusive only.', {
          param: `${param}[tax_behavior]`,
        });
      references.add(reference);
      codes.push(taxCode);
      lines.push({ reference, amountCents: amount, quantity, taxClass });
    }
    let taxes: ReturnType<FakeTaxRules>;
    try {
      taxes = this.rules()({
        currency,
        address: {
          country: address.country!,
          state: address.state,
          city: address.city ?? '',
          postalCode: address.postal_code,
        },
        taxDate: new Date(taxDate * 1000),
        lines,
        shippingCents,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return stripeError(
        400,
        "We could not determine the customer's tax location based on the provided customer address.",
        { code: 'customer_tax_location_invalid', param: 'customer_details[address]' },
      );
    }
    const shippingBreakdown = taxes.shipping.map(toBreakdown);
    const calculation: Calculation = {
      id: id('taxcalc'),
      created: seconds,
      currency,
      customerDetails: {
        address: {
          city: address.city ?? null,
          country: address.country,
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          postal_code: address.postal_code,
          state: address.state,
        },
        address_source: details.address_source ?? null,
        ip_address: null,
        tax_ids: [],
        taxability_override: 'none',
      },
      expiresAt: seconds + CALCULATION_LIFETIME_SECONDS,
      taxDate,
      shippingCost: shippingCost
        ? {
            amount: shippingCents,
            amount_tax: shippingBreakdown.reduce((sum, tax) => sum + tax.amount, 0),
            tax_behavior: 'exclusive',
            tax_breakdown: shippingBreakdown,
            tax_code: SHIPPING_TAX_CODE,
          }
        : null,
      lines: lines.map((line, index) => {
        const breakdown = (taxes.lines.get(line.reference) ?? []).map(toBreakdown);
        return {
          id: id('tax_li'),
          object: 'tax.calculation_line_item',
          amount: line.amountCents,
          amount_tax: breakdown.reduce((sum, tax) => sum + tax.amount, 0),
          livemode: false,
          metadata: {},
          performance_location: null,
          product: null,
          quantity: line.quantity,
          reference: line.reference,
          tax_behavior: 'exclusive',
          tax_breakdown: breakdown,
          tax_code: codes[index]!,
        };
      }),
    };
    this.calculations.set(calculation.id, calculation);
    return { status: 200, body: this.renderCalculation(calculation, expansions(body)) };
  }

  private createFromCalculation(body: Json): Reply {
    const calculationId = String(body.calculation ?? '');
    const reference = String(body.reference ?? '');
    const calculation = this.calculations.get(calculationId);
    if (!calculation)
      return stripeError(400, `No such tax calculation: '${calculationId}'`, {
        code: 'resource_missing',
        param: 'calculation',
      });
    if (this.expired(calculation))
      return stripeError(
        400,
        `Tax calculation '${calculationId}' has expired and can no longer be used to create a transaction.`,
        { param: 'calculation' },
      );
    const used = this.referenceUsed(reference);
    if (used) return used;
    const seconds = Math.floor(this.now().getTime() / 1000);
    const transaction: FakeTaxTransaction = {
      id: id('tax'),
      object: 'tax.transaction',
      created: seconds,
      currency: calculation.currency,
      customer: null,
      customer_details: calculation.customerDetails,
      livemode: false,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      posted_at: seconds,
      reference,
      reversal: null,
      ship_from_details: null,
      shipping_cost: calculation.shippingCost && {
        amount: calculation.shippingCost.amount,
        amount_tax: calculation.shippingCost.amount_tax,
        tax_behavior: 'exclusive',
        tax_code: calculation.shippingCost.tax_code,
      },
      tax_date: calculation.taxDate,
      type: 'transaction',
      lines: calculation.lines.map((line) => ({
        id: id('tax_li'),
        object: 'tax.transaction_line_item',
        amount: line.amount,
        amount_tax: line.amount_tax,
        livemode: false,
        metadata: {},
        product: null,
        quantity: line.quantity,
        reference: line.reference,
        reversal: null,
        tax_behavior: 'exclusive',
        tax_code: line.tax_code,
        type: 'transaction',
      })),
    };
    this.transactions.set(transaction.id, transaction);
    return { status: 200, body: this.renderTransaction(transaction, expansions(body)) };
  }

  private createReversal(body: Json): Reply {
    const originalId = String(body.original_transaction ?? '');
    const reference = String(body.reference ?? '');
    const original = this.transactions.get(originalId);
    if (original?.type !== 'transaction')
      return stripeError(400, `No such tax transaction: '${originalId}'`, {
        code: 'resource_missing',
        param: 'original_transaction',
      });
    const used = this.referenceUsed(reference);
    if (used) return used;
    const reversed = this.reversedSoFar(original);
    let wanted: { line: FakeTaxTransactionLine; amount: number; tax: number; reference: string }[];
    let shipping: { amount: number; tax: number } | null = null;
    if (body.mode === 'full') {
      wanted = original.lines.map((line) => ({
        line,
        amount: -(line.amount - reversed.lines.get(line.id)!.amount),
        tax: -(line.amount_tax - reversed.lines.get(line.id)!.tax),
        reference: line.reference,
      }));
      if (original.shipping_cost)
        shipping = {
          amount: -(original.shipping_cost.amount - reversed.shipping.amount),
          tax: -(original.shipping_cost.amount_tax - reversed.shipping.tax),
        };
    } else if (body.mode === 'partial') {
      const items = entries(body.line_items);
      if (items.length === 0 && body.shipping_cost === undefined)
        return stripeError(400, 'A partial reversal needs line_items or shipping_cost.', {
          param: 'line_items',
        });
      wanted = [];
      for (const [index, item] of items.entries()) {
        const line = original.lines.find((l) => l.id === item.original_line_item);
        const param = `line_items[${index}]`;
        if (!line)
          return stripeError(
            400,
            `No such line item '${String(item.original_line_item)}' on transaction '${originalId}'.`,
            { param: `${param}[original_line_item]` },
          );
        const amounts = reversalAmounts(item, param);
        if ('status' in amounts) return amounts;
        if (!item.reference)
          return stripeError(400, 'Missing required param: reference.', {
            param: `${param}[reference]`,
          });
        wanted.push({ line, ...amounts, reference: String(item.reference) });
      }
      if (body.shipping_cost !== undefined) {
        if (!original.shipping_cost)
          return stripeError(400, 'The original transaction has no shipping cost to reverse.', {
            param: 'shipping_cost',
          });
        const amounts = reversalAmounts(body.shipping_cost as Json, 'shipping_cost');
        if ('status' in amounts) return amounts;
        shipping = amounts;
      }
    } else {
      return stripeError(400, 'Invalid mode: must be one of full or partial.', { param: 'mode' });
    }
    for (const [index, { line, amount, tax }] of wanted.entries()) {
      const before = reversed.lines.get(line.id)!;
      if (before.amount - amount > line.amount || before.tax - tax > line.amount_tax)
        return stripeError(
          400,
          `The reversal of line item '${line.id}' exceeds what remains of it on the original transaction.`,
          { param: `line_items[${index}]` },
        );
      reversed.lines.set(line.id, { amount: before.amount - amount, tax: before.tax - tax });
    }
    if (
      shipping &&
      original.shipping_cost &&
      (reversed.shipping.amount - shipping.amount > original.shipping_cost.amount ||
        reversed.shipping.tax - shipping.tax > original.shipping_cost.amount_tax)
    )
      return stripeError(
        400,
        'The reversal of the shipping cost exceeds what remains of it on the original transaction.',
        { param: 'shipping_cost' },
      );
    const seconds = Math.floor(this.now().getTime() / 1000);
    const reversal: FakeTaxTransaction = {
      ...original,
      id: id('tax'),
      created: seconds,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      posted_at: seconds,
      reference,
      reversal: { original_transaction: original.id },
      shipping_cost:
        shipping && original.shipping_cost
          ? { ...original.shipping_cost, amount: shipping.amount, amount_tax: shipping.tax }
          : null,
      type: 'reversal',
      lines: wanted.map(({ line, amount, tax, reference: lineReference }) => ({
        ...line,
        id: id('tax_li'),
        amount,
        amount_tax: tax,
        reference: lineReference,
        reversal: { original_line_item: line.id },
        type: 'reversal',
      })),
    };
    this.transactions.set(reversal.id, reversal);
    return { status: 200, body: this.renderTransaction(reversal, expansions(body)) };
  }

  /** What the reversals of `original` took back so far (positive cents): per line id, and shipping. */
  reversedSoFar(original: FakeTaxTransaction): {
    lines: Map<string, { amount: number; tax: number }>;
    shipping: { amount: number; tax: number };
  } {
    const lines = new Map(original.lines.map((line) => [line.id, { amount: 0, tax: 0 }]));
    const shipping = { amount: 0, tax: 0 };
    for (const transaction of this.transactions.values()) {
      if (transaction.reversal?.original_transaction !== original.id) continue;
      for (const line of transaction.lines) {
        const total = lines.get(line.reversal!.original_line_item)!;
        total.amount -= line.amount;
        total.tax -= line.amount_tax;
      }
      shipping.amount -= transaction.shipping_cost?.amount ?? 0;
      shipping.tax -= transaction.shipping_cost?.amount_tax ?? 0;
    }
    return { lines, shipping };
  }

  private referenceUsed(reference: string): Reply | null {
    if (!reference)
      return stripeError(400, 'Missing required param: reference.', { param: 'reference' });
    for (const transaction of this.transactions.values())
      if (transaction.reference === reference)
        return stripeError(
          400,
          `A tax transaction with reference '${reference}' already exists: references must be unique.`,
          { param: 'reference' },
        );
    return null;
  }

  private expired(calculation: Calculation): boolean {
    return Math.floor(this.now().getTime() / 1000) >= calculation.expiresAt;
  }

  private page(url: string, data: { id: string }[], query: Json): Reply {
    const limit = Math.min(Number(query.limit ?? 10), 100);
    const after = query.starting_after ? data.findIndex((d) => d.id === query.starting_after) : -1;
    const rest = data.slice(after + 1);
    return { status: 200, body: list(url, rest.slice(0, limit), rest.length > limit) };
  }

  private renderCalculationLine(line: CalculationLine, body: Json, prefix: string) {
    const { tax_breakdown: breakdown, ...rest } = line;
    return expansions(body).includes(`${prefix}tax_breakdown`)
      ? { ...rest, tax_breakdown: breakdown }
      : rest;
  }

  private renderCalculation(calculation: Calculation, expand: string[]) {
    const byRate = new Map<string, Json & { amount: number; taxable_amount: number }>();
    const everyTax = [
      ...calculation.lines.flatMap((line) => line.tax_breakdown),
      ...(calculation.shippingCost?.tax_breakdown ?? []),
    ];
    for (const tax of everyTax) {
      if (!tax.tax_rate_details) continue;
      const key = `${tax.tax_rate_details.tax_type}|${tax.tax_rate_details.percentage_decimal}|${tax.jurisdiction.state}`;
      const entry = byRate.get(key) ?? {
        amount: 0,
        inclusive: false,
        tax_rate_details: {
          country: tax.jurisdiction.country,
          flat_amount: null,
          percentage_decimal: tax.tax_rate_details.percentage_decimal,
          rate_type: 'percentage',
          state: tax.jurisdiction.state,
          tax_type: tax.tax_rate_details.tax_type,
        },
        taxability_reason: tax.taxability_reason,
        taxable_amount: 0,
      };
      entry.amount += tax.amount;
      entry.taxable_amount += tax.taxable_amount;
      byRate.set(key, entry);
    }
    const shippingCost = calculation.shippingCost;
    const subtotal =
      calculation.lines.reduce((sum, line) => sum + line.amount, 0) + (shippingCost?.amount ?? 0);
    const tax =
      calculation.lines.reduce((sum, line) => sum + line.amount_tax, 0) +
      (shippingCost?.amount_tax ?? 0);
    const expandLines = expand.some((path) => path.startsWith('line_items'));
    const body = { expand: expand.map((path) => path.replace(/^line_items\./, '')) };
    const shown = calculation.lines.slice(0, EXPANDED_PAGE);
    return {
      id: calculation.id,
      object: 'tax.calculation',
      amount_total: subtotal + tax,
      currency: calculation.currency,
      customer: null,
      customer_details: calculation.customerDetails,
      expires_at: calculation.expiresAt,
      ...(expandLines
        ? {
            line_items: list(
              `/v1/tax/calculations/${calculation.id}/line_items`,
              shown.map((line) => this.renderCalculationLine(line, body, 'data.')),
              calculation.lines.length > shown.length,
            ),
          }
        : {}),
      livemode: false,
      ship_from_details: null,
      shipping_cost: calculation.shippingCost && {
        ...calculation.shippingCost,
        ...(expand.includes('shipping_cost.tax_breakdown') ? {} : { tax_breakdown: undefined }),
      },
      tax_amount_exclusive: tax,
      tax_amount_inclusive: 0,
      tax_breakdown: [...byRate.values()],
      tax_date: calculation.taxDate,
    };
  }

  private renderTransaction(transaction: FakeTaxTransaction, expand: string[]) {
    const { lines, ...rest } = transaction;
    return expand.includes('line_items')
      ? {
          ...rest,
          line_items: list(`/v1/tax/transactions/${transaction.id}/line_items`, lines),
        }
      : rest;
  }
}

/** A reversal's `amount` and `amount_tax`: integers, zero or negative, as Stripe wants them. */
function reversalAmounts(item: Json, param: string): { amount: number; tax: number } | Reply {
  const amount = Number(item.amount);
  const tax = Number(item.amount_tax);
  if (!Number.isInteger(amount) || amount > 0 || !Number.isInteger(tax) || tax > 0)
    return stripeError(400, 'Reversal amounts must be zero or negative integers.', {
      param: `${param}[amount]`,
    });
  return { amount, tax };
}

/** `expand[0]=line_items&expand[1]=…` as a list. */
function expansions(body: Json): string[] {
  const expand = body.expand;
  if (typeof expand === 'string') return [expand];
  return entries(expand).map(String);
}
