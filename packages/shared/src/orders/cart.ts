import { z } from 'zod';
import { CURRENCIES, MAX_RECORD_ID } from '../constants';

export const MAX_QUANTITY_PER_LINE = 99;

/**
 * What one account may hold (issue 14: one buyer held a store's whole stock without paying).
 * Defaults: the API's configuration may change them (PURCHASE_LIMIT_* in the README).
 */
export interface PurchaseLimits {
  /** Units of one option in one account's bag, and so in its checkout. */
  unitsPerOption: number;
  /** The most one checkout may charge (its total, in the order's currency). */
  checkoutAmount: number;
}
export const PURCHASE_LIMITS: PurchaseLimits = { unitsPerOption: 10, checkoutAmount: 5_000 };

/**
 * How often a buyer's hold of the same options may lapse unpaid within an hour before they can
 * no longer check those options out again that hour (the next checkout would renew it).
 */
export const LAPSED_HOLDS_PER_HOUR = 2;

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
export const cartItemSchema = z.object({
  itemId: z.number().int(),
  itemOptionId: z.number().int(),
  itemName: z.string(),
  thumbnail: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  /** The unit price paid: the option's or product's price less its sale. */
  itemPrice: z.number(),
  /** The unit price before the sale, for the struck-through display. */
  originalPrice: z.number(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  store: z.string(),
  /** What can still be added: stock minus live reservations, within the per-customer limit. */
  available: z.number().int(),
  /** The most units of this option one customer may have (PurchaseLimits.unitsPerOption). */
  limit: z.number().int(),
  /**
   * The product was deleted or unlisted, or the option unlisted or sold out, since the line was
   * added (issue 13): shown greyed with Remove, left out of the subtotal and of checkout.
   */
  unavailable: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** Sum of itemPrice × quantity over the lines that can be bought, to the cent. */
  subtotal: z.number(),
  currency: z.enum(CURRENCIES).nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * POST /orders/cart/add's answer: the bag, and when fewer units were added than asked (only
 * those were left, issue 39.22) what was done, in the reader's language.
 */
export const addedToCartSchema = cartSchema.extend({
  notice: z.string().optional(),
});
export type AddedToCart = z.infer<typeof addedToCartSchema>;
