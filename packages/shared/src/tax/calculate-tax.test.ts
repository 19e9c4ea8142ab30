import { describe, expect, it } from 'vitest';
import type { Category } from '../constants';
import { BadRequest } from '../errors';
import { asCents } from '../money/cents';
import type { TaxDestination, TaxableLine, TaxableShipping } from './tax';
import { calculateTax, normalizeCityName, launchCityOf, taxRowsFor } from './calculate-tax';
import { taxClassOf } from './tax-class';
import { taxLineViews } from './tax-lines';

const VANCOUVER: TaxDestination = {
  country: 'CA',
  province: 'BC',
  city: 'Vancouver',
  postalCode: 'V5K 0A1',
};
const TORONTO: TaxDestination = {
  country: 'CA',
  province: 'ON',
  city: 'Toronto',
  postalCode: 'M5V 2T6',
};
const MONTREAL: TaxDestination = {
  country: 'CA',
  province: 'QC',
  city: 'Montréal',
  postalCode: 'H2X 1K4',
};
const HALIFAX: TaxDestination = {
  country: 'CA',
  province: 'NS',
  city: 'Halifax',
  postalCode: 'B3H 1A1',
};
const CALGARY: TaxDestination = {
  country: 'CA',
  province: 'AB',
  city: 'Calgary',
  postalCode: 'T2P 1J9',
};
const NEW_YORK: TaxDestination = {
  country: 'US',
  province: 'NY',
  city: 'New York',
  postalCode: '10001',
};
const BUFFALO: TaxDestination = {
  country: 'US',
  province: 'NY',
  city: 'Buffalo',
  postalCode: '14202',
};
const LOS_ANGELES: TaxDestination = {
  country: 'US',
  province: 'CA',
  city: 'Los Angeles',
  postalCode: '90012',
};

const TODAY = new Date('2026-11-22T15:00:00Z');

function item(
  reference: string,
  product: { category: Category; size: string; priceCents: number },
  overrides: Partial<TaxableLine> = {},
): TaxableLine {
  return {
    reference,
    storeId: 'store-1',
    unitPriceCents: asCents(product.priceCents),
    quantity: 1,
    taxClass: taxClassOf(product),
    ...overrides,
  };
}

/** A brand's parcel with its shipping charge in cents. */
const parcel = (reference: string, amountCents: number): TaxableShipping => ({
  reference,
  amountCents: asCents(amountCents),
});

function taxOf(
  destination: TaxDestination,
  lines: TaxableLine[],
  {
    date = TODAY,
    shipping = [parcel('store-1', 1000)],
  }: {
    date?: Date;
    shipping?: TaxableShipping[];
  } = {},
) {
  const currency = destination.country === 'CA' ? ('CAD' as const) : ('USD' as const);
  return calculateTax({ currency, destination, lines, shipping, date });
}

const rows = (views: ReturnType<typeof taxLineViews>) => views.map((v) => [v.label, v.amount]);

describe('issue 15: the cases that must come out exactly (items only; $10 shipping separately)', () => {
  const cases: {
    to: TaxDestination;
    item: string;
    product: { category: Category; size: string; priceCents: number };
    date?: Date;
    taxCents: number;
    lines: [string, number][];
  }[] = [
    {
      to: VANCOUVER,
      item: "women's jeans",
      product: { category: 'women', size: '28', priceCents: 10_000 },
      taxCents: 1200,
      lines: [
        ['GST 5%', 5],
        ['PST 7%', 7],
      ],
    },
    {
      to: VANCOUVER,
      item: "kids' sweater",
      product: { category: 'kids', size: 'M', priceCents: 4000 },
      taxCents: 200,
      lines: [['GST 5%', 2]],
    },
    {
      to: TORONTO,
      item: "men's jacket",
      product: { category: 'men', size: 'L', priceCents: 20_000 },
      taxCents: 2600,
      lines: [['HST 13%', 26]],
    },
    {
      to: TORONTO,
      item: "kids' jeans",
      product: { category: 'kids', size: '24', priceCents: 4000 },
      taxCents: 200,
      lines: [['HST 5%', 2]],
    },
    {
      to: MONTREAL,
      item: 'scarf',
      product: { category: 'women', size: 'ONE SIZE', priceCents: 10_000 },
      taxCents: 1498,
      lines: [
        ['GST 5%', 5],
        ['QST 9.975%', 9.98],
      ],
    },
    {
      to: HALIFAX,
      item: 'dress, order dated 2026',
      product: { category: 'women', size: 'S', priceCents: 10_000 },
      date: new Date('2026-02-10T12:00:00Z'),
      taxCents: 1400,
      lines: [['HST 14%', 14]],
    },
    {
      to: CALGARY,
      item: 'shirt',
      product: { category: 'men', size: 'M', priceCents: 10_000 },
      taxCents: 500,
      lines: [['GST 5%', 5]],
    },
    {
      to: NEW_YORK,
      item: 'shirt',
      product: { category: 'men', size: 'M', priceCents: 10_000 },
      taxCents: 0,
      lines: [],
    },
    {
      to: NEW_YORK,
      item: 'coat',
      product: { category: 'women', size: 'M', priceCents: 15_000 },
      taxCents: 1331,
      lines: [['Sales tax 8.875%', 13.31]],
    },
  ];

  it.each(cases)(
    '$to.city, $item, $product.priceCents cents → $taxCents',
    ({ to, product, date, taxCents, lines }) => {
      const calculation = taxOf(to, [item('line-1', product)], { date });
      const [line] = calculation.lines;
      expect(line?.taxCents).toBe(taxCents);
      expect(rows(taxLineViews(calculation.lines))).toEqual(lines);
      expect(calculation.providerReference).toBeNull();
    },
  );
});

