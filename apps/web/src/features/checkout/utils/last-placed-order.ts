/**
 * The order this tab placed last. Back from the success page (or from Stripe's return) opens
 * /checkout again, whose bag is now empty: the page shows that order instead of a checkout
 * error (issue 13). Per tab, like the history Back walks through.
 */
const KEY = 'checkout:last-placed-order';

export function rememberPlacedOrder(orderId: string): void {
  try {
    sessionStorage.setItem(KEY, orderId);
  } catch {
    // Storage refused (private mode, quota): Back then shows the empty-bag message.
  }
}

export function lastPlacedOrder(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
