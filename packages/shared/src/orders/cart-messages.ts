import { SOLD_OUT_LABEL } from '../items/catalog';
import type { Currency } from '../constants';
import { fillMessage } from '../fill-message';
import { filledMessage } from '../i18n/message-arguments';
import { msg } from '../i18n/msg';

/*
 * Kept apart from the bag's zod schemas (cart.ts), so the product page and the product card can
 * say these words without loading zod (docs/performance.md).
 */

const QUANTITY_LEFT = msg('Only {count} left');
const ONLY_LEFT = msg('Only {count} left in stock.');
const LIMIT_PER_CUSTOMER = msg('Limit {limit} per customer');
const NO_LONGER_AVAILABLE_ONE = msg('{names} is no longer available.');
const NO_LONGER_AVAILABLE_MANY = msg('{names} are no longer available.');
const ONLY_LEFT_OF = msg('Only {count} left in stock of {name}.');
const ONLY_AVAILABLE_ADDED = msg('Only {count} available: {count} added');
const ALREADY_ALL_IN_BAG = msg('You already have all {count} in your bag.');

/** The bag's lines that can no longer be bought, named: the English text and what translates it. */
const noLongerAvailable = (names: string[]) =>
  filledMessage(names.length > 1 ? NO_LONGER_AVAILABLE_MANY : NO_LONGER_AVAILABLE_ONE, {
    names: names.join(', '),
  });

/** Spec 4, 5 and 8: the bag's words. */
export const CART_MESSAGES = {
  title: msg('SHOPPING BAG ITEMS'),
  summary: msg('ORDER SUMMARY'),
  empty: msg('Your cart is empty.'),
  loadFailed: msg('Failed to load cart'),
  updateFailed: msg('Failed to update cart'),
  quantityFailed: msg('Failed to update quantity'),
  addFailed: msg('Failed to add item to cart'),
  added: msg('Item added to cart!'),
  selectOption: msg('Please select a size and color option.'),
  /** Issue 13: the error names what is missing when only one of the two is. */
  selectSize: msg('Please select a size.'),
  selectColor: msg('Please select a color.'),
  /** Issue 13: the quantity box, clamped to what is left. */
  quantityLeft: (count: number) => fillMessage(QUANTITY_LEFT, { count }),
  /** The same, translated: `t(CART_MESSAGES.quantityLeftMessage, { count })`. */
  quantityLeftMessage: QUANTITY_LEFT,
  /** Issue 13: a product with no option left, on its card, its page and the store page. */
  soldOut: SOLD_OUT_LABEL,
  selectProduct: msg('Please select a valid product.'),
  calculatedAtCheckout: msg('Calculated at checkout'),
  unavailable: msg('This option is no longer available.'),
  /**
   * 409 at checkout (issue 13): the bag's lines that can no longer be bought, by name (deleted,
   * unlisted, or sold out since they were added); the English text and what translates it.
   */
  noLongerAvailable,
  /** 409 at checkout: fewer units left than the line holds, naming the item (issue 13). */
  onlyLeftOf: (name: string, count: number) => filledMessage(ONLY_LEFT_OF, { count, name }),
  /** A bag line that can no longer be bought (issue 13). */
  lineUnavailable: msg('No longer available'),
  notInBag: msg('This item is not in your bag.'),
  onlyLeft: (count: number) => fillMessage(ONLY_LEFT, { count }),
  onlyLeftMessage: ONLY_LEFT,
  /**
   * Issue 39.22: more asked than is left, so what is left was added (the add's `notice`); the
   * English text and what translates it.
   */
  onlyAvailableAdded: (count: number) => filledMessage(ONLY_AVAILABLE_ADDED, { count }),
  onlyAvailableAddedMessage: ONLY_AVAILABLE_ADDED,
  /** 409 (issue 39.22): the bag already holds every unit left of the option. */
  alreadyAllInBag: (count: number) => filledMessage(ALREADY_ALL_IN_BAG, { count }),
  /** Shown on each bag line. */
  limitPerCustomer: (limit: number) => fillMessage(LIMIT_PER_CUSTOMER, { limit }),
  limitPerCustomerMessage: LIMIT_PER_CUSTOMER,
  /** 409: adding would pass the per-option limit. */
  overLimit: (limit: number, left: number) =>
    `Limit ${limit} per customer: you can add ${left} more of this option.`,
  oneCurrency: (bagCurrency: Currency) =>
    `Your bag is in ${bagCurrency}: check out or remove those items before adding items priced in another currency.`,
} as const;
