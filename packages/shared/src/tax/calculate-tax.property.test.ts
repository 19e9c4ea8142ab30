import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, US_STATES } from '../regions';
import { TAX_CLASSES, type TaxCalculation, type TaxDestination, type TaxableLine } from './tax';
import { asCents } from '../money/cents';
import { calculateTax } from './calculate-tax';

const cities = [
  'Vancouver',
  'Montréal',
  'MONTREAL',
  'Toronto',
  'Los Angeles',
  'LA',
  'New York',
  'Brooklyn',
  'Halifax',
  'Springfield',
];

const destination: fc.Arbitrary<TaxDestination> = fc.oneof(
  fc.record({
    country: fc.constant('CA' as const),
    province: fc.constantFrom(...CA_PROVINCES.map((p) => p.code)),
    city: fc.constantFrom(...cities),
    postalCode: fc.constant('A1A 1A1'),
  }),
  fc.record({
    country: fc.constant('US' as const),
    province: fc.constantFrom(...US_STATES.map((s) => s.code)),
    city: fc.constantFrom(...cities),
    postalCode: fc.constant('10001'),
  }),
);

const stores = ['store-a', 'store-b', 'store-c'];
const cents = (min: number, max: number) => fc.integer({ min, max }).map(asCents);

const cart = fc
  .array(
    fc.record({
      storeId: fc.constantFrom(...stores),
      // Around the thresholds that matter ($110 NY, $150 MB, $175 MA, $250 RI) and far above.
      unitPriceCents: fc.oneof(cents(1, 30_000), cents(10_900, 11_100), cents(100_000, 10_000_000)),
      quantity: fc.integer({ min: 1, max: 20 }),
      taxClass: fc.constantFrom(...TAX_CLASSES),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((lines): TaxableLine[] => lines.map((line, i) => ({ ...line, reference: `line-${i}` })));

const order = fc.record({
  destination,
  lines: cart,
  shippingCents: fc.constantFrom(0, 1000, 1500, 999),
  date: fc.date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2027-12-31T23:59:59Z'),
    noInvalidDate: true,
  }),
});

function calculate(input: {
  destination: TaxDestination;
  lines: TaxableLine[];
  shippingCents: number;
  date: Date;
}): TaxCalculation {
  const parcels = [...new Set(input.lines.map((l) => l.storeId))];
  return calculateTax({
    currency: input.destination.country === 'CA' ? 'CAD' : 'USD',
    destination: input.destination,
    lines: input.lines,
    shipping: parcels.map((reference) => ({
      reference,
      amountCents: asCents(input.shippingCents),
    })),
    date: input.date,
  });
}

describe('calculateTax over random carts, destinations and dates (fast-check)', () => {
  it('every component is round-half-up(taxable × rate) to the cent, and never negative', () => {
    fc.assert(
      fc.property(order, (input) => {
        const calculation = calculate(input);
        for (const taxed of [...calculation.lines, ...calculation.shipping]) {
          for (const c of taxed.components) {
            const taxable = BigInt(c.taxableAmountCents);
            const ratePpm = BigInt(Math.round(c.rate * 1_000_000));
            // Half-up, written independently of the calculator: floor(x + ½) in whole cents.
            const exact = taxable * ratePpm;
            const expected = exact / 1_000_000n + (exact % 1_000_000n >= 500_000n ? 1n : 0n);
            expect(BigInt(c.amountCents)).toBe(expected);
            expect(Number.isSafeInteger(c.amountCents)).toBe(true);
            expect(Number.isSafeInteger(c.taxableAmountCents)).toBe(true);
            expect(c.amountCents).toBeGreaterThanOrEqual(0);
            expect(c.taxableAmountCents).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a line’s tax applies to at most its price; a parcel’s shipping tax to at most its charge', () => {
    fc.assert(
      fc.property(order, (input) => {
        const calculation = calculate(input);
        calculation.lines.forEach((taxed, i) => {
          const line = input.lines[i]!;
          for (const c of taxed.components) {
            expect(c.taxableAmountCents).toBeLessThanOrEqual(line.unitPriceCents * line.quantity);
          }
        });
        for (const parcel of calculation.shipping) {
          for (const c of parcel.components) {
            expect(c.taxableAmountCents).toBeLessThanOrEqual(input.shippingCents);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the total is the sum of the lines’ and the parcels’ taxes, each the sum of its components', () => {
    fc.assert(
      fc.property(order, (input) => {
        const calculation = calculate(input);
        const amounts = [...calculation.lines, ...calculation.shipping];
        for (const taxed of amounts) {
          const sum = taxed.components.reduce((s, c) => s + c.amountCents, 0);
          expect(taxed.taxCents).toBe(sum);
        }
        expect(calculation.totalCents).toBe(amounts.reduce((s, t) => s + t.taxCents, 0));
        expect(calculation.totalCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('removing a line (a whole-line refund) takes away exactly that line’s tax and changes no other line', () => {
    fc.assert(
      fc.property(order, fc.nat(), (input, pick) => {
        const removed = pick % input.lines.length;
        const before = calculate(input);
        const after = calculate({ ...input, lines: input.lines.filter((_, i) => i !== removed) });

        const others = before.lines.filter((_, i) => i !== removed);
        expect(after.lines).toEqual(others);
        const linesCents = (c: TaxCalculation) => c.lines.reduce((s, l) => s + l.taxCents, 0);
        expect(linesCents(before) - linesCents(after)).toBe(before.lines[removed]!.taxCents);
        // Shipping is charged per parcel: only the removed line's parcel can change.
        const store = input.lines[removed]!.storeId;
        for (const parcel of after.shipping) {
          if (parcel.reference !== store) {
            expect(parcel).toEqual(before.shipping.find((p) => p.reference === parcel.reference));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
