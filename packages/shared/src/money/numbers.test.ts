import { describe, expect, it } from 'vitest';
import { groupedDigits } from './numbers';

describe('groupedDigits', () => {
  it.each([0, 7, 42, 999, 1000, 2000, 5000, 10_000, 100_000, 999_999, 1_000_000, 1_234_567, -1234])(
    'writes %d as English does',
    (whole) => {
      expect(groupedDigits(whole)).toBe(whole.toLocaleString('en-US'));
    },
  );

  it('refuses what is not a whole number', () => {
    expect(() => groupedDigits(12.5)).toThrow(RangeError);
    expect(() => groupedDigits(Number.NaN)).toThrow(RangeError);
  });
});
