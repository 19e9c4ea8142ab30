import type { Currency } from '../constants';
import type { Cents } from '../money/cents';

/**
 * Sales tax (issue 15). The marketplace takes the payment, so it is the marketplace facilitator:
 * it charges, records and remits the tax on its brands' sales. Amounts are integer cents
 * (decision 052), under keys that say so; the JSON views (`taxLineViews`) write dollars.
 */

/** The taxes a line can carry: Canada's federal and provincial ones, a US state's and its localities'. */
export const TAX_TYPES = ['GST', 'HST', 'PST', 'QST', 'RST', 'STATE', 'LOCAL'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

/** How a garment is taxed: children's clothing is exempt or rebated in some provinces. */
export const TAX_CLASSES = ['clothing', 'childrens_clothing'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** Where the parcel goes: tax follows the destination. */
export interface TaxDestination {
  country: 'CA' | 'US';
  /** Province, territory or state code (BC, QC, NY, …). */
  province: string;
  city: string;
  postalCode: string;
}

export interface TaxableLine {
  /** The order item's id, as a string: what a reversal names later. */
  reference: string;
  /** The brand whose parcel the line ships in. */
  storeId: string;
  unitPriceCents: Cents;
  quantity: number;
  taxClass: TaxClass;
}

/** One brand's parcel: its shipping charge is taxed like the goods it carries, where shipping is taxable. */
export interface TaxableShipping {
  /** The brand's store id. */
  reference: string;
  amountCents: Cents;
}

/** One tax on one line or one parcel's shipping. */
export interface TaxComponent {
  /** 'CA' (federal), 'CA-ON', 'US-NY', 'US-NY-NEW YORK CITY', … */
  jurisdiction: string;
  /** How people name it: 'Canada', 'Ontario', 'New York City'. */
  jurisdictionName: string;
  taxType: TaxType;
  /** A fraction (0.09975 for 9.975 %), exact to 6 decimals. */
  rate: number;
  /** The amount the rate applied to (0 when exempt). */
  taxableAmountCents: Cents;
  amountCents: Cents;
}

export interface TaxedAmount {
  reference: string;
  /** The sum of the components. */
  taxCents: Cents;
  components: TaxComponent[];
}

export interface TaxCalculation {
  currency: Currency;
  lines: TaxedAmount[];
  shipping: TaxedAmount[];
  /** Every line's and parcel's tax: what the order adds to its subtotal and shipping. */
  totalCents: Cents;
  /** The provider's id of this calculation (Stripe Tax's `taxcalc_…`); null for the built-in one. */
  providerReference: string | null;
}
