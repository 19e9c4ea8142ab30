import { describe, expect, it } from 'vitest';
import {
  carriedFrom,
  csvField,
  lateRefundDeltas,
  lateRefundPeriod,
  listingFeeCents,
  payoutLedger,
  payoutLedgerView,
  periodEndingOn,
  isNewListing,
  statementCsv,
} from './payout-ledger';
import { payoutDateSchema } from './payout-schemas';
import type { PayoutCentsInput } from './payouts';
import { asCents as c } from '../money/cents';

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

describe('listing fees (spec 9)', () => {
  it('the first 20 creations are free, then 10 cents each', () => {
    expect([1, 20, 21, 22, 500].map(listingFeeCents)).toEqual([0, 0, 10, 10, 10]);
  });
});

describe('new listings by an edit (issue 38.9)', () => {
  const jacket = {
    name: 'Raw Jacket',
    priceCents: c(12000),
    options: [{ color: 'RED', size: 'M' }],
  };
  it('are edits that change the name, the price and every option', () => {
    const beanie = {
      name: 'Wool Beanie',
      priceCents: c(3500),
      options: [{ color: 'BLUE', size: 'S' }],
    };
    expect(isNewListing(jacket, beanie)).toBe(true);
    expect(isNewListing(jacket, { ...beanie, name: '  raw  JACKET ' })).toBe(false);
    expect(isNewListing(jacket, { ...beanie, priceCents: c(12000) })).toBe(false);
    expect(
      isNewListing(jacket, {
        ...beanie,
        options: [...beanie.options, { color: 'RED', size: 'M' }],
      }),
    ).toBe(false);
  });
});

describe('payout dates', () => {
  it('are the ends of the 14-day periods counted from the anchor', () => {
    expect(payoutDateSchema.safeParse('2026-01-19').success).toBe(true);
    expect(payoutDateSchema.safeParse('2026-01-20').success).toBe(false);
    expect(payoutDateSchema.safeParse('19/01/2026').success).toBe(false);
    expect(periodEndingOn('2026-01-19')).toEqual({ start: '2026-01-05', end: '2026-01-19' });
  });

  it('refuse a day between two payout dates, naming the nearest two (issue 39.2)', () => {
    const between =
      'Not a payout date: the nearest payout dates are 2026-11-23 and 2026-12-07 (every 14 days).';
    for (const date of ['2026-11-24', '2026-12-01', '2026-12-06']) {
      const parsed = payoutDateSchema.safeParse(date);
      expect(parsed.error?.issues[0]?.message, date).toBe(between);
    }
    expect(payoutDateSchema.safeParse('2026-01-20').error?.issues[0]?.message).toBe(
      'Not a payout date: the nearest payout dates are 2026-01-19 and 2026-02-02 (every 14 days).',
    );
  });

  it('refuse impossible days and days before the first period, saying which dates are payout dates (issue 38.16)', () => {
    // 2026-02-30 would be read as 2026-03-02, a payout date; 1970-01-05 is on the 14-day grid.
    for (const date of ['2026-02-30', '2026-03-32', '1970-01-05', '2026-01-05', '2025-12-22']) {
      const parsed = payoutDateSchema.safeParse(date);
      expect(parsed.success, date).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        'Not a payout date: payout dates are every 14 days from 2026-01-19 (2026-01-19, 2026-02-02, 2026-02-16 and so on).',
      );
    }
    expect(payoutDateSchema.safeParse('2026-03-02').success).toBe(true);
    expect(payoutDateSchema.safeParse('2026-1-19').error?.issues[0]?.message).toBe(
      'Give the date as YYYY-MM-DD.',
    );
  });
});

describe('refunds after a payout (issue 16.7)', () => {
  it('cost what they take off the order’s net, given the refunds the payout counted', () => {
    // Net 89.70; a $40 refund leaves $60 of sales: 60 - 1.74 - 0.30 - 10.26 + 10 = 57.70.
    const [first, second] = lateRefundDeltas(order(), [
      { id: 'r2', amountCents: c(7000), at: '2026-12-03T00:00:00.000Z' },
      { id: 'r1', amountCents: c(4000), at: '2026-12-02T00:00:00.000Z' },
    ]);
    expect(first).toMatchObject({ id: 'r1', amountCents: -3200 });
    // The rest of the items and the parcel: the net falls to nothing.
    expect(second).toMatchObject({ id: 'r2', amountCents: -5770 });
  });

  it('are shown no earlier than the period after their order’s', () => {
    expect(lateRefundPeriod('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z').start).toBe(
      '2026-11-23',
    );
    expect(lateRefundPeriod('2026-11-20T00:00:00Z', '2026-12-20T00:00:00Z').start).toBe(
      '2026-12-07',
    );
  });
});

describe('the ledger', () => {
  it('totals each period and currency, newest first', () => {
    const { lines, periods } = payoutLedger(
      [
        order({ storeOrderId: 'a', placedAt: '2026-11-02T10:00:00Z' }),
        order({ storeOrderId: 'b', placedAt: '2026-11-20T10:00:00Z' }),
        order({
          storeOrderId: 'c',
          placedAt: '2026-11-21T10:00:00Z',
          grossCents: c(5000),
          orderTotalCents: c(6000),
        }),
        order({ storeOrderId: 'd', placedAt: '2026-11-21T11:00:00Z', currency: 'USD' }),
      ],
      [],
      [],
    );
    expect(lines.map((l) => l.storeOrderId)).toEqual(['d', 'c', 'b', 'a']);
    expect(periods.map((p) => [p.start, p.currency, p.orders])).toEqual([
      ['2026-11-09', 'CAD', 2],
      ['2026-11-09', 'USD', 1],
      ['2026-10-26', 'CAD', 1],
    ]);
    const [current] = periods;
    expect(current).toMatchObject({ salesCents: 15000, shippingCents: 2500, payout: null });
    expect(current!.netCents).toBe(lines[1]!.netCents + lines[2]!.netCents);
  });
});

