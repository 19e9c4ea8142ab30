import { PRICE_DECIMALS } from '../constants';
import { formatMoney } from '../money';
import { groupedDigits } from '../numbers';
import type { Locale } from './locales';

/**
 * A price as the locale writes it: English keeps spec 9's "$189.00" (then the currency code,
 * as both dollars circulate here); Canadian French "1 234,50 $" (no-break spaces; then the
 * code), as Intl's fr-CA currency format writes it. Neither uses Intl: a page's first use of
 * it costs the browser ICU's start-up (tens of milliseconds of its main thread, on every
 * product page), and the server's ICU and the browser's could differ by a character.
 */
export function formatMoneyIn(locale: Locale, amount: number, currency?: string): string {
  if (locale === 'en') return formatMoney(amount, currency);
  const [whole, cents] = Math.abs(amount).toFixed(PRICE_DECIMALS).split('.') as [string, string];
  const value = `${amount < 0 ? '-' : ''}${groupedDigits(Number(whole), '\u00a0')},${cents}\u00a0$`;
  return currency ? `${value} ${currency}` : value;
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
