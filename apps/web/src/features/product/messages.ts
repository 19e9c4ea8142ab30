import { CART_MESSAGES } from '@marketplace/shared';

/** Spec 2, 4, 5 and 8: what the product page says, word for word. */
export const PRODUCT_MESSAGES = {
  loading: 'Loading product...',
  notFound: 'Product not found.',
  loadFailed: 'Could not load product.',
  selectOption: CART_MESSAGES.selectOption,
  selectSize: CART_MESSAGES.selectSize,
  selectColor: CART_MESSAGES.selectColor,
  invalidProduct: CART_MESSAGES.selectProduct,
  added: CART_MESSAGES.added,
  addFailed: CART_MESSAGES.addFailed,
  soldOut: CART_MESSAGES.soldOut,
  quantityLeft: CART_MESSAGES.quantityLeft,
  /** Only the store's owner is shown a product saved as not available. */
  unlisted: 'Not listed: only you can see this product. Shoppers cannot find or buy it.',
} as const;

/** Spec 4 "Add to cart button": the button's states. */
export const ADD_TO_CART_LABELS = {
  idle: 'Add to Cart',
  adding: 'Adding…',
  outOfStock: 'Out of Stock',
  added: 'Added to Cart - Go to Checkout',
} as const;
