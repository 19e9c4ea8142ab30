import type { Locale } from './locales';

export { formatMoneyIn } from '../money/money';

/**
 * A rating or an average to a fixed number of decimals: 4.5 → "4.5" (en) or "4,5" (fr-CA).
 * Without Intl, as money is (it appears on every product page).
 */
export function formatDecimalIn(locale: Locale, value: number, digits: number): string {
  const text = value.toFixed(digits);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** What ends a label before its value: "Size: M" in English, "Taille : M" in French. */
export function labelColonIn(locale: Locale): string {
  return locale === 'en' ? ': ' : '\u00a0: ';
}

/** 1234.5 → "1,234.5" (en) or "1 234,5" (fr-CA). */
export function formatNumberIn(locale: Locale, value: number): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** 0.171 → "17.1%" (en) or "17,1 %" (fr-CA). */
export function formatPercentIn(locale: Locale, rate: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate);
}

/** A calendar date ("Nov 24, 2026" / "24 nov. 2026"). */
export function formatDateIn(
  locale: Locale,
  date: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(locale, options).format(
    typeof date === 'string' ? new Date(date) : date,
  );
}
