import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyIn } from './money';

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
