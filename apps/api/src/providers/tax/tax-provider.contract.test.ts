import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Currency,
  TaxCalculation,
  TaxClass,
  TaxComponent,
  TaxDestination,
  TaxableLine,
  TaxableShipping,
} from '@marketplace/shared';
import { asCents, calculateTax } from '@marketplace/shared';
import { FakeStripe } from '../../../test/fake-stripe';
import { sharedCalculatorRules } from '../../../test/fake-stripe-tax';
import { BuiltinTaxProvider } from './builtin-tax-provider';
import type { TaxProvider } from './tax-provider';
import { TaxProviderError } from './tax-provider-error';

const fake = new FakeStripe();
/** The cases are dated 2026; Stripe takes a tax date within 31 days of its clock. */
const ORDER_DATE = new Date('2026-06-15T12:00:00Z');
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.now = () => ORDER_DATE;
  fake.failing = false;
  fake.delayMs = 0;
  fake.taxRules = sharedCalculatorRules;
});

const PLACES = {
  vancouver: { country: 'CA', province: 'BC', city: 'Vancouver', postalCode: 'V5K 0A1' },
  toronto: { country: 'CA', province: 'ON', city: 'Toronto', postalCode: 'M5V 2T6' },
  montreal: { country: 'CA', province: 'QC', city: 'Montréal', postalCode: 'H2X 1K4' },
  halifax: { country: 'CA', province: 'NS', city: 'Halifax', postalCode: 'B3H 1A1' },
  calgary: { country: 'CA', province: 'AB', city: 'Calgary', postalCode: 'T2P 1J9' },
  newYork: { country: 'US', province: 'NY', city: 'New York', postalCode: '10001' },
} satisfies Record<string, TaxDestination>;

/** The table: items only, each taxed alone (taxes in cents); the $10 shipping is checked apart. */
const CASES: {
  place: keyof typeof PLACES;
  item: string;
  priceCents: number;
  taxClass: TaxClass;
  taxes: string[];
}[] = [
  {
    place: 'vancouver',
    item: "women's jeans",
    priceCents: 10_000,
    taxClass: 'clothing',
    taxes: ['GST 500', 'PST 700'],
  },
  {
    place: 'vancouver',
    item: "kids' sweater",
    priceCents: 4_000,
    taxClass: 'childrens_clothing',
    taxes: ['GST 200'],
  },
  {
    place: 'toronto',
    item: "men's jacket",
    priceCents: 20_000,
    taxClass: 'clothing',
    taxes: ['HST 2600'],
  },
  {
    place: 'toronto',
    item: "kids' jeans",
    priceCents: 4_000,
    taxClass: 'childrens_clothing',
    taxes: ['HST 200'],
  },
  {
    place: 'montreal',
    item: 'scarf',
    priceCents: 10_000,
    taxClass: 'clothing',
    taxes: ['GST 500', 'QST 998'],
  },
  {
    place: 'halifax',
    item: 'dress',
    priceCents: 10_000,
    taxClass: 'clothing',
    taxes: ['HST 1400'],
  },
  { place: 'calgary', item: 'shirt', priceCents: 10_000, taxClass: 'clothing', taxes: ['GST 500'] },
  { place: 'newYork', item: 'shirt', priceCents: 10_000, taxClass: 'clothing', taxes: [] },
  {
    place: 'newYork',
    item: 'coat',
    priceCents: 15_000,
    taxClass: 'clothing',
    taxes: ['STATE 600', 'LOCAL 731'],
  },
];

const currencyOf = (destination: TaxDestination): Currency =>
  destination.country === 'US' ? 'USD' : 'CAD';

