import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, US_STATES } from '../regions';
import { TAX_TYPES } from './tax';
import { ratePartsPerMillion, taxRowsFor } from './calculate-tax';
import { CLOTHING_RULES, TAX_RATES } from './tax-rates';
import { taxClassOf } from './tax-class';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

describe('the rates table', () => {
  it('every row has a jurisdiction, a known tax type, an exact rate, dates and its sources', () => {
    for (const row of TAX_RATES) {
      expect(row.jurisdiction).toMatch(/^(CA|US)(-[A-Z]{2}(-[A-Z ]+)?)?$/);
      expect(TAX_TYPES).toContain(row.taxType);
      expect(ratePartsPerMillion(row.rate)).toBeLessThan(200_000);
      expect(row.from).toMatch(ISO_DAY);
      if (row.to !== null) expect(row.to >= row.from).toBe(true);
      expect(row.source.length).toBeGreaterThan(10);
      expect(row.shippingSource.length).toBeGreaterThan(10);
    }
  });

  it('no two rows of one tax overlap, so a date names one rate', () => {
    const byTax = new Map<string, (typeof TAX_RATES)[number][]>();
    for (const row of TAX_RATES) {
      const key = `${row.jurisdiction}/${row.taxType}`;
      byTax.set(key, [...(byTax.get(key) ?? []), row]);
    }
    for (const rows of byTax.values()) {
      const sorted = [...rows].sort((a, b) => a.from.localeCompare(b.from));
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i - 1]?.to, sorted[i]?.jurisdiction).not.toBeNull();
        expect((sorted[i - 1]?.to ?? '') < (sorted[i]?.from ?? '')).toBe(true);
      }
    }
  });

  it('covers every province and territory: HST 13/15/14, or GST plus the provincial tax, or GST alone', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const combined = Object.fromEntries(
      CA_PROVINCES.map(({ code }) => {
        const rows = taxRowsFor({ country: 'CA', province: code, city: '', postalCode: '' }, now);
        return [code, rows.map((r) => `${r.taxType} ${r.rate}`).join(' + ')];
      }),
    );
    expect(combined).toEqual({
      AB: 'GST 0.05',
      BC: 'GST 0.05 + PST 0.07',
      MB: 'GST 0.05 + RST 0.07',
      NB: 'HST 0.15',
      NL: 'HST 0.15',
      NS: 'HST 0.14',
      NT: 'GST 0.05',
      NU: 'GST 0.05',
      ON: 'HST 0.13',
      PE: 'HST 0.15',
      QC: 'GST 0.05 + QST 0.09975',
      SK: 'GST 0.05 + PST 0.06',
      YT: 'GST 0.05',
    });
  });

  it('has a statewide row in force for every state and DC, the no-tax states at 0', () => {
    const today = '2026-11-22';
    for (const { code } of US_STATES) {
      const inForce = TAX_RATES.filter(
        (r) =>
          r.jurisdiction === `US-${code}` && r.from <= today && (r.to === null || today <= r.to),
      );
      expect(inForce, code).toHaveLength(1);
    }
    const none = TAX_RATES.filter((r) => r.taxType === 'STATE' && r.rate === '0').map(
      (r) => r.jurisdiction,
    );
    expect(none.sort()).toEqual(['US-AK', 'US-DE', 'US-MT', 'US-NH', 'US-OR']);
  });

  it('New York City is 4 % state + 4.875 % city and MCTD = 8.875 %', () => {
    const rows = taxRowsFor(
      { country: 'US', province: 'NY', city: 'NYC', postalCode: '10001' },
      new Date(),
    );
    expect(rows.map((r) => ratePartsPerMillion(r.rate)).reduce((a, b) => a + b)).toBe(88_750);
  });

  it('every clothing rule changes a row that exists', () => {
    for (const rule of CLOTHING_RULES) {
      const row = TAX_RATES.find(
        (r) => r.jurisdiction === rule.jurisdiction && r.taxType === rule.taxType,
      );
      expect(row, `${rule.jurisdiction} ${rule.taxType}`).toBeDefined();
      expect(rule.source.length).toBeGreaterThan(10);
    }
  });
});

describe('taxClassOf: category and size decide the tax class', () => {
  it('men’s and women’s clothing is adult clothing whatever its size', () => {
    expect(taxClassOf({ category: 'women', size: 'XS' })).toBe('clothing');
    expect(taxClassOf({ category: 'men', size: '5' })).toBe('clothing');
  });

  it('kids’ letter sizes up to L are children’s clothing; XL and up are adult-sized', () => {
    expect(
      ['XXS', 'XS', 'S', 'M', 'L'].map((size) => taxClassOf({ category: 'kids', size })),
    ).toEqual(Array(5).fill('childrens_clothing'));
    expect(['XL', 'XXL', 'XXXL'].map((size) => taxClassOf({ category: 'kids', size }))).toEqual(
      Array(3).fill('clothing'),
    );
  });

  it('kids’ footwear up to size 6 is children’s (GI-063); 6.5 and up is adult-sized', () => {
    expect(taxClassOf({ category: 'kids', size: '5' })).toBe('childrens_clothing');
    expect(taxClassOf({ category: 'kids', size: '6' })).toBe('childrens_clothing');
    expect(taxClassOf({ category: 'kids', size: '6.5' })).toBe('clothing');
    expect(taxClassOf({ category: 'kids', size: '13' })).toBe('clothing');
  });

  it('kids’ waists up to 28 in are children’s; one size is children’s; an unknown size is taxed in full', () => {
    expect(taxClassOf({ category: 'kids', size: '28' })).toBe('childrens_clothing');
    expect(taxClassOf({ category: 'kids', size: '29' })).toBe('clothing');
    expect(taxClassOf({ category: 'kids', size: 'ONE SIZE' })).toBe('childrens_clothing');
    expect(taxClassOf({ category: 'kids', size: 'XXXXL' })).toBe('clothing');
  });
});
