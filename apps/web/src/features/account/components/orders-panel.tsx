import type { ReactNode } from 'react';

/**
 * The My Orders pill. Its content (the order history) is another feature's, so the page
 * composes it and hands it in (features never import each other).
 */
export function OrdersPanel({ children }: { children: ReactNode }) {
  return <div className="orders-panel">{children}</div>;
}