/** An order to calculate, its amounts given as plain cents literals. */
function order(
  destination: TaxDestination,
  lines: (Omit<TaxableLine, 'storeId' | 'unitPriceCents'> & { unitPriceCents: number })[],
  shipping: (Omit<TaxableShipping, 'amountCents'> & { amountCents: number })[] = [],
) {
  return {
    orderId: crypto.randomUUID(),
    currency: currencyOf(destination),
    destination,
    lines: lines.map((line): TaxableLine => ({
      storeId: '1',
      ...line,
      unitPriceCents: asCents(line.unitPriceCents),
    })),
    shipping: shipping.map((parcel): TaxableShipping => ({
      ...parcel,
      amountCents: asCents(parcel.amountCents),
    })),
    date: ORDER_DATE,
  };
}

/** A line's or parcel's part of a reversal, in cents. */
const reversed = (reference: string, amountCents: number, taxCents: number) => ({
  reference,
  amountCents: asCents(amountCents),
  taxCents: asCents(taxCents),
});

/** What a line was charged, in cents: 'GST 500', 'QST 998' (taxes of 0 left out). */
const charged = (components: TaxComponent[]) =>
  components
    .filter((component) => component.amountCents !== 0)
    .map((component) => `${component.taxType} ${component.amountCents}`)
    .sort();

/** Stripe describes only the taxes it imposes: an exempt tax has no rate to compare. */
const chargedOnly = (components: TaxComponent[]) =>
  components.filter(
    (component) => component.amountCents !== 0 || component.taxableAmountCents !== 0,
  );

const implementations: { name: string; make: () => TaxProvider }[] = [
  { name: 'builtin', make: () => new BuiltinTaxProvider() },
  { name: 'stripe', make: () => fake.taxProvider() },
];

