import { sumMoney, fromCents, toCents, type TaxComponent } from '@marketplace/shared';
import type {
  LockedStoreOrder,
  RefundTax,
  StoreOrderRecord,
  StoreTaxLine,
} from './store-orders.repository';

export type ItemRow = LockedStoreOrder['items'][number];

export const lineTotal = (item: { itemPrice: number; quantity: number }) =>
  (toCents(item.itemPrice) * item.quantity) / 100;

/** A recorded tax line, as a refund returns it (all of it) and the shared formatting reads it. */
export const returned = (line: StoreTaxLine) => ({
  orderItemId: line.orderItemId,
  storeId: line.storeId,
  jurisdiction: line.jurisdiction,
  jurisdictionName: line.jurisdictionName,
  taxType: line.taxType,
  rate: line.rate,
  taxableAmount: line.taxableAmount,
  amount: line.amount,
});

export const componentOf = (line: Omit<ReturnType<typeof returned>, 'orderItemId' | 'storeId'>) =>
  ({ ...line, taxType: line.taxType as TaxComponent['taxType'] }) satisfies TaxComponent;

/**
 * What refunding these items (and, with `shipping`, the parcel's shipping) returns: their
 * prices and exactly the tax recorded on them when the order was placed, never recomputed.
 */
export function refundOf(
  order: StoreOrderRecord,
  items: ItemRow[],
  taxLines: StoreTaxLine[],
  shipping: boolean,
): RefundTax & { amount: number } {
  const itemIds = new Set(items.map((i) => i.id));
  const lines = taxLines
    .filter((t) => (t.orderItemId === null ? shipping : itemIds.has(t.orderItemId)))
    .map(returned);
  const covered = {
    lines: byTaxReference(items),
    shipping:
      shipping && (order.shipping > 0 || order.shippingTax > 0)
        ? [{ reference: order.storeId, amount: order.shipping, tax: order.shippingTax }]
        : [],
  };
  const tax = sumMoney(...lines.map((l) => l.amount));
  const amount = sumMoney(
    ...covered.lines.map((l) => l.amount),
    ...covered.shipping.map((s) => s.amount),
    tax,
  );
  return { amount, tax, covered, lines };
}
/**
 * The lines as the tax provider knows them: by the id of the line as ordered, so units split
 * off it for a return (issue 39.8) are one line with it, their amounts added in cents.
 */
function byTaxReference(items: ItemRow[]): RefundTax['covered']['lines'] {
  const lines = new Map<string, { amount: number; tax: number }>();
  for (const item of items) {
    const reference = String(item.splitFrom ?? item.id);
    const line = lines.get(reference) ?? { amount: 0, tax: 0 };
    lines.set(reference, {
      amount: line.amount + toCents(lineTotal(item)),
      tax: line.tax + toCents(item.tax),
    });
  }
  return [...lines].map(([reference, { amount, tax }]) => ({
    reference,
    amount: fromCents(amount),
    tax: fromCents(tax),
  }));
}
