// The bag, checkout and orders: cart, shipping, the order and line states, the brand's side.
export * from './cart';
export * from './cart-messages';
export * from './shipping';
export * from './shipping-provider-messages';
export * from './checkout';
export * from './order-states';
export * from './store-orders';
