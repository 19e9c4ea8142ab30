import {
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  SHIPPING_POLICY,
  msg,
  type PayoutPeriod,
} from '@marketplace/shared';
import type { I18n } from '../../../i18n/i18n-context';

const DAY_MS = 24 * 60 * 60 * 1000;

type Formats = Pick<I18n, 'formatDate'>;

/** A calendar day of the payout schedule ('2026-01-05'), which is counted in UTC. */
function formatDay({ formatDate }: Formats, ms: number): string {
  return formatDate(new Date(ms), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A period's end is the day after its last day, and the day its payout is sent. */
export function formatPeriod(i18n: Formats, { start, end }: PayoutPeriod): string {
  return `${formatDay(i18n, Date.parse(start))} – ${formatDay(i18n, Date.parse(end) - DAY_MS)}`;
}

export const formatPayoutDate = (i18n: Formats, { end }: PayoutPeriod) =>
  formatDay(i18n, Date.parse(end));

const DAYS_PER_WEEK = 7;
const EVERY_WEEKS = msg('{weeks, plural, one {every week} other {every # weeks}}');
const EVERY_DAYS = msg('{days, plural, one {every day} other {every # days}}');

/** "every 2 weeks" (shared formatPayoutFrequency's English), in the page's language. */
export function payoutFrequency(t: I18n['t'], days: number): string {
  return days % DAYS_PER_WEEK === 0
    ? t(EVERY_WEEKS, { weeks: days / DAYS_PER_WEEK })
    : t(EVERY_DAYS, { days });
}

const { flatRatePerBrand, sellerReimbursementThreshold, sellerReimbursementShare } =
  SHIPPING_POLICY;

/** Spec 9's commission, shipping and payout rules, worded for the seller from the shared constants. */
export const PAYOUT_POLICY = msg(
  "Each sale carries a {totalRate} commission: {paymentFeeRate} + {paymentFeeFixed} for the card payment provider and {marketplaceRate} for the marketplace, charged on your sales after refunds. The shipping a buyer pays for your parcel comes to you, as you buy its label; when their order is under {thresholdCad} or {thresholdUsd}, the marketplace also reimburses {reimbursementShare} of the {flatRate} shipping fee. Payouts are sent {frequency}, for the {days} days before the payout date. Your first {freeListings} products are free to list; each product you create after that costs {listingFee}, taken from that period's payout.",
);

export function payoutPolicy({ t, formatMoney, formatPercent }: I18n): string {
  return t(PAYOUT_POLICY, {
    totalRate: formatPercent(COMMISSION.totalRate),
    paymentFeeRate: formatPercent(COMMISSION.paymentFeeRate),
    paymentFeeFixed: formatMoney(COMMISSION.paymentFeeFixed),
    marketplaceRate: formatPercent(COMMISSION.marketplaceRate),
    thresholdCad: formatMoney(sellerReimbursementThreshold.CAD, 'CAD'),
    thresholdUsd: formatMoney(sellerReimbursementThreshold.USD, 'USD'),
    reimbursementShare: formatPercent(sellerReimbursementShare),
    flatRate: formatMoney(flatRatePerBrand),
    frequency: payoutFrequency(t, PAYOUT_PERIOD_DAYS),
    days: PAYOUT_PERIOD_DAYS,
    freeListings: LISTING_POLICY.freeListings,
    listingFee: formatMoney(LISTING_POLICY.feePerListingAfterFree),
  });
}
