import { setupI18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from './catalogs/index';
import { pluralCategory, writeCompiled } from './compiled-messages';
import { LOCALES, type Locale } from './locales';

/** What only Lingui writes: number, date and ordinal formats, and plurals with an offset. */
const NEEDS_INTL = /, (number|date|time|selectordinal)\b|offset:/;
const COUNTS = [0, 1, 2, 3, 21, 999, 1000, 1001, 12_345, 1_000_000, 2_000_000, 1_234_567];

/** Each argument of a compiled message and the cases of its selects. */
function argumentsOf(tokens: CompiledMessage, into = new Map<string, string[] | null>()) {
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, format, cases] = token;
    if (format === 'select') into.set(name, Object.keys(cases as object));
    else if (!into.has(name)) into.set(name, null);
    if (cases && typeof cases === 'object')
      for (const part of Object.values(cases))
        if (Array.isArray(part)) argumentsOf(part as CompiledMessage, into);
  }
  return into;
}

/** Value sets that go through each select's cases and each plural's forms. */
function valueSets(tokens: CompiledMessage): Record<string, unknown>[] {
  const args = [...argumentsOf(tokens)];
  return COUNTS.map((count, i) =>
    Object.fromEntries(
      args.map(([name, cases]) => {
        const choices = cases ? [...cases, 'SOMETHING_ELSE'] : null;
        return [name, choices ? choices[i % choices.length] : count];
      }),
    ),
  );
}

describe('pluralCategory', () => {
  const numbers = [
    ...Array.from({ length: 2500 }, (_, i) => i),
    999_999,
    1_000_000,
    1_000_001,
    2_000_000,
    1_000_000_000,
    Number.MAX_SAFE_INTEGER,
  ];
  it.each(LOCALES)('picks the form Intl.PluralRules picks for a whole count (%s)', (locale) => {
    const rules = new Intl.PluralRules(locale);
    for (const n of numbers) expect([n, pluralCategory(locale, n)]).toEqual([n, rules.select(n)]);
  });
});

describe('writeCompiled', () => {
  it.each(LOCALES)(
    'writes every message of the %s catalog as Lingui writes it, or leaves it to Lingui',
    (locale: Locale) => {
      let written = 0;
      let plurals = 0;
      for (const [id, message] of Object.entries(CATALOGS[locale])) {
        const tokens = compileMessage(message);
        const lingui = setupI18n({ locale, messages: { [locale]: { [id]: tokens } } });
        for (const values of valueSets(tokens)) {
          const ours = writeCompiled(tokens, values, locale);
          if (ours === undefined) {
            expect(message, `${id}: left to Lingui, so it needs Intl`).toMatch(NEEDS_INTL);
            continue;
          }
          written++;
          if (message.includes(', plural,')) plurals++;
          expect([id, ours]).toEqual([id, lingui._(id, values)]);
        }
      }
      expect(plurals).toBeGreaterThan(200);
      expect(written).toBeGreaterThan(plurals);
    },
  );

  it('writes a plural in French with its count grouped by a no-break space', () => {
    const tokens = compileMessage('{count, plural, one {# produit} other {# produits}}');
    expect(writeCompiled(tokens, { count: 0 }, 'fr-CA')).toBe('0 produit');
    expect(writeCompiled(tokens, { count: 12_345 }, 'fr-CA')).toBe('12\u00a0345 produits');
    expect(writeCompiled(tokens, { count: 12_345 }, 'en')).toBe('12,345 produits');
  });

  it('leaves to Lingui what needs Intl: fractions, negative counts, offsets, formats', () => {
    const plural = compileMessage('{count, plural, one {# item} other {# items}}');
    expect(writeCompiled(plural, { count: 1.5 }, 'en')).toBeUndefined();
    expect(writeCompiled(plural, { count: -1 }, 'en')).toBeUndefined();
    expect(writeCompiled(plural, { count: '2' }, 'en')).toBeUndefined();
    const offset = compileMessage('{count, plural, offset:1 one {# other} other {# others}}');
    expect(writeCompiled(offset, { count: 2 }, 'en')).toBeUndefined();
    for (const format of ['{n, number}', '{d, date, short}', '{n, selectordinal, other {#th}}'])
      expect(writeCompiled(compileMessage(format), { n: 2, d: new Date() }, 'en')).toBeUndefined();
  });
});
