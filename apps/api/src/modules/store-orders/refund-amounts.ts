import { sumCents, type Cents } from '@marketplace/shared';
import type {
  LockedStoreOrder,
  RefundTax,
  StoreOrderRecord,
  StoreTaxLine,
} from './store-orders.repository';

export type ItemRow = LockedStoreOrder['items'][number];

export const lineTotal = (item: { itemPriceCents: Cents; quantity: number }) =>
  (item.itemPriceCents * item.quantity) as Cents;

/** A recorded tax line, as a refund returns it (all of it). */
export const returned = (line: StoreTaxLine) => ({
  orderItemId: line.orderItemId,
  storeId: line.storeId,
  jurisdiction: line.jurisdiction,
  jurisdictionName: line.jurisdictionName,
  taxType: line.taxType,
  rate: line.rate,
  taxableAmountCents: line.taxableAmountCents,
  amountCents: line.amountCents,
});

/**
 * What refunding these items (and, with `shipping`, the parcel's shipping) returns: their
 * prices and exactly the tax recorded on them when the order was placed, never recomputed.
 * What it covers is what the tax provider's reversal takes back, in cents (its column stores
 * dollars, converted by the column type).
 */
export function refundOf(
  order: StoreOrderRecord,
  items: ItemRow[],
  taxLines: StoreTaxLine[],
  shipping: boolean,
): RefundTax & { amountCents: Cents } {
  const itemIds = new Set(items.map((i) => i.id));
  const lines = taxLines
    .filter((t) => (t.orderItemId === null ? shipping : itemIds.has(t.orderItemId)))
    .map(returned);
  const withShipping = shipping && (order.shippingCents > 0 || order.shippingTaxCents > 0);
  const covered = {
    lines: byTaxReference(items),
    shipping: withShipping
      ? [
          {
            reference: order.storeId,
            amountCents: order.shippingCents,
            taxCents: order.shippingTaxCents,
          },
        ]
      : [],
  };
  const taxCents = sumCents(...lines.map((l) => l.amountCents));
  const amountCents = sumCents(
    ...items.map(lineTotal),
    withShipping ? order.shippingCents : 0,
    taxCents,
  );
  return { amountCents, taxCents, covered, lines };
}

/**
 * The lines as the tax provider knows them: by the id of the line as ordered, so units split
 * off it for a return (issue 39.8) are one line with it, their amounts added in cents.
 */
function byTaxReference(items: ItemRow[]) {
  const lines = new Map<string, { amountCents: Cents; taxCents: Cents }>();
  for (const item of items) {
    const reference = String(item.splitFrom ?? item.id);
    const line = lines.get(reference);
    lines.set(reference, {
      amountCents: sumCents(line?.amountCents ?? 0, lineTotal(item)),
      taxCents: sumCents(line?.taxCents ?? 0, item.taxCents),
    });
  }
  return [...lines].map(([reference, amounts]) => ({ reference, ...amounts }));
}
