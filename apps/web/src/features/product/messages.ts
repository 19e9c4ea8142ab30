import { CART_MESSAGES, msg } from '@marketplace/shared';

/** Spec 2, 4, 5 and 8: what the product page says, word for word. */
export const PRODUCT_MESSAGES = {
  loading: msg('Loading product...'),
  notFound: msg('Product not found.'),
  loadFailed: msg('Could not load product.'),
  selectOption: CART_MESSAGES.selectOption,
  selectSize: CART_MESSAGES.selectSize,
  selectColor: CART_MESSAGES.selectColor,
  invalidProduct: CART_MESSAGES.selectProduct,
  added: CART_MESSAGES.added,
  addFailed: CART_MESSAGES.addFailed,
  soldOut: CART_MESSAGES.soldOut,
  quantityLeft: CART_MESSAGES.quantityLeftMessage,
  /** Only the store's owner is shown a product saved as not available. */
  unlisted: msg('Not listed: only you can see this product. Shoppers cannot find or buy it.'),
} as const;

/** Spec 4 "Add to cart button": the button's states. */
export const ADD_TO_CART_LABELS = {
  idle: msg('Add to Cart'),
  adding: msg('Adding…'),
  outOfStock: msg('Out of Stock'),
  added: msg('Added to Cart - Go to Checkout'),
} as const;
