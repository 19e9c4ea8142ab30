import { describe, expect, it } from 'vitest';
import {
  allocate,
  allocateByRunningShare,
  asCents,
  formatCents,
  parseCents,
  shareOf,
  sumCents,
  toCents,
} from './cents';

describe('money in cents (issue 40 item 4)', () => {
  it('reads numeric(10,2) text by its digits, never through a float', () => {
    expect(parseCents('12.34')).toBe(1234);
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('-5.00')).toBe(-500);
    expect(parseCents('7')).toBe(700);
    expect(parseCents('7.5')).toBe(750);
    expect(parseCents('-0.00')).toBe(0);
    expect(parseCents('99999999.99')).toBe(9_999_999_999);
    expect(() => parseCents('1.234')).toThrow(RangeError);
    expect(() => parseCents('abc')).toThrow(RangeError);
  });

  it('writes cents back as the decimal it read', () => {
    for (const text of ['12.34', '0.29', '-5.00', '0.00', '-0.05', '99999999.99', '1.10'])
      expect(formatCents(parseCents(text))).toBe(text);
  });

  it('converts request dollars to the nearest cent and refuses fractions of a cent', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(19.99)).toBe(1999);
    expect(() => asCents(1.5)).toThrow(RangeError);
  });

  it('adds cents exactly', () => {
    expect(sumCents(10, 20, 30)).toBe(60);
  });

  it('takes a share rounded half up, away from zero', () => {
    expect(shareOf(101, 1, 2)).toBe(51);
    expect(shareOf(-101, 1, 2)).toBe(-51);
    expect(shareOf(100, 1, 3)).toBe(33);
  });

  it('splits by largest remainder so the parts add up, the earlier part first on a tie', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(allocate(1000, [3000, 1500, 500])).toEqual([600, 300, 100]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
    for (const [total, weights] of [
      [997, [13, 7, 29, 1]],
      [1, [5, 5]],
      [12345, [1, 2, 3, 4, 5]],
    ] as const)
      expect(allocate(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('splits by running share as decision 014 records, equal to largest remainder for two parts', () => {
    expect(allocateByRunningShare(1, [1, 1, 1])).toEqual([0, 1, 0]);
    expect(allocateByRunningShare(100, [1, 1, 1])).toEqual([33, 34, 33]);
    for (let total = 0; total < 50; total++)
      for (let a = 0; a < 6; a++)
        for (let b = 0; b < 6; b++)
          if (a + b > 0)
            expect(allocateByRunningShare(total, [a, b])).toEqual(allocate(total, [a, b]));
  });
});
