import { PRICE_DECIMALS } from './constants';

/** Spec 9: prices with two decimals; the currency code follows, as both dollars circulate here. */
export function formatMoney(amount: number, currency?: string): string {
  const value = `$${amount.toFixed(PRICE_DECIMALS)}`;
  return currency ? `${value} ${currency}` : value;
}
