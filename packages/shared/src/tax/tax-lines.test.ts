import { describe, expect, it } from 'vitest';
import { asCents } from '../money/cents';
import type { TaxComponent } from './tax';
import { calculateTax } from './calculate-tax';
import frenchCheckout from '../i18n/catalogs/fr-CA/checkout.json';
import { formatTaxRate, taxLabelIn, taxLineViews } from './tax-lines';

/** A component with its amounts given as plain cents literals. */
const component = ({
  taxableAmountCents = 10_000,
  amountCents = 500,
  ...overrides
}: Partial<Omit<TaxComponent, 'taxableAmountCents' | 'amountCents'>> & {
  taxableAmountCents?: number;
  amountCents?: number;
}): TaxComponent => ({
  jurisdiction: 'CA',
  jurisdictionName: 'Canada',
  taxType: 'GST',
  rate: 0.05,
  taxableAmountCents: asCents(taxableAmountCents),
  amountCents: asCents(amountCents),
  ...overrides,
});

describe('formatTaxRate', () => {
  it('reads a rate as English writes it, the % against the number (issue 39 item 14)', () => {
    expect(formatTaxRate(0.09975)).toBe('9.975%');
    expect(formatTaxRate(0.05)).toBe('5%');
    expect(formatTaxRate(0.13)).toBe('13%');
    expect(formatTaxRate(0.08875)).toBe('8.875%');
    expect(formatTaxRate(0.0625)).toBe('6.25%');
    expect(formatTaxRate(0.0975)).toBe('9.75%');
  });
});

describe('taxLineViews', () => {
  it('groups by tax type and rate and sums in cents (0.1 + 0.2 stays 0.3)', () => {
    const views = taxLineViews([
      component({ amountCents: 10, taxableAmountCents: 200 }),
      component({ amountCents: 20, taxableAmountCents: 400 }),
      component({
        jurisdiction: 'CA-BC',
        taxType: 'PST',
        rate: 0.07,
        amountCents: 14,
        taxableAmountCents: 200,
      }),
    ]);
    expect(views).toEqual([
      { label: 'GST 5%', taxType: 'GST', rate: 0.05, amount: 0.3 },
      { label: 'PST 7%', taxType: 'PST', rate: 0.07, amount: 0.14 },
    ]);
  });

  it('labels every Canadian tax, and an HST rebated to 5 % is its own row', () => {
    const labels = taxLineViews([
      component({ jurisdiction: 'CA-ON', taxType: 'HST', rate: 0.13, amountCents: 2600 }),
      component({ jurisdiction: 'CA-ON', taxType: 'HST', rate: 0.05, amountCents: 200 }),
      component({ jurisdiction: 'CA-QC', taxType: 'QST', rate: 0.09975, amountCents: 998 }),
      component({ jurisdiction: 'CA-MB', taxType: 'RST', rate: 0.07, amountCents: 700 }),
      component({}),
    ]).map((v) => v.label);
    expect(labels).toEqual(['GST 5%', 'HST 13%', 'HST 5%', 'QST 9.975%', 'RST 7%']);
  });

  it('combines a US line’s state and local taxes into one Sales tax row', () => {
    const calculation = calculateTax({
      currency: 'USD',
      destination: { country: 'US', province: 'NY', city: 'Brooklyn', postalCode: '11201' },
      lines: [
        {
          reference: 'coat',
          storeId: 's',
          unitPriceCents: asCents(15_000),
          quantity: 1,
          taxClass: 'clothing',
        },
        {
          reference: 'boots',
          storeId: 's',
          unitPriceCents: asCents(20_000),
          quantity: 1,
          taxClass: 'clothing',
        },
        {
          reference: 'shirt',
          storeId: 's',
          unitPriceCents: asCents(5_000),
          quantity: 1,
          taxClass: 'clothing',
        },
      ],
      shipping: [{ reference: 's', amountCents: asCents(1_000) }],
      date: new Date('2026-11-22T12:00:00Z'),
    });
    // coat 6.00 + 7.31, boots 8.00 + 9.75, shipping on the 350/400 taxable share (8.75): 0.35 + 0.43
    const expected = [
      { label: 'Sales tax 8.875%', taxType: 'SALES', rate: 0.08875, amount: 31.84 },
    ];
    expect(taxLineViews(calculation)).toEqual(expected);
    expect(taxLineViews([...calculation.lines, ...calculation.shipping])).toEqual(expected);
    expect(taxLineViews(calculation.lines.flatMap((l) => l.components))).toEqual([
      { ...expected[0], amount: 31.06 },
    ]);
  });

  it('leaves out exempt taxes (no "PST 7% $0.00" for children’s clothing) and answers [] for nothing', () => {
    expect(
      taxLineViews([
        component({ taxType: 'PST', rate: 0.07, taxableAmountCents: 0, amountCents: 0 }),
      ]),
    ).toEqual([]);
    expect(taxLineViews([])).toEqual([]);
  });
});

describe('a tax row’s label in the reader’s language', () => {
  const french = (message: string) =>
    (frenchCheckout as Record<string, string>)[message] ?? message;
  const english = (message: string) => message;

  it('keeps the English label as the API writes it, and names the taxes in French', () => {
    const quebec = taxLineViews([
      component({}),
      component({ taxType: 'QST', rate: 0.09975, amountCents: 998 }),
    ]);
    expect(quebec.map((view) => taxLabelIn('en', view, english))).toEqual(
      quebec.map((view) => view.label),
    );
    expect(quebec.map((view) => taxLabelIn('en', view, english))).toEqual(['GST 5%', 'QST 9.975%']);
    expect(quebec.map((view) => taxLabelIn('fr-CA', view, french))).toEqual([
      'TPS 5\u00a0%',
      'TVQ 9,975\u00a0%',
    ]);
    expect(taxLabelIn('fr-CA', { taxType: 'HST', rate: 0.13 }, french)).toBe('TVH 13\u00a0%');
    expect(taxLabelIn('en', { taxType: 'HST', rate: 0.13 }, english)).toBe('HST 13%');
    expect(taxLabelIn('fr-CA', { taxType: 'SALES', rate: 0.08875 }, french)).toBe(
      'Taxe de vente 8,875\u00a0%',
    );
  });
});
