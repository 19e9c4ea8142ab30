import { describe, expect, it } from 'vitest';
import {
  RETURN_MESSAGES,
  refundDueBy,
  returnLabelIsFree,
  returnWindowBlocker,
  returnWindowEnd,
} from './returns';
import { returnFormSchema } from './return-schemas';

const at = (iso: string) => new Date(iso);

describe('refundDueBy: the end of the third working day after receipt', () => {
  it.each([
    ['Monday', '2026-11-23T15:00:00Z', '2026-11-27T00:00:00.000Z'],
    ['Wednesday', '2026-11-25T09:00:00Z', '2026-12-01T00:00:00.000Z'],
    ['Friday', '2026-11-27T23:59:00Z', '2026-12-03T00:00:00.000Z'],
    ['Saturday', '2026-11-28T10:00:00Z', '2026-12-03T00:00:00.000Z'],
    ['Sunday', '2026-11-29T10:00:00Z', '2026-12-03T00:00:00.000Z'],
  ])('received on a %s', (_day, received, due) => {
    expect(refundDueBy(at(received)).toISOString()).toBe(due);
  });
});

describe('the return window', () => {
  const delivered = at('2026-11-01T12:00:00Z');
  it('is open for 14 days from delivery, then closed with the delivery date', () => {
    expect(returnWindowEnd(delivered).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(returnWindowBlocker(delivered, at('2026-11-15T12:00:00Z'))).toBeNull();
    expect(returnWindowBlocker(delivered, at('2026-11-15T12:00:01Z'))).toBe(
      'Returns are accepted within 14 days of delivery; this order was delivered on November 1, 2026.',
    );
  });
  it('is never open before delivery or after 6 months', () => {
    expect(returnWindowBlocker(null, at('2026-11-02T00:00:00Z'))).toBe(
      RETURN_MESSAGES.notDelivered,
    );
    expect(returnWindowBlocker(delivered, at('2027-05-01T12:00:01Z'))).toBe(
      RETURN_MESSAGES.ownedTooLong,
    );
  });
});

describe('free return labels', () => {
  it('within Canada and the continental USA, not from Alaska or Hawaii', () => {
    expect(returnLabelIsFree({ country: 'CA', province: 'NU' })).toBe(true);
    expect(returnLabelIsFree({ country: 'US', province: 'NY' })).toBe(true);
    expect(returnLabelIsFree({ country: 'US', province: 'AK' })).toBe(false);
    expect(returnLabelIsFree({ country: 'US', province: 'HI' })).toBe(false);
  });
});

describe('the return form', () => {
  it('needs at least one distinct line and one of the five reasons (no exchange)', () => {
    const issues = (value: unknown) =>
      returnFormSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ orderItemIds: [], reason: 'EXCHANGE' })).toEqual([
      RETURN_MESSAGES.itemsRequired,
      RETURN_MESSAGES.reasonRequired,
    ]);
    expect(issues({ orderItemIds: [1, 1], reason: 'FAULTY' })).toEqual([
      RETURN_MESSAGES.itemsRequired,
    ]);
    expect(issues({ orderItemIds: [1, 2], reason: 'RUNS_LARGE' })).toEqual([]);
  });
});
