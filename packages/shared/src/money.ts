import { PRICE_DECIMALS } from './constants';

/** Spec 9: prices with two decimals; the currency code follows, as both dollars circulate here. */
export function formatMoney(amount: number, currency?: string): string {
  const value = `$${amount.toFixed(PRICE_DECIMALS)}`;
  return currency ? `${value} ${currency}` : value;
}

/** A dollar amount with two decimals (the API's money) in integer cents: the one conversion. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Integer cents back to dollars. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** An amount of money to the cent: sums and differences of prices without floating-point noise. */
export function roundMoney(amount: number): number {
  return Math.round(amount * 100) / 100;
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

/** The price a shopper pays: reduced by the sale percentage, to the cent. */
export function salePrice(price: number, sale: number | null | undefined): number {
  const percent = sale && sale > 0 ? sale : 0;
  return Math.round(price * (100 - percent)) / 100;
}

/**
 * Spec 2: a chosen option's own price and sale, when present, override the product's.
 * "Present" means above zero: the seller form stores 0 for "same as the product".
 */
export function effectivePricing(
  item: { price: number; sale: number },
  option?: { price: number; sale: number } | null,
): { price: number; sale: number } {
  return {
    price: option && option.price > 0 ? option.price : item.price,
    sale: option && option.sale > 0 ? option.sale : item.sale,
  };
}
