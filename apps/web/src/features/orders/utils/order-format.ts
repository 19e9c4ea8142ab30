import type { OrderView } from '@marketplace/shared';

export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** Spec 2: newest first by createdAt (the API's order is not relied on). */
export function newestFirst(orders: readonly OrderView[]): OrderView[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
