import { describe, expect, it } from 'vitest';
import { asCents } from './cents';
import { formatMoney, formatMoneyIn, salePrice, salePriceCents } from './money';

describe('money as people read it (issue 39 item 14)', () => {
  it('groups English thousands with commas', () => {
    expect(formatMoney(2045)).toBe('$2,045.00');
    expect(formatMoney(1234567.5, 'CAD')).toBe('$1,234,567.50 CAD');
    expect(formatMoney(999.99)).toBe('$999.99');
    expect(formatMoneyIn('en', 2045, 'USD')).toBe('$2,045.00 USD');
  });

  it('puts the minus before the dollar sign and never writes minus zero', () => {
    expect(formatMoney(-1250.1)).toBe('-$1,250.10');
    expect(formatMoney(-0.001)).toBe('$0.00');
    expect(formatMoneyIn('fr-CA', -1250.1)).toBe('-1\u00a0250,10\u00a0$');
  });

  it('groups French thousands with no-break spaces', () => {
    expect(formatMoneyIn('fr-CA', 2045, 'CAD')).toBe('2\u00a0045,00\u00a0$ CAD');
  });
});

describe('the price a shopper pays (spec 2: the price reduced by the sale percentage)', () => {
  it('is the price less the sale, half up to the cent, in whole cents', () => {
    expect(salePriceCents(asCents(1999), 50)).toBe(1000);
    expect(salePriceCents(asCents(2999), 50)).toBe(1500);
    expect(salePriceCents(asCents(1005), 50)).toBe(503);
    expect(salePriceCents(asCents(1010), 25.5)).toBe(752);
    expect(salePriceCents(asCents(10000), 12.25)).toBe(8775);
  });

  it('is the price itself without a sale', () => {
    expect(salePriceCents(asCents(4500), 0)).toBe(4500);
    expect(salePriceCents(asCents(4500), null)).toBe(4500);
    expect(salePriceCents(asCents(4500), undefined)).toBe(4500);
  });

  it('in dollars for the pages, by the same rule', () => {
    expect(salePrice(19.99, 50)).toBe(10);
    expect(salePrice(100, 10)).toBe(90);
    expect(salePrice(0.01, 50)).toBe(0.01);
  });
});
