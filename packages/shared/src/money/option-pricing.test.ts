import { describe, expect, it } from 'vitest';
import { effectivePricing } from './money';

const item = { price: 100, sale: 10 };

describe('effectivePricing (spec 2: a chosen option overrides the product)', () => {
  it('uses the product price and sale when no option is chosen', () => {
    expect(effectivePricing(item, null)).toEqual({ price: 100, sale: 10 });
    expect(effectivePricing(item)).toEqual({ price: 100, sale: 10 });
  });

  it('an option price above 0 replaces the product price; its sale above 0 replaces the sale', () => {
    expect(effectivePricing(item, { price: 80, sale: 25 })).toEqual({ price: 80, sale: 25 });
  });

  it('an option price or sale of 0 keeps the product value', () => {
    expect(effectivePricing(item, { price: 0, sale: 0 })).toEqual({ price: 100, sale: 10 });
    expect(effectivePricing(item, { price: 0, sale: 30 })).toEqual({ price: 100, sale: 30 });
    expect(effectivePricing(item, { price: 120, sale: 0 })).toEqual({ price: 120, sale: 10 });
  });

  it('an option can put a product that is not on sale on sale', () => {
    expect(effectivePricing({ price: 50, sale: 0 }, { price: 0, sale: 20 })).toEqual({
      price: 50,
      sale: 20,
    });
  });
});