describe('calculateTax: the rate in force on the order’s date', () => {
  const dress = item('dress', { category: 'women', size: 'S', priceCents: 10_000 });

  it('Halifax pays 15 % HST on 2025-03-15 and 14 % from 2025-04-01 (Nova Scotia’s cut)', () => {
    const on = (iso: string) =>
      taxOf(HALIFAX, [dress], { date: new Date(iso) }).lines[0]?.components;
    expect(on('2025-03-15T12:00:00Z')).toEqual([
      expect.objectContaining({
        jurisdiction: 'CA-NS',
        taxType: 'HST',
        rate: 0.15,
        amountCents: 1500,
      }),
    ]);
    expect(on('2025-03-31T23:59:59Z')?.[0]?.rate).toBe(0.15);
    expect(on('2025-04-01T00:00:00Z')?.[0]?.rate).toBe(0.14);
    expect(on('2026-06-01T00:00:00Z')?.[0]?.amountCents).toBe(1400);
  });

  it('Los Angeles: 9.5 % before Measure A, 9.75 % from 2025-04-01', () => {
    const coat = item('coat', { category: 'men', size: 'L', priceCents: 20_000 });
    const before = taxOf(LOS_ANGELES, [coat], { date: new Date('2025-03-31T12:00:00Z') });
    const after = taxOf(LOS_ANGELES, [coat], { date: new Date('2025-04-01T12:00:00Z') });
    expect(rows(taxLineViews(before))).toEqual([['Sales tax 9.5%', 19]]);
    expect(rows(taxLineViews(after))).toEqual([['Sales tax 9.75%', 19.5]]);
  });

  it('the District of Columbia: 6 %, then 6.5 % from 2025-10-01, then 7 % from 2026-10-01', () => {
    const dc: TaxDestination = {
      country: 'US',
      province: 'DC',
      city: 'Washington',
      postalCode: '20001',
    };
    const rate = (iso: string) => taxRowsFor(dc, new Date(iso)).map((r) => r.rate);
    expect(rate('2025-09-30T12:00:00Z')).toEqual(['0.06']);
    expect(rate('2025-10-01T12:00:00Z')).toEqual(['0.065']);
    expect(rate('2026-10-01T12:00:00Z')).toEqual(['0.07']);
  });
});

