import { describe, expect, it } from 'vitest';
import { payoutFor, payoutPeriodOf, type PayoutInput } from './payouts';

const order = (overrides: Partial<PayoutInput> = {}): PayoutInput => ({
  storeOrderId: 'so-1',
  reference: 'ABCD1234',
  placedAt: '2026-11-20T15:00:00.000Z',
  currency: 'CAD',
  gross: 100,
  shippingCharged: 10,
  refunded: 0,
  orderTotal: 110,
  ...overrides,
});

describe('payoutFor (spec 9)', () => {
  it('takes the 20 % commission as 2.9 % + 30 cents for the payment provider and 17.1 % for the marketplace', () => {
    const line = payoutFor(order());
    expect(line).toMatchObject({
      sales: 100,
      paymentFee: 3.2,
      marketplaceFee: 17.1,
      commission: 20.3,
    });
  });

  it('passes the buyer’s shipping payment to the brand, which buys the label', () => {
    expect(payoutFor(order()).shippingCollected).toBe(10);
    expect(payoutFor(order()).net).toBe(100 - 20.3 + 10);
  });

  it('free shipping: nothing collected, the brand covers its parcel', () => {
    const line = payoutFor(order({ gross: 320, shippingCharged: 0, orderTotal: 320 }));
    expect(line).toMatchObject({ shippingCollected: 0, shippingReimbursement: 0 });
    expect(line).toMatchObject({ paymentFee: 9.58, marketplaceFee: 54.72, net: 255.7 });
  });

  it('reimburses half of the $10 shipping fee under $80 CAD, and not at $80', () => {
    expect(payoutFor(order({ gross: 60, orderTotal: 70 })).shippingReimbursement).toBe(5);
    expect(payoutFor(order({ gross: 70, orderTotal: 80 })).shippingReimbursement).toBe(0);
  });

  it('uses $70 as the reimbursement threshold in USD', () => {
    const usd = (orderTotal: number) =>
      payoutFor(order({ currency: 'USD', gross: orderTotal - 10, orderTotal }))
        .shippingReimbursement;
    expect(usd(69.99)).toBe(5);
    expect(usd(70)).toBe(0);
  });

  it('charges commission only on what the buyer keeps', () => {
    const line = payoutFor(order({ refunded: 40 }));
    expect(line).toMatchObject({ sales: 60, paymentFee: 2.04, marketplaceFee: 10.26 });
  });

  it('a fully refunded store order pays nothing and costs nothing', () => {
    const line = payoutFor(order({ refunded: 110 }));
    expect(line).toMatchObject({
      sales: 0,
      commission: 0,
      shippingCollected: 0,
      shippingReimbursement: 0,
      net: 0,
    });
  });
});

describe('payoutPeriodOf', () => {
  it('cuts time into 14-day periods from Monday 5 January 2026', () => {
    expect(payoutPeriodOf('2026-01-05T00:00:00Z')).toEqual({
      start: '2026-01-05',
      end: '2026-01-19',
    });
    expect(payoutPeriodOf('2026-01-18T23:59:59Z')).toEqual({
      start: '2026-01-05',
      end: '2026-01-19',
    });
    expect(payoutPeriodOf('2026-01-19T00:00:00Z')).toEqual({
      start: '2026-01-19',
      end: '2026-02-02',
    });
    expect(payoutPeriodOf('2026-11-20T15:00:00Z')).toEqual({
      start: '2026-11-09',
      end: '2026-11-23',
    });
  });
});
