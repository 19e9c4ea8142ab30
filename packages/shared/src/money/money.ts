import { PRICE_DECIMALS } from '../constants';
import type { Locale } from '../i18n/locales';
import { fromCents, shareOf, toCents, type Cents } from './cents';
import { groupedDigits } from './numbers';

/** An amount's sign, its whole dollars and its cents, rounded to the cent (never "-0.00"). */
function moneyParts(amount: number): { negative: boolean; whole: number; cents: string } {
  const [whole, cents] = Math.abs(amount).toFixed(PRICE_DECIMALS).split('.') as [string, string];
  const negative = amount < 0 && (Number(whole) > 0 || Number(cents) > 0);
  return { negative, whole: Number(whole), cents };
}

/**
 * Spec 9: prices with two decimals, thousands grouped as English writes them ("$2,045.00",
 * "-$5.00"); the currency code follows, as both dollars circulate here. The one formatter of
 * money in English: every page, email and PDF goes through it or `formatMoneyIn`.
 */
export function formatMoney(amount: number, currency?: string): string {
  const { negative, whole, cents } = moneyParts(amount);
  const value = `${negative ? '-' : ''}$${groupedDigits(whole)}.${cents}`;
  return currency ? `${value} ${currency}` : value;
}

/**
 * A price as the locale writes it: English as `formatMoney`; Canadian French "1 234,50 $"
 * (no-break spaces; then the code), as Intl's fr-CA currency format writes it. Neither uses
 * Intl: a page's first use of it costs the browser ICU's start-up (tens of milliseconds of its
 * main thread, on every product page), and the server's ICU and the browser's could differ by
 * a character.
 */
export function formatMoneyIn(locale: Locale, amount: number, currency?: string): string {
  if (locale === 'en') return formatMoney(amount, currency);
  const { negative, whole, cents } = moneyParts(amount);
  const value = `${negative ? '-' : ''}${groupedDigits(whole, '\u00a0')},${cents}\u00a0$`;
  return currency ? `${value} ${currency}` : value;
}

/** 0.029 → "2.9%": rates read as people say them, without floating-point noise. */
export function formatRate(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

/** "every 2 weeks" when a period is whole weeks, otherwise "every N days". */
export function formatPayoutFrequency(days: number): string {
  const DAYS_PER_WEEK = 7;
  if (days % DAYS_PER_WEEK !== 0) return `every ${days} days`;
  const weeks = days / DAYS_PER_WEEK;
  return weeks === 1 ? 'every week' : `every ${weeks} weeks`;
}

/** A sale is a percentage with two decimals (numeric(5,2)): counted in hundredths of a percent. */
const HUNDREDTHS_OF_A_PERCENT = 10_000;

/**
 * The price a shopper pays, in cents: the price less the sale percentage, rounded half up to
 * the cent in integers: 19.99 at 50 % is 10.00 as 29.99 at 50 % is 15.00 (binary floats made
 * the first 9.99, by accident of its digits).
 */
export function salePriceCents(priceCents: Cents, sale: number | null | undefined): Cents {
  const percent = sale && sale > 0 ? sale : 0;
  const kept = HUNDREDTHS_OF_A_PERCENT - Math.round((percent * HUNDREDTHS_OF_A_PERCENT) / 100);
  return shareOf(priceCents, kept, HUNDREDTHS_OF_A_PERCENT);
}

/** `salePriceCents` of a price in the spec's dollars, for the pages and the product form. */
export function salePrice(price: number, sale: number | null | undefined): number {
  return fromCents(salePriceCents(toCents(price), sale));
}

/**
 * Spec 2: a chosen option's own price and sale, when present, override the product's.
 * "Present" means above zero: the seller form stores 0 for "same as the product". The prices
 * are in whichever unit the caller holds (cents in the API, dollars in the web app).
 */
export function effectivePricing<Price extends number>(
  item: { price: Price; sale: number },
  option?: { price: Price; sale: number } | null,
): { price: Price; sale: number } {
  return {
    price: option && option.price > 0 ? option.price : item.price,
    sale: option && option.sale > 0 ? option.sale : item.sale,
  };
}
