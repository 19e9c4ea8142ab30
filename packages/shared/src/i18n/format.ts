import { formatMoney } from '../money';
import type { Locale } from './locales';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price as the locale writes it: English keeps spec 9's "$189.00" (then the currency code,
 * as both dollars circulate here); Canadian French "189,00 $" (then the code).
 */
export function formatMoneyIn(locale: Locale, amount: number, currency?: string): string {
  if (locale === 'en') return formatMoney(amount, currency);
  let format = moneyFormats.get(locale);
  if (!format) {
    // Both dollars print "$" in narrow form; the code after the amount tells them apart.
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CAD',
      currencyDisplay: 'narrowSymbol',
    });
    moneyFormats.set(locale, format);
  }
  const value = format.format(amount);
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