describe.each(implementations)('$name tax provider', ({ make }) => {
  it.each(CASES)(
    '$place, $item at $priceCents cents: $taxes',
    async ({ place, priceCents, taxClass, taxes }) => {
      const result = await make().calculate(
        order(PLACES[place], [
          { reference: '7', unitPriceCents: priceCents, quantity: 1, taxClass },
        ]),
      );
      expect(charged(result.lines[0]!.components)).toEqual([...taxes].sort());
      const cents = taxes.reduce((sum, tax) => sum + Number(tax.split(' ')[1]), 0);
      expect(result.lines[0]!.taxCents).toBe(cents);
      expect(result.totalCents).toBe(cents);
    },
  );

  it('taxes each parcel of shipping by itself, and the total adds every line and parcel', async () => {
    const result = await make().calculate(
      order(
        PLACES.toronto,
        [
          { reference: '1', unitPriceCents: 20_000, quantity: 1, taxClass: 'clothing' },
          { reference: '2', unitPriceCents: 4_000, quantity: 2, taxClass: 'childrens_clothing' },
        ],
        [
          { reference: '1', amountCents: 1_000 },
          { reference: '2', amountCents: 0 },
        ],
      ),
    );
    expect(result.lines.map((line) => [line.reference, line.taxCents])).toEqual([
      ['1', 2600],
      ['2', 400],
    ]);
    // The delivery follows what it carries: $7.14 of it with the jacket at 13 %, $2.86 with the
    // children's jeans at the rebated 5 % (0.93 + 0.14).
    expect(result.shipping.map((parcel) => [parcel.reference, parcel.taxCents])).toEqual([
      ['1', 107],
      ['2', 0],
    ]);
    expect(result.totalCents).toBe(3107);
  });

  it('commits an order once, however often it is asked', async () => {
    const provider = make();
    const input = order(PLACES.montreal, [
      { reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' },
    ]);
    const calculation = await provider.calculate(input);
    const commit = { orderId: input.orderId, calculationReference: calculation.providerReference };
    const first = await provider.commit(commit);
    const second = await provider.commit(commit);
    expect(second).toEqual(first);
  });

  it('reverses one refunded line and a parcel of shipping, once per refund id', async () => {
    const provider = make();
    const input = order(
      PLACES.vancouver,
      [
        { reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' },
        { reference: '2', unitPriceCents: 4_000, quantity: 1, taxClass: 'childrens_clothing' },
      ],
      [{ reference: '1', amountCents: 1_000 }],
    );
    const calculation = await provider.calculate(input);
    const { transactionId } = await provider.commit({
      orderId: input.orderId,
      calculationReference: calculation.providerReference,
    });
    const refund = {
      orderId: input.orderId,
      refundId: 'r1',
      transactionId,
      currency: input.currency,
      lines: [reversed('1', 10_000, calculation.lines[0]!.taxCents)],
      shipping: [reversed('1', 1000, calculation.shipping[0]!.taxCents)],
    };
    const first = await provider.reverse(refund);
    expect(await provider.reverse(refund)).toEqual(first);
  });
});

describe('stripe tax provider against the local Stripe', () => {
  const provider = (options: { timeoutMs?: number } = {}) => fake.taxProvider(options);
  const lastRequest = (path: string) => fake.requests.findLast((request) => request.path === path)!;

  it('sends each line with its clothing tax code, exclusive of tax, to the shipping address on the order date', async () => {
    const input = order(
      PLACES.newYork,
      [
        { reference: '11', unitPriceCents: 5_550, quantity: 2, taxClass: 'clothing' },
        { reference: '12', unitPriceCents: 2_000, quantity: 1, taxClass: 'childrens_clothing' },
      ],
      [{ reference: '3', amountCents: 1_000 }],
    );
    const result = await provider().calculate(input);
    expect(result.providerReference).toMatch(/^taxcalc_/);
    const { body } = lastRequest('/v1/tax/calculations');
    expect(body).toMatchObject({
      currency: 'usd',
      customer_details: {
        address: { country: 'US', state: 'NY', city: 'New York', postal_code: '10001' },
        address_source: 'shipping',
      },
      tax_date: String(ORDER_DATE.getTime() / 1000),
      line_items: {
        0: {
          amount: '11100',
          quantity: '2',
          reference: '11',
          tax_code: 'txcd_30011000',
          tax_behavior: 'exclusive',
        },
        1: { amount: '2000', reference: '12', tax_code: 'txcd_30011200' },
      },
      shipping_cost: { amount: '1000', tax_code: 'txcd_92010001', tax_behavior: 'exclusive' },
    });
    expect(Object.keys(body.line_items as object)).toHaveLength(2);
  });

  it("shares Stripe's one shipping tax over the parcels by their charges, to the cent", async () => {
    const result = await provider().calculate(
      order(
        PLACES.calgary,
        [{ reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' }],
        [
          { reference: 'a', amountCents: 333 },
          { reference: 'b', amountCents: 333 },
          { reference: 'c', amountCents: 334 },
          { reference: 'd', amountCents: 0 },
        ],
      ),
    );
    expect(lastRequest('/v1/tax/calculations').body.shipping_cost).toMatchObject({
      amount: '1000',
    });
    // GST on $10.00 is $0.50: 16.65, 16.65 and 16.70 cents, the spare cents to the largest remainders.
    expect(result.shipping.map((parcel) => parcel.taxCents)).toEqual([17, 16, 17, 0]);
    expect(result.shipping.map((parcel) => parcel.components[0]?.taxableAmountCents)).toEqual([
      333, 333, 334, 0,
    ]);
    expect(result.totalCents).toBe(550);
  });

  it('gives every tax the shared calculator charges for one parcel, amount for amount', async () => {
    for (const { place, priceCents, taxClass } of CASES) {
      const input = order(
        PLACES[place],
        [{ reference: '7', unitPriceCents: priceCents, quantity: 1, taxClass }],
        [{ reference: '1', amountCents: 1_000 }],
      );
      const stripe = await provider().calculate(input);
      const shared = calculateTax(input);
      const taxed = (calculation: TaxCalculation) => ({
        lines: calculation.lines.map((line) => ({
          ...line,
          components: chargedOnly(line.components),
        })),
        shipping: calculation.shipping.map((parcel) => ({
          ...parcel,
          components: chargedOnly(parcel.components),
        })),
        totalCents: calculation.totalCents,
      });
      expect(taxed(stripe), `${place} ${priceCents}`).toEqual(taxed(shared));
    }
  });

  it("turns Stripe's breakdown into our components, in cents and fractions", async () => {
    const result = await provider().calculate(
      order(PLACES.montreal, [
        { reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' },
      ]),
    );
    expect(result.lines[0]!.components).toEqual([
      {
        jurisdiction: 'CA',
        jurisdictionName: 'Canada',
        taxType: 'GST',
        rate: 0.05,
        taxableAmountCents: 10_000,
        amountCents: 500,
      },
      {
        jurisdiction: 'CA-QC',
        jurisdictionName: 'Quebec',
        taxType: 'QST',
        rate: 0.09975,
        taxableAmountCents: 10_000,
        amountCents: 998,
      },
    ]);
  });

  it('reads every line of a long order (past the first page Stripe expands)', async () => {
    const lines = Array.from({ length: 23 }, (_, index) => ({
      reference: String(index + 1),
      unitPriceCents: (10 + index) * 100,
      quantity: 1,
      taxClass: 'clothing' as const,
    }));
    const result = await provider().calculate(order(PLACES.calgary, lines));
    expect(result.lines.map((line) => line.taxCents)).toEqual(
      lines.map((line) => Math.round((line.unitPriceCents * 5) / 100)),
    );
    expect(fake.requests.some((request) => request.path.endsWith('/line_items'))).toBe(true);
  });

  it('records the sale with the order id as reference; a second commit makes no second transaction', async () => {
    const input = order(PLACES.toronto, [
      { reference: '1', unitPriceCents: 20_000, quantity: 1, taxClass: 'clothing' },
    ]);
    const calculation = await provider().calculate(input);
    const commit = { orderId: input.orderId, calculationReference: calculation.providerReference };
    const { transactionId } = await provider().commit(commit);
    await provider().commit(commit);
    expect(transactionId).toMatch(/^tax_/);
    const recorded = [...fake.tax.transactions.values()].filter(
      (transaction) => transaction.reference === input.orderId,
    );
    expect(recorded.map((transaction) => transaction.id)).toEqual([transactionId]);
    expect(lastRequest('/v1/tax/transactions/create_from_calculation').idempotencyKey).toBe(
      `tax-commit-${input.orderId}`,
    );
  });

  it("reverses exactly the refunded line's tax and the parcel's, by the transaction's line ids, once per refund", async () => {
    const input = order(
      PLACES.vancouver,
      [
        { reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' },
        { reference: '2', unitPriceCents: 4_000, quantity: 1, taxClass: 'childrens_clothing' },
      ],
      [{ reference: '5', amountCents: 1_000 }],
    );
    const calculation = await provider().calculate(input);
    const { transactionId } = await provider().commit({
      orderId: input.orderId,
      calculationReference: calculation.providerReference,
    });
    const shippingTaxCents = calculation.shipping[0]!.taxCents;
    const refund = {
      orderId: input.orderId,
      refundId: '41',
      transactionId,
      currency: input.currency,
      lines: [reversed('1', 10_000, 1200)],
      shipping: [reversed('5', 1000, shippingTaxCents)],
    };
    const { reversalId } = await provider().reverse(refund);
    await provider().reverse(refund);
    expect(reversalId).toMatch(/^tax_/);
    const original = fake.tax.transactions.get(transactionId!)!;
    const reversals = [...fake.tax.transactions.values()].filter(
      (transaction) => transaction.reversal?.original_transaction === transactionId,
    );
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({
      id: reversalId,
      type: 'reversal',
      reference: `${input.orderId}-refund-41`,
    });
    const lineId = (reference: string) =>
      original.lines.find((line) => line.reference === reference)!.id;
    expect(
      reversals[0]!.lines.map((line) => [
        line.reversal!.original_line_item,
        line.amount,
        line.amount_tax,
      ]),
    ).toEqual([[lineId('1'), -10_000, -1_200]]);
    expect(shippingTaxCents).toBeGreaterThan(0);
    expect(reversals[0]!.shipping_cost).toMatchObject({
      amount: -1_000,
      amount_tax: -shippingTaxCents,
    });
    // Nothing of the kids' sweater was taken back.
    expect(fake.tax.reversedSoFar(original).lines.get(lineId('2'))).toEqual({ amount: 0, tax: 0 });
  });

  it('refuses to reverse more than was charged (502, with what Stripe said for the log)', async () => {
    const input = order(PLACES.calgary, [
      { reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' },
    ]);
    const calculation = await provider().calculate(input);
    const { transactionId } = await provider().commit({
      orderId: input.orderId,
      calculationReference: calculation.providerReference,
    });
    const refund = (refundId: string) => ({
      orderId: input.orderId,
      refundId,
      transactionId,
      currency: input.currency,
      lines: [reversed('1', 6000, 300)],
      shipping: [],
    });
    await provider().reverse(refund('1'));
    const error = await provider()
      .reverse(refund('2'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaxProviderError);
    expect(error).toMatchObject({
      statusCode: 502,
      reason: 'refused',
      message:
        'Sales tax could not be calculated right now. Nothing was charged; please try again.',
      providerStatus: 400,
    });
    expect((error as TaxProviderError).detail).toMatch(
      /createReversal refused \(400 invalid_request_error\): .*exceeds what remains/,
    );
  });

  it('refuses a commit whose calculation is missing or expired, and an order id already recorded', async () => {
    const input = order(PLACES.calgary, [
      { reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' },
    ]);
    const missing = await provider()
      .commit({ orderId: input.orderId, calculationReference: 'taxcalc_missing' })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 502, code: 'resource_missing' });

    const calculation = await provider().calculate(input);
    fake.now = () => new Date(ORDER_DATE.getTime() + 91 * 24 * 60 * 60 * 1000);
    const expired = await provider()
      .commit({ orderId: input.orderId, calculationReference: calculation.providerReference })
      .catch((e: unknown) => e);
    expect((expired as TaxProviderError).detail).toMatch(/has expired/);

    fake.now = () => ORDER_DATE;
    const again = await provider().calculate(input);
    const commit = { orderId: input.orderId, calculationReference: again.providerReference };
    await provider().commit(commit);
    // Within Stripe's 24 hours the key refuses other parameters; after them, the reference does.
    const other = await provider()
      .commit({ orderId: input.orderId, calculationReference: calculation.providerReference })
      .catch((e: unknown) => e);
    expect((other as TaxProviderError).detail).toMatch(/idempotency_error/);
    fake.forgetIdempotencyKeys();
    const later = await provider()
      .commit({ orderId: input.orderId, calculationReference: calculation.providerReference })
      .catch((e: unknown) => e);
    expect((later as TaxProviderError).detail).toMatch(/reference .* already exists/);
  });

  it('a Stripe outage is a 502; Stripe out of reach or too slow is a 504 (orders answer with it)', async () => {
    const input = order(PLACES.calgary, [
      { reference: '1', unitPriceCents: 10_000, quantity: 1, taxClass: 'clothing' },
    ]);
    fake.failing = true;
    await expect(provider().calculate(input)).rejects.toMatchObject({
      statusCode: 502,
      reason: 'refused',
      providerStatus: 500,
    });
    fake.failing = false;

    fake.delayMs = 300;
    const slow = await provider({ timeoutMs: 50 })
      .calculate(input)
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ statusCode: 504, reason: 'unreachable' });
    expect((slow as TaxProviderError).message).toBe(
      'The sales tax service did not answer. Nothing was charged; please try again in a moment.',
    );

    const down = new FakeStripe();
    await down.start();
    const unreachable = down.taxProvider();
    await down.stop();
    const error = await unreachable.calculate(input).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 504, reason: 'unreachable' });
    expect((error as TaxProviderError).detail).toMatch(/could not reach Stripe/);
  });
});
