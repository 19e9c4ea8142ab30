import { PRICE_DECIMALS } from './constants';

/** Spec 9: prices with two decimals; the currency code follows, as both dollars circulate here. */
export function formatMoney(amount: number, currency?: string): string {
  const value = `$${amount.toFixed(PRICE_DECIMALS)}`;
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
