import {
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  SHIPPING_POLICY,
  formatMoney,
} from '@marketplace/shared';

const DAYS_PER_WEEK = 7;

/** 0.029 → "2.9%": rates read as people say them, without trailing zeros. */
export function formatRate(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}

/** "every 2 weeks" when the period is whole weeks, otherwise "every N days". */
export function formatPayoutPeriod(days: number): string {
  if (days % DAYS_PER_WEEK !== 0) return `every ${days} days`;
  const weeks = days / DAYS_PER_WEEK;
  return weeks === 1 ? 'every week' : `every ${weeks} weeks`;
}

/** Spec 9's policy constants, worded for a brand deciding whether to sell here. */
export const SELLER_FIGURES = {
  commission: formatRate(COMMISSION.totalRate),
  paymentFee: `${formatRate(COMMISSION.paymentFeeRate)} + ${formatMoney(COMMISSION.paymentFeeFixed)}`,
  marketplaceFee: formatRate(COMMISSION.marketplaceRate),
  freeListings: LISTING_POLICY.freeListings,
  listingFee: formatMoney(LISTING_POLICY.feePerListingAfterFree),
  photosPerProduct: LISTING_POLICY.maxPhotosPerPost,
  payoutPeriod: formatPayoutPeriod(PAYOUT_PERIOD_DAYS),
  payoutDays: PAYOUT_PERIOD_DAYS,
  freeShippingUsd: formatMoney(SHIPPING_POLICY.freeShippingThreshold.USD, 'USD'),
  freeShippingCad: formatMoney(SHIPPING_POLICY.freeShippingThreshold.CAD, 'CAD'),
  flatRate: formatMoney(SHIPPING_POLICY.flatRatePerBrand),
  reimbursementUsd: formatMoney(SHIPPING_POLICY.sellerReimbursementThreshold.USD, 'USD'),
  reimbursementCad: formatMoney(SHIPPING_POLICY.sellerReimbursementThreshold.CAD, 'CAD'),
  reimbursementShare: formatRate(SHIPPING_POLICY.sellerReimbursementShare),
} as const;
