import {
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  RETURN_POLICY,
  SHIPPING_POLICY,
} from '@marketplace/shared';

/** "$200 USD": whole dollars stay whole, others show cents. */
export function formatDollars(amount: number, currency?: string): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return `$${text}${currency ? ` ${currency}` : ''}`;
}

/** 0.029 -> "2.9%" (rounded to hide floating-point noise). */
export function formatPercent(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

export function formatCents(amount: number): string {
  return `${Math.round(amount * 100)} cents`;
}

export interface PolicySection {
  key: string;
  title: string;
  paragraphs: string[];
}

const {
  freeShippingThreshold,
  flatRatePerBrand,
  sellerReimbursementThreshold,
  sellerReimbursementShare,
} = SHIPPING_POLICY;

/** Spec 9's policy text, built from the shared constants so the numbers are stated once. */
export const POLICY_SECTIONS: PolicySection[] = [
  {
    key: 'delivery',
    title: 'Delivery Policy',
    paragraphs: [
      'We ship to the USA and Canada.',
      `Shipping is free on orders over ${formatDollars(freeShippingThreshold.USD, 'USD')} in the USA and over ${formatDollars(freeShippingThreshold.CAD, 'CAD')} in Canada. Below that, shipping costs ${formatDollars(flatRatePerBrand)} per brand in your order, because each brand ships its own parcel.`,
      'Expedited shipping is available for an extra fee, calculated at checkout.',
      'Shipping labels are white-labelled through our shipping partner, so your parcel arrives from the brand you bought from.',
    ],
  },
  {
    key: 'returns',
    title: 'Return Policy',
    paragraphs: [
      `You can return an item within ${RETURN_POLICY.returnWindowDays} days of delivery. Returns are free within the continental USA and Canada.`,
      `Once the brand receives your return, your refund is processed within ${RETURN_POLICY.refundProcessingWorkingDays} working days.`,
      `Please report faulty goods within ${RETURN_POLICY.faultyReportWindowDays} days of delivery. We cannot repair, replace or refund items owned for more than ${RETURN_POLICY.maxOwnershipMonths} months.`,
      'We do not offer size exchanges: return the item and order the size you need.',
    ],
  },
  {
    key: 'terms',
    title: 'Terms & Conditions',
    paragraphs: [
      `Brands selling on the marketplace pay a commission of ${formatPercent(COMMISSION.totalRate)} per sale: ${formatPercent(COMMISSION.paymentFeeRate)} + ${formatCents(COMMISSION.paymentFeeFixed)} covers the card payment provider and ${formatPercent(COMMISSION.marketplaceRate)} goes to the marketplace. Payouts are made every ${PAYOUT_PERIOD_DAYS} days (bi-weekly).`,
      `When an order does not reach the free-shipping threshold, the shopper pays ${formatDollars(flatRatePerBrand)} per brand and the brand covers the rest of the shipping cost. For orders under ${formatDollars(sellerReimbursementThreshold.CAD, 'CAD')} or ${formatDollars(sellerReimbursementThreshold.USD, 'USD')}, the marketplace reimburses the brand ${formatPercent(sellerReimbursementShare)} of the shipping fee.`,
      `The first ${LISTING_POLICY.freeListings} product listings are free; each listing after that costs ${formatCents(LISTING_POLICY.feePerListingAfterFree)}. Each listing can show up to ${LISTING_POLICY.maxPhotosPerPost} photos.`,
    ],
  },
  {
    key: 'cookies',
    title: 'Cookie Policy',
    paragraphs: [
      'We keep only what the site needs to work in your browser: your sign-in session, the city you chose and whether you closed the notice at the top of the page. We do not use advertising or tracking cookies.',
    ],
  },
  { key: 'privacy', title: 'Privacy Policy', paragraphs: [] },
];
