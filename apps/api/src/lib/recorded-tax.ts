import { taxLineViews, type Cents, type TaxComponent, type TaxLineView } from '@marketplace/shared';

/**
 * A tax line as the orders tables record it: a provider's component as it came, in cents
 * (decision 052), its tax type read back as text.
 */
export interface RecordedTax {
  jurisdiction: string;
  jurisdictionName: string;
  taxType: string;
  rate: number;
  taxableAmountCents: Cents;
  amountCents: Cents;
}

/** A recorded tax line as the shared formatting reads it: the component it was recorded from. */
const componentOf = (line: RecordedTax): TaxComponent => ({
  jurisdiction: line.jurisdiction,
  jurisdictionName: line.jurisdictionName,
  taxType: line.taxType as TaxComponent['taxType'],
  rate: line.rate,
  taxableAmountCents: line.taxableAmountCents,
  amountCents: line.amountCents,
});

/** Each recorded tax on its own line, as the checkout, My Orders and the mails show it. */
export const recordedTaxViews = (lines: readonly RecordedTax[]): TaxLineView[] =>
  taxLineViews(lines.map(componentOf));
