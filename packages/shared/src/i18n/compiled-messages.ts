import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { groupedDigits } from '../money/numbers';
import type { Locale } from './locales';

/**
 * The cardinal plural category of a whole count from 0 in one of the app's locales, as
 * `Intl.PluralRules` gives it (CLDR: English "one" is 1; French "one" is 0 and 1, "many" a whole
 * number of millions).
 */
export function pluralCategory(locale: Locale, count: number): 'one' | 'many' | 'other' {
  if (locale === 'en') return count === 1 ? 'one' : 'other';
  return count < 2 ? 'one' : count % 1e6 ? 'other' : 'many';
}

/**
 * A compiled message written as Lingui's interpreter would write it, without Intl: its text,
 * arguments, selects, and plurals of whole counts from 0 (their `#` grouped as the locale groups
 * digits). `undefined` for anything else (a number, date or ordinal format, a plural's offset
 * or a count that is not a whole number), which Lingui then writes. Lingui picks a plural's form
 * and writes its `#` through `Intl.PluralRules` and `Intl.NumberFormat`, and a page's first use
 * of Intl starts ICU: tens of milliseconds of the browser's main thread while it hydrates.
 */
export function writeCompiled(
  tokens: CompiledMessage,
  values: Readonly<Record<string, unknown>>,
  locale: Locale,
): string | undefined {
  const write = (part: unknown, count?: string): string | undefined => {
    if (!Array.isArray(part)) return part as string;
    let text = '';
    for (const token of part as CompiledMessage) {
      if (typeof token === 'string') {
        text += token === '#' && count !== undefined ? count : token;
        continue;
      }
      const [name, format, cases] = token;
      // Any value; typed as the count a plural reads, which is checked before it is used so.
      const value = values[name] as number;
      const choices = cases as Record<string, unknown>;
      // The compiler gives every plural an `offset` (undefined when the message has none).
      const written =
        format === undefined
          ? value == null
            ? ''
            : String(value)
          : format === 'select'
            ? write(choices[String(value)] ?? choices.other)
            : format === 'plural' && Number.isSafeInteger(value) && value >= 0 && !choices.offset
              ? write(
                  choices[value] ?? choices[pluralCategory(locale, value)] ?? choices.other,
                  groupedDigits(value, locale === 'en' ? ',' : '\u00a0'),
                )
              : undefined;
      if (written === undefined) return undefined;
      text += written;
    }
    return text;
  };
  return write(tokens);
}
