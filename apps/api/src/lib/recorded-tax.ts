import {
  fromCents,
  taxLineViews,
  toCents,
  type Cents,
  type TaxComponent,
  type TaxLineView,
} from '@marketplace/shared';

/** A tax line as the orders tables record it: the provider's component, its amounts in cents. */
export interface RecordedTax {
  jurisdiction: string;
  jurisdictionName: string;
  taxType: string;
  rate: number;
  taxableAmountCents: Cents;
  amountCents: Cents;
}

/** A recorded tax line as the tax providers and the shared formatting read it (dollars). */
const componentOf = (line: RecordedTax): TaxComponent => ({
  jurisdiction: line.jurisdiction,
  jurisdictionName: line.jurisdictionName,
  taxType: line.taxType as TaxComponent['taxType'],
  rate: line.rate,
  taxableAmount: fromCents(line.taxableAmountCents),
  amount: fromCents(line.amountCents),
});

/** A tax provider's component as a line to record, in cents. */
export const recordedOf = ({ taxableAmount, amount, ...component }: TaxComponent) => ({
  ...component,
  taxableAmountCents: toCents(taxableAmount),
  amountCents: toCents(amount),
});

/** Each recorded tax on its own line, as the checkout, My Orders and the mails show it. */
export const recordedTaxViews = (lines: readonly RecordedTax[]): TaxLineView[] =>
  taxLineViews(lines.map(componentOf));