describe('the ledger and its statement', () => {
  const period = { start: '2026-11-09', end: '2026-11-23' };
  const ledger = payoutLedger(
    [order()],
    [
      {
        kind: 'LISTING_FEE',
        date: '2026-11-18T00:00:00.000Z',
        currency: 'CAD',
        amountCents: c(-10),
        description: '=HYPERLINK("x") (listing 21)',
        period,
      },
      {
        kind: 'REFUND_REVERSED',
        date: '2026-11-19T00:00:00.000Z',
        currency: 'CAD',
        amountCents: c(-500),
        description: '#OLD',
        period,
      },
    ],
    [
      {
        periodStart: period.start,
        currency: 'CAD',
        status: 'PAID',
        amountCents: c(8960),
        reference: 'tr_1',
        paidAt: '2026-11-23T06:00:00.000Z',
      },
    ],
  );

  it('takes listing fees from the net, never a refund reversed from its transfer', () => {
    expect(ledger.periods).toEqual([
      expect.objectContaining({
        listingFeesCents: -10,
        refundsAfterPayoutCents: 0,
        netCents: 8960,
        payout: expect.objectContaining({ reference: 'tr_1' }),
      }),
    ]);
  });

  it('is written in the spec’s dollars by its view (GET /store/payouts)', () => {
    const view = payoutLedgerView(ledger);
    expect(view.lines[0]).toMatchObject({ gross: 100, commission: 20.3, net: 89.7 });
    expect(view.adjustments.map((a) => [a.kind, a.amount])).toEqual([
      ['REFUND_REVERSED', -5],
      ['LISTING_FEE', -0.1],
    ]);
    expect(JSON.stringify(view.periods)).toBe(
      JSON.stringify([
        {
          start: period.start,
          end: period.end,
          currency: 'CAD',
          orders: 1,
          sales: 100,
          commission: 20.3,
          shipping: 10,
          listingFees: -0.1,
          refundsAfterPayout: 0,
          balanceCarried: 0,
          net: 89.6,
          payout: {
            status: 'PAID',
            amount: 89.6,
            reference: 'tr_1',
            paidAt: '2026-11-23T06:00:00.000Z',
          },
        },
      ]),
    );
  });

  it('writes the statement CSV with the split commission and no formula cells', () => {
    const csv = statementCsv(ledger, period, 'Maple, Denim').split('\r\n');
    expect(csv[0]).toBe('"# Statement of Maple, Denim, 2026-11-09 to 2026-11-23 (exclusive)"');
    expect(csv[2]).toBe(
      'order,2026-11-20,ABCD1234,CAD,100.00,0.00,-3.20,-17.10,10.00,0.00,0.00,0.00,0.00,0.00,89.70',
    );
    expect(csv[3]).toBe(
      `listing_fee,2026-11-18,"'=HYPERLINK(""x"") (listing 21)",CAD,0.00,0.00,0.00,0.00,0.00,0.00,-0.10,0.00,0.00,0.00,-0.10`,
    );
    expect(csv[4]).toMatch(/^refund_reversed,.*,-5\.00,0\.00,0\.00,0\.00$/);
    expect(csv[5]).toBe('total,2026-11-23,tr_1,CAD,100.00,,,-20.30,10.00,,-0.10,0.00,0.00,,89.60');
    expect(csvField('-3.20')).toBe('-3.20');
    expect(csvField('@cmd')).toBe("'@cmd");
  });
});

describe('a balance carried from a period whose net was below zero (decision 025)', () => {
  const before = { start: '2026-10-26', end: '2026-11-09' };
  const period = { start: '2026-11-09', end: '2026-11-23' };
  const ledger = payoutLedger(
    [order()],
    [
      {
        kind: 'LISTING_FEE',
        date: '2026-11-01T00:00:00.000Z',
        currency: 'CAD',
        amountCents: c(-50),
        description: 'Tee 25 (listing 25)',
        period: before,
      },
      {
        kind: 'BALANCE_CARRIED',
        date: '2026-11-09T00:00:00.000Z',
        currency: 'CAD',
        amountCents: c(-50),
        description: carriedFrom(before),
        period,
      },
    ],
    [
      {
        periodStart: before.start,
        currency: 'CAD',
        status: 'CARRIED',
        amountCents: c(-50),
        reference: null,
        paidAt: null,
      },
    ],
  );

  it('is taken from the next period’s net, and named after the period it comes from', () => {
    expect(carriedFrom(before)).toBe('carried from 2026-10-26 to 2026-11-08');
    expect(ledger.periods).toEqual([
      expect.objectContaining({ start: period.start, balanceCarriedCents: -50, netCents: 8920 }),
      expect.objectContaining({
        start: before.start,
        listingFeesCents: -50,
        balanceCarriedCents: 0,
        netCents: -50,
        payout: expect.objectContaining({ status: 'CARRIED', amountCents: -50 }),
      }),
    ]);
    const csv = statementCsv(ledger, period, 'Maple Denim').split('\r\n');
    expect(csv).toContain(
      'balance_carried,2026-11-09,carried from 2026-10-26 to 2026-11-08,CAD,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,-0.50,0.00,-0.50',
    );
    expect(csv).toContain('total,2026-11-23,,CAD,100.00,,,-20.30,10.00,,0.00,0.00,-0.50,,89.20');
  });
});
