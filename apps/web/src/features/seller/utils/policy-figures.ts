import {
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  SHIPPING_POLICY,
  msg,
} from '@marketplace/shared';
import type { I18n } from '../../../i18n/i18n-context';

const DAYS_PER_WEEK = 7;
const EVERY_WEEKS = msg('{weeks, plural, one {every week} other {every # weeks}}');
const EVERY_DAYS = msg('{days, plural, one {every day} other {every # days}}');
const WEEKS = msg('{weeks, plural, one {week} other {# weeks}}');
const DAYS = msg('{days, plural, one {day} other {# days}}');

/** Spec 9's policy constants, worded for a brand deciding whether to sell here, in the page's language. */
export function sellerFigures({ t, formatMoney, formatPercent }: I18n) {
  const weeks = PAYOUT_PERIOD_DAYS % DAYS_PER_WEEK === 0 ? PAYOUT_PERIOD_DAYS / DAYS_PER_WEEK : 0;
  return {
    commission: formatPercent(COMMISSION.totalRate),
    paymentFee: `${formatPercent(COMMISSION.paymentFeeRate)} + ${formatMoney(COMMISSION.paymentFeeFixed)}`,
    marketplaceFee: formatPercent(COMMISSION.marketplaceRate),
    freeListings: LISTING_POLICY.freeListings,
    listingFee: formatMoney(LISTING_POLICY.feePerListingAfterFree),
    photosPerProduct: LISTING_POLICY.maxPhotosPerPost,
    /** "every 2 weeks" (shared formatPayoutFrequency's English). */
    payoutPeriod: weeks ? t(EVERY_WEEKS, { weeks }) : t(EVERY_DAYS, { days: PAYOUT_PERIOD_DAYS }),
    /** "2 weeks": the time between payouts. */
    payoutSpan: weeks ? t(WEEKS, { weeks }) : t(DAYS, { days: PAYOUT_PERIOD_DAYS }),
    payoutDays: PAYOUT_PERIOD_DAYS,
    freeShippingUsd: formatMoney(SHIPPING_POLICY.freeShippingThreshold.USD, 'USD'),
    freeShippingCad: formatMoney(SHIPPING_POLICY.freeShippingThreshold.CAD, 'CAD'),
    flatRate: formatMoney(SHIPPING_POLICY.flatRatePerBrand),
    reimbursementUsd: formatMoney(SHIPPING_POLICY.sellerReimbursementThreshold.USD, 'USD'),
    reimbursementCad: formatMoney(SHIPPING_POLICY.sellerReimbursementThreshold.CAD, 'CAD'),
    reimbursementShare: formatPercent(SHIPPING_POLICY.sellerReimbursementShare),
  };
}
