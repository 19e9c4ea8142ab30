import {
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  SHIPPING_POLICY,
  formatMoney,
  formatPayoutFrequency,
  formatRate,
  type PayoutPeriod,
} from '@marketplace/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day of the payout schedule ('2026-01-05'), which is counted in UTC. */
function formatDay(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A period's end is the day after its last day, and the day its payout is sent. */
export function formatPeriod({ start, end }: PayoutPeriod): string {
  return `${formatDay(Date.parse(start))} – ${formatDay(Date.parse(end) - DAY_MS)}`;
}

export const formatPayoutDate = ({ end }: PayoutPeriod) => formatDay(Date.parse(end));

const { flatRatePerBrand, sellerReimbursementThreshold, sellerReimbursementShare } =
  SHIPPING_POLICY;

/** Spec 9's commission, shipping and payout rules, worded for the seller from the shared constants. */
export const PAYOUT_POLICY =
  `Each sale carries a ${formatRate(COMMISSION.totalRate)} commission: ` +
  `${formatRate(COMMISSION.paymentFeeRate)} + ${formatMoney(COMMISSION.paymentFeeFixed)} for the card payment provider ` +
  `and ${formatRate(COMMISSION.marketplaceRate)} for the marketplace, charged on your sales after refunds. ` +
  `The shipping a buyer pays for your parcel comes to you, as you buy its label; when their order is under ` +
  `${formatMoney(sellerReimbursementThreshold.CAD, 'CAD')} or ${formatMoney(sellerReimbursementThreshold.USD, 'USD')}, ` +
  `the marketplace also reimburses ${formatRate(sellerReimbursementShare)} of the ${formatMoney(flatRatePerBrand)} shipping fee. ` +
  `Payouts are sent ${formatPayoutFrequency(PAYOUT_PERIOD_DAYS)}, for the ${PAYOUT_PERIOD_DAYS} days before the payout date. ` +
  `Your first ${LISTING_POLICY.freeListings} products are free to list; each product you create after that ` +
  `costs ${formatMoney(LISTING_POLICY.feePerListingAfterFree)}, taken from that period's payout.`;
