import type { OrderView } from '@marketplace/shared';

/** "Nov 24, 2026" / "24 nov. 2026": pass `formatDate` from useI18n(). */
export const ORDER_DATE: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
};

/** Spec 2: newest first by createdAt (the API's order is not relied on). */
export function newestFirst(orders: readonly OrderView[]): OrderView[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