describe('calculateTax: outside the launch cities, the statewide rate', () => {
  it('Buffalo, NY: the 4 % state tax only, and still nothing on clothing under $110', () => {
    const calculation = taxOf(BUFFALO, [
      item('coat', { category: 'women', size: 'M', priceCents: 15_000 }),
      item('shirt', { category: 'men', size: 'M', priceCents: 10_000 }),
    ]);
    expect(calculation.lines.map((l) => l.taxCents)).toEqual([600, 0]);
    expect(calculation.lines[0]?.components).toEqual([
      expect.objectContaining({ jurisdiction: 'US-NY', taxType: 'STATE', rate: 0.04 }),
    ]);
  });

  it('San Francisco: California’s 7.25 %; Austin: Texas’s 6.25 %', () => {
    const shirt = item('shirt', { category: 'men', size: 'M', priceCents: 10_000 });
    const sf = taxOf(
      { country: 'US', province: 'CA', city: 'San Francisco', postalCode: '94103' },
      [shirt],
    );
    const austin = taxOf({ country: 'US', province: 'TX', city: 'Austin', postalCode: '73301' }, [
      shirt,
    ]);
    expect(sf.lines[0]?.taxCents).toBe(725);
    expect(austin.lines[0]?.taxCents).toBe(625);
  });

  it('a state without a sales tax answers 0 with no tax rows: Oregon, Delaware', () => {
    const shirt = item('shirt', { category: 'men', size: 'M', priceCents: 10_000 });
    for (const province of ['OR', 'DE', 'NH', 'MT', 'AK']) {
      const calculation = taxOf(
        { country: 'US', province, city: 'Anywhere', postalCode: '00000' },
        [shirt],
      );
      expect(calculation.totalCents).toBe(0);
      expect(calculation.lines[0]?.components).toEqual([]);
      expect(taxLineViews(calculation)).toEqual([]);
    }
  });

  it('Pennsylvania exempts clothing; Massachusetts taxes only the part of an item above $175', () => {
    const coat = item(
      'coat',
      { category: 'women', size: 'M', priceCents: 20_000 },
      { quantity: 2 },
    );
    const pa = taxOf({ country: 'US', province: 'PA', city: 'Philadelphia', postalCode: '19103' }, [
      coat,
    ]);
    const ma = taxOf({ country: 'US', province: 'MA', city: 'Boston', postalCode: '02108' }, [
      coat,
    ]);
    expect(pa.totalCents).toBe(0);
    // (200 − 175) × 2 = 50 taxable at 6.25 % = 3.125 → 3.13
    expect(ma.lines[0]?.components[0]).toMatchObject({
      taxableAmountCents: 5000,
      amountCents: 313,
    });
  });

  it('the launch cities are recognised by a normalised name, only in their own province or state', () => {
    const at = (province: string, city: string, country: 'CA' | 'US' = 'US') =>
      launchCityOf({ country, province, city, postalCode: '' });
    expect(normalizeCityName('  Montréal ')).toBe('MONTREAL');
    expect(at('QC', 'montreal', 'CA')).toBe('CA-QC-MONTREAL');
    expect(at('QC', 'MONTRÉAL', 'CA')).toBe('CA-QC-MONTREAL');
    for (const city of [
      'New York',
      'new york city',
      'NYC',
      'N.Y.C.',
      'Brooklyn',
      'the Bronx',
      'Staten Island',
      'Queens',
      'Manhattan',
    ]) {
      expect(at('NY', city)).toBe('US-NY-NEW YORK CITY');
    }
    expect(at('CA', 'LA')).toBe('US-CA-LOS ANGELES');
    expect(at('ca', 'los angeles')).toBe('US-CA-LOS ANGELES');
    expect(at('NY', 'Los Angeles')).toBeNull();
    expect(at('CA', 'New York')).toBeNull();
    expect(at('NY', 'Albany')).toBeNull();
  });

  it('refuses a region it has no rates for rather than charging nothing', () => {
    expect(() =>
      taxOf({ country: 'US', province: 'PR', city: 'San Juan', postalCode: '00901' }, []),
    ).toThrow(BadRequest);
  });
});

