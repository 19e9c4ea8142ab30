import { describe, expect, it } from 'vitest';
import { quoteShipping } from './shipping';

describe('quoteShipping (spec 9)', () => {
  it('charges $10 per brand under the free threshold', () => {
    expect(quoteShipping({ currency: 'CAD', brandSubtotals: [120, 79.99] })).toEqual({
      subtotal: 199.99,
      shipping: 20,
      total: 219.99,
      freeShipping: false,
      perBrand: [10, 10],
    });
  });

  it('ships free from $300 in CAD and from $200 in USD', () => {
    expect(quoteShipping({ currency: 'CAD', brandSubtotals: [150, 150] })).toMatchObject({
      shipping: 0,
      total: 300,
      freeShipping: true,
    });
    expect(quoteShipping({ currency: 'CAD', brandSubtotals: [299.99] })).toMatchObject({
      shipping: 10,
      freeShipping: false,
    });
    expect(quoteShipping({ currency: 'USD', brandSubtotals: [200] })).toMatchObject({
      shipping: 0,
      freeShipping: true,
    });
    expect(quoteShipping({ currency: 'USD', brandSubtotals: [199.99] })).toMatchObject({
      shipping: 10,
      total: 209.99,
    });
  });

  it('the same amount is free in USD but not in CAD', () => {
    expect(quoteShipping({ currency: 'USD', brandSubtotals: [250] }).freeShipping).toBe(true);
    expect(quoteShipping({ currency: 'CAD', brandSubtotals: [250] }).freeShipping).toBe(false);
  });

  it('adds the express fee per brand, also when standard shipping is free', () => {
    expect(
      quoteShipping({ currency: 'CAD', brandSubtotals: [40, 40, 40], method: 'EXPRESS' }),
    ).toMatchObject({
      shipping: 75,
      perBrand: [25, 25, 25],
      total: 195,
    });
    expect(
      quoteShipping({
        currency: 'USD',
        brandSubtotals: [300],
        method: 'EXPRESS',
        expressFeePerBrand: 12.5,
      }),
    ).toMatchObject({
      shipping: 12.5,
      freeShipping: true,
    });
  });

  it('sums money in cents', () => {
    expect(quoteShipping({ currency: 'CAD', brandSubtotals: [0.1, 0.2] }).subtotal).toBe(0.3);
  });

  it('charges nothing for an empty order', () => {
    expect(quoteShipping({ currency: 'CAD', brandSubtotals: [] })).toMatchObject({
      shipping: 0,
      total: 0,
    });
  });

  it("prices each brand's express from the provider's express rate when given, else the configured fee (issue 16)", () => {
    expect(
      quoteShipping({
        currency: 'USD',
        brandSubtotals: [50, 60],
        method: 'EXPRESS',
        expressRatesPerBrand: [12.1, null],
      }),
    ).toMatchObject({ perBrand: [22.1, 25], shipping: 47.1 });
    // Standard ignores them.
    expect(
      quoteShipping({ currency: 'USD', brandSubtotals: [50], expressRatesPerBrand: [12.1] }),
    ).toMatchObject({ perBrand: [10] });
  });
});
