import { msg } from '../i18n/msg';

/**
 * What people read about sales tax (issue 15), once for the web app, emails and tests. The tax
 * lines' own labels ('HST 13 %') come with the API's answers (TaxLineView.label).
 */
export const SALES_TAX_MESSAGES = {
  /** Checkout, before the order has an address to tax by. */
  awaitingAddress: msg('Calculated once you enter your address'),
  /** Checkout, while a new address or method is being priced. */
  calculating: msg('Calculating…'),
  /** The screen reader's word while the summary is recomputed. */
  recalculating: msg('Updating the tax and total for your address…'),
  /** The screen reader's word once it is: the total is what the payment charges. */
  totalUpdated: msg('Total {total}, including {tax} tax.'),
  /** The summary row when the order carries no tax (an exempt item, a zero-rate place). */
  noTaxLabel: msg('Tax'),
  /** Spec 9 keeps 'Calculated at checkout' in the bag; this says from what. */
  bagNote: msg('Sales tax is added at checkout, from your shipping address.'),
  /** The seller's parcel: what the buyer paid in tax, and whose it is. */
  storeOrderTax: msg('Sales tax (collected for the marketplace)'),
  /** DESIGN 9: the payouts tab says plainly that tax never reaches the brand's accounts. */
  payoutsExcludeTax: msg(
    'Sales tax collected on your orders is the marketplace’s to remit to the tax authorities: it is never part of your gross, your commission or your net.',
  ),
} as const;