describe('calculateTax: shipping is taxed where the jurisdiction taxes it, like the goods it carries', () => {
  it('a BC parcel of only exempt children’s clothing pays GST on shipping but no PST', () => {
    const calculation = taxOf(VANCOUVER, [
      item('sweater', { category: 'kids', size: 'M', priceCents: 4000 }),
    ]);
    expect(calculation.shipping).toEqual([
      {
        reference: 'store-1',
        taxCents: 50,
        components: [
          expect.objectContaining({ taxType: 'GST', taxableAmountCents: 1000, amountCents: 50 }),
          expect.objectContaining({ taxType: 'PST', taxableAmountCents: 0, amountCents: 0 }),
        ],
      },
    ]);
  });

  it('a mixed BC parcel pays PST on the taxable share of its shipping', () => {
    const calculation = taxOf(VANCOUVER, [
      item('sweater', { category: 'kids', size: 'M', priceCents: 4000 }),
      item('jeans', { category: 'women', size: '28', priceCents: 6000 }),
    ]);
    // PST on 60 % of $10: 6.00 × 7 % = 0.42; GST on all of it.
    expect(calculation.shipping[0]?.components).toEqual([
      expect.objectContaining({ taxType: 'GST', taxableAmountCents: 1000, amountCents: 50 }),
      expect.objectContaining({ taxType: 'PST', taxableAmountCents: 600, amountCents: 42 }),
    ]);
    expect(calculation.totalCents).toBe(1012);
  });

  it('an Ontario parcel’s shipping follows its goods’ HST: 13 % and the rebated 5 %', () => {
    const calculation = taxOf(TORONTO, [
      item('jacket', { category: 'men', size: 'L', priceCents: 20_000 }),
      item('jeans', { category: 'kids', size: '24', priceCents: 4000 }),
    ]);
    // 200/240 of $10 = 8.33 at 13 % = 1.08; 1.67 at 5 % = 0.08.
    expect(calculation.shipping[0]?.components).toEqual([
      expect.objectContaining({ rate: 0.13, taxableAmountCents: 833, amountCents: 108 }),
      expect.objectContaining({ rate: 0.05, taxableAmountCents: 167, amountCents: 8 }),
    ]);
  });

  it('California does not tax separately stated shipping by carrier; New York taxes it with taxable goods only', () => {
    const coat = item('coat', { category: 'women', size: 'M', priceCents: 15_000 });
    expect(taxOf(LOS_ANGELES, [coat]).shipping[0]).toEqual({
      reference: 'store-1',
      taxCents: 0,
      components: [],
    });

    const shirt = item(
      'shirt',
      { category: 'men', size: 'M', priceCents: 10_000 },
      { storeId: 'store-2' },
    );
    const ny = taxOf(NEW_YORK, [coat, shirt], {
      shipping: [parcel('store-1', 1000), parcel('store-2', 1000)],
    });
    // 10 × 4 % = 0.40 and 10 × 4.875 % = 0.4875 → 0.49
    expect(ny.shipping.map((s) => s.taxCents)).toEqual([89, 0]);
  });

  it('each brand’s parcel is taxed by its own goods', () => {
    const calculation = taxOf(
      VANCOUVER,
      [
        item(
          'sweater',
          { category: 'kids', size: 'M', priceCents: 4000 },
          { storeId: 'kids-brand' },
        ),
        item(
          'jeans',
          { category: 'women', size: '28', priceCents: 10_000 },
          { storeId: 'denim-brand' },
        ),
      ],
      {
        shipping: [parcel('kids-brand', 1000), parcel('denim-brand', 1000)],
      },
    );
    expect(calculation.shipping.map((s) => [s.reference, s.taxCents])).toEqual([
      ['kids-brand', 50],
      ['denim-brand', 120],
    ]);
  });
});

describe('calculateTax: money in integer cents, half-up per line and per tax', () => {
  it('rounds a half cent up: 9.975 % of $100 is 9.98, 5 % of $0.10 is 0.01', () => {
    const scarf = item('scarf', { category: 'women', size: 'ONE SIZE', priceCents: 10_000 });
    expect(taxOf(MONTREAL, [scarf]).lines[0]?.components[1]?.amountCents).toBe(998);
    const tiny = item('tiny', { category: 'women', size: 'S', priceCents: 10 });
    expect(taxOf(CALGARY, [tiny]).lines[0]?.taxCents).toBe(1);
  });

  it('rounds each line on its own: three $0.10 lines pay 0.01 each, not 0.02 together', () => {
    const lines = ['a', 'b', 'c'].map((ref) =>
      item(ref, { category: 'men', size: 'S', priceCents: 10 }),
    );
    const calculation = taxOf(CALGARY, lines, { shipping: [] });
    expect(calculation.lines.map((l) => l.taxCents)).toEqual([1, 1, 1]);
    expect(calculation.totalCents).toBe(3);
  });

  it('the NY clothing threshold is the unit price: two $60 shirts stay exempt, one $110 coat does not', () => {
    const shirts = item(
      'shirts',
      { category: 'men', size: 'M', priceCents: 6000 },
      { quantity: 2 },
    );
    const coat = item('coat', { category: 'men', size: 'M', priceCents: 11_000 });
    const calculation = taxOf(NEW_YORK, [shirts, coat], { shipping: [] });
    expect(calculation.lines.map((l) => l.taxCents)).toEqual([0, 976]);
  });
});
