import { SOLD_OUT_LABEL } from './catalog';
import type { Currency } from './constants';

/*
 * Kept apart from the bag's zod schemas (cart.ts), so the product page and the product card can
 * say these words without loading zod (docs/performance.md).
 */

/** Spec 4, 5 and 8: the bag's words. */
export const CART_MESSAGES = {
  title: 'SHOPPING BAG ITEMS',
  summary: 'ORDER SUMMARY',
  empty: 'Your cart is empty.',
  loadFailed: 'Failed to load cart',
  updateFailed: 'Failed to update cart',
  quantityFailed: 'Failed to update quantity',
  addFailed: 'Failed to add item to cart',
  added: 'Item added to cart!',
  selectOption: 'Please select a size and color option.',
  /** Issue 13: the error names what is missing when only one of the two is. */
  selectSize: 'Please select a size.',
  selectColor: 'Please select a color.',
  /** Issue 13: the quantity box, clamped to what is left. */
  quantityLeft: (count: number) => `Only ${count} left`,
  /** Issue 13: a product with no option left, on its card, its page and the store page. */
  soldOut: SOLD_OUT_LABEL,
  selectProduct: 'Please select a valid product.',
  calculatedAtCheckout: 'Calculated at checkout',
  unavailable: 'This option is no longer available.',
  /**
   * 409 at checkout (issue 13): the bag's lines that can no longer be bought, by name (deleted,
   * unlisted, or sold out since they were added).
   */
  noLongerAvailable: (names: string[]) =>
    `${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} no longer available.`,
  /** 409 at checkout: fewer units left than the line holds, naming the item (issue 13). */
  onlyLeftOf: (name: string, count: number) => `Only ${count} left in stock of ${name}.`,
  /** A bag line that can no longer be bought (issue 13). */
  lineUnavailable: 'No longer available',
  notInBag: 'This item is not in your bag.',
  onlyLeft: (count: number) => `Only ${count} left in stock.`,
  /** Shown on each bag line. */
  limitPerCustomer: (limit: number) => `Limit ${limit} per customer`,
  /** 409: adding would pass the per-option limit. */
  overLimit: (limit: number, left: number) =>
    `Limit ${limit} per customer: you can add ${left} more of this option.`,
  oneCurrency: (bagCurrency: Currency) =>
    `Your bag is in ${bagCurrency}: check out or remove those items before adding items priced in another currency.`,
} as const;
