import {
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  SHIPPING_POLICY,
  formatMoney,
  formatPayoutFrequency,
  formatRate,
} from '@marketplace/shared';

/** Spec 9's policy constants, worded for a brand deciding whether to sell here. */
export const SELLER_FIGURES = {
  commission: formatRate(COMMISSION.totalRate),
  paymentFee: `${formatRate(COMMISSION.paymentFeeRate)} + ${formatMoney(COMMISSION.paymentFeeFixed)}`,
  marketplaceFee: formatRate(COMMISSION.marketplaceRate),
  freeListings: LISTING_POLICY.freeListings,
  listingFee: formatMoney(LISTING_POLICY.feePerListingAfterFree),
  photosPerProduct: LISTING_POLICY.maxPhotosPerPost,
  payoutPeriod: formatPayoutFrequency(PAYOUT_PERIOD_DAYS),
  payoutDays: PAYOUT_PERIOD_DAYS,
  freeShippingUsd: formatMoney(SHIPPING_POLICY.freeShippingThreshold.USD, 'USD'),
  freeShippingCad: formatMoney(SHIPPING_POLICY.freeShippingThreshold.CAD, 'CAD'),
  flatRate: formatMoney(SHIPPING_POLICY.flatRatePerBrand),
  reimbursementUsd: formatMoney(SHIPPING_POLICY.sellerReimbursementThreshold.USD, 'USD'),
  reimbursementCad: formatMoney(SHIPPING_POLICY.sellerReimbursementThreshold.CAD, 'CAD'),
  reimbursementShare: formatRate(SHIPPING_POLICY.sellerReimbursementShare),
} as const;
