/** Spec 2, 4, 5 and 8: what the product page says, word for word. */
export const PRODUCT_MESSAGES = {
  loading: 'Loading product...',
  notFound: 'Product not found.',
  loadFailed: 'Could not load product.',
  selectOption: 'Please select a size and color option.',
  invalidProduct: 'Please select a valid product.',
  added: 'Item added to cart!',
  addFailed: 'Failed to add item to cart',
} as const;

/** Spec 4 "Add to cart button": the button's states. */
export const ADD_TO_CART_LABELS = {
  idle: 'Add to Cart',
  adding: 'Adding…',
  outOfStock: 'Out of Stock',
  added: 'Added to Cart - Go to Checkout',
} as const;
