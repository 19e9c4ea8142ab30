import { describe, expect, it } from 'vitest';
import { asCents } from '../money/cents';
import { payoutFor, payoutLineView, payoutPeriodOf, type PayoutCentsInput } from './payouts';

const c = asCents;

const order = (overrides: Partial<PayoutCentsInput> = {}): PayoutCentsInput => ({
  storeOrderId: 'so-1',
  reference: 'ABCD1234',
  placedAt: '2026-11-20T15:00:00.000Z',
  currency: 'CAD',
  grossCents: c(10000),
  shippingChargedCents: c(1000),
  refundedCents: c(0),
  orderTotalCents: c(11000),
  ...overrides,
});

describe('payoutFor (spec 9)', () => {
  it('takes the 20 % commission as 2.9 % + 30 cents for the payment provider and 17.1 % for the marketplace', () => {
    const line = payoutFor(order());
    expect(line).toMatchObject({
      salesCents: 10000,
      paymentFeeCents: 320,
      marketplaceFeeCents: 1710,
      commissionCents: 2030,
    });
  });

  it('passes the buyer’s shipping payment to the brand, which buys the label', () => {
    expect(payoutFor(order()).shippingCollectedCents).toBe(1000);
    expect(payoutFor(order()).netCents).toBe(10000 - 2030 + 1000);
  });

  it('free shipping: nothing collected, the brand covers its parcel', () => {
    const line = payoutFor(
      order({ grossCents: c(32000), shippingChargedCents: c(0), orderTotalCents: c(32000) }),
    );
    expect(line).toMatchObject({ shippingCollectedCents: 0, shippingReimbursementCents: 0 });
    expect(line).toMatchObject({
      paymentFeeCents: 958,
      marketplaceFeeCents: 5472,
      netCents: 25570,
    });
  });

  it('reimburses half of the $10 shipping fee under $80 CAD, and not at $80', () => {
    const reimbursement = (grossCents: number, orderTotalCents: number) =>
      payoutFor(order({ grossCents: c(grossCents), orderTotalCents: c(orderTotalCents) }))
        .shippingReimbursementCents;
    expect(reimbursement(6000, 7000)).toBe(500);
    expect(reimbursement(7000, 8000)).toBe(0);
  });

  it('uses $70 as the reimbursement threshold in USD', () => {
    const usd = (orderTotalCents: number) =>
      payoutFor(
        order({
          currency: 'USD',
          grossCents: c(orderTotalCents - 1000),
          orderTotalCents: c(orderTotalCents),
        }),
      ).shippingReimbursementCents;
    expect(usd(6999)).toBe(500);
    expect(usd(7000)).toBe(0);
  });

  it('charges commission only on what the buyer keeps', () => {
    const line = payoutFor(order({ refundedCents: c(4000) }));
    expect(line).toMatchObject({
      salesCents: 6000,
      paymentFeeCents: 204,
      marketplaceFeeCents: 1026,
    });
  });

  it('a fully refunded store order pays nothing and costs nothing', () => {
    const line = payoutFor(order({ refundedCents: c(11000) }));
    expect(line).toMatchObject({
      salesCents: 0,
      commissionCents: 0,
      shippingCollectedCents: 0,
      shippingReimbursementCents: 0,
      netCents: 0,
    });
  });

  it('is written in the spec’s dollars by its view, in the schema’s order', () => {
    const view = payoutLineView(payoutFor(order({ taxCollectedCents: c(1300) })));
    expect(JSON.stringify(view)).toBe(
      JSON.stringify({
        storeOrderId: 'so-1',
        reference: 'ABCD1234',
        placedAt: '2026-11-20T15:00:00.000Z',
        currency: 'CAD',
        gross: 100,
        shippingCharged: 10,
        refunded: 0,
        orderTotal: 110,
        taxCollected: 13,
        sales: 100,
        paymentFee: 3.2,
        marketplaceFee: 17.1,
        commission: 20.3,
        shippingCollected: 10,
        shippingReimbursement: 0,
        net: 89.7,
        period: { start: '2026-11-09', end: '2026-11-23' },
      }),
    );
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
