import { describe, expect, it } from 'vitest';
import { isValidPostalCode, normalizePostalCode, updateProfileSchema } from './users';

describe('postal and ZIP codes', () => {
  it.each([
    ['CA', 'V6B 1A1', true],
    ['CA', 'v6b1a1', true],
    ['CA', 'D6B 1A1', false], // D is never a first letter
    ['CA', '12345', false],
    ['US', '98101', true],
    ['US', '98101-1234', true],
    ['US', '9810', false],
    ['US', 'V6B 1A1', false],
  ] as const)('%s %s is %s', (country, code, valid) => {
    expect(isValidPostalCode(country, code)).toBe(valid);
  });

  it('stores Canadian codes upper case with one space', () => {
    expect(normalizePostalCode('CA', ' v6b1a1 ')).toBe('V6B 1A1');
    expect(normalizePostalCode('US', ' 98101 ')).toBe('98101');
  });
});

describe('updateProfileSchema', () => {
  it('trims names and email', () => {
    const parsed = updateProfileSchema.parse({
      firstName: '  Ada ',
      lastName: ' Lovelace',
      email: ' ada@example.com ',
      addresses: [],
    });
    expect(parsed).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      addresses: [],
    });
  });
});
