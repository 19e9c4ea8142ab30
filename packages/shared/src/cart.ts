import { z } from 'zod';
import { MAX_RECORD_ID, type Currency } from './constants';

export const MAX_QUANTITY_PER_LINE = 99;

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
  selectProduct: 'Please select a valid product.',
  calculatedAtCheckout: 'Calculated at checkout',
  unavailable: 'This option is no longer available.',
  notInBag: 'This item is not in your bag.',
  onlyLeft: (count: number) => `Only ${count} left in stock.`,
  oneCurrency: (bagCurrency: Currency) =>
    `Your bag is in ${bagCurrency}: check out or remove those items before adding items priced in another currency.`,
} as const;

const line = {
  itemId: z.number().int().positive().max(MAX_RECORD_ID),
  itemOptionId: z.number().int().positive().max(MAX_RECORD_ID),
};

/** POST /orders/cart/add (spec 7). */
export const addToCartSchema = z
  .object({
    ...line,
    quantity: z
      .number()
      .int('Quantity must be a whole number.')
      .min(1, 'Quantity must be at least 1.')
      .max(MAX_QUANTITY_PER_LINE, `Quantity must be at most ${MAX_QUANTITY_PER_LINE}.`)
      .default(1),
  })
  .strict();
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** DELETE /orders/cart/remove (spec 7): takes `quantity` units off the line; the line goes at 0. */
export const removeFromCartSchema = addToCartSchema;
export type RemoveFromCartInput = z.input<typeof removeFromCartSchema>;

/** A line of the bag (spec 3 "Cart"), plus what the bag page shows. */
export interface CartItem {
  itemId: number;
  itemOptionId: number;
  itemName: string;
  thumbnail: string | null;
  currency: Currency;
  /** The unit price paid: the option's or product's price less its sale. */
  itemPrice: number;
  /** The unit price before the sale, for the struck-through display. */
  originalPrice: number;
  size: string;
  color: string;
  quantity: number;
  store: string;
  /** What can still be added (stock minus live reservations). */
  available: number;
}

export interface Cart {
  items: CartItem[];
  /** Sum of itemPrice × quantity, to the cent. */
  subtotal: number;
  currency: Currency | null;
}
