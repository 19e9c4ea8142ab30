import { msg } from './i18n/msg';

/**
 * Issue 19: the words of the documents the API draws (the shipping label, the payout statement)
 * in the language of the person downloading them. Names, addresses, carriers, tracking numbers,
 * references and ISO dates stay as they are; amounts use the locale's money format.
 */
export const LABEL_MESSAGES = {
  title: msg('Shipping label {reference}'),
  from: msg('FROM'),
  shipTo: msg('SHIP TO'),
  order: msg('Order {reference}'),
  /** The service, the item count and the weight, e.g. "Standard · 3 items · 6.0 lb". */
  parcel: msg(
    '{method, select, EXPRESS {Express} other {Standard}} · {items, plural, one {# item} other {# items}} · {weight} lb',
  ),
  tracking: msg('TRACKING'),
} as const;

export const STATEMENT_MESSAGES = {
  title: msg('Statement {start}'),
  heading: msg('Statement: {storeName}'),
  period: msg('Period {start} to {end}, paid on {paidOn}'),
  commission: msg(
    'Commission {totalRate}: payment fee {paymentFeeRate} + {paymentFeeFixed}, marketplace fee {marketplaceRate}. Sales tax is excluded: the marketplace collects and remits it.',
  ),
  order: msg('Order #{reference}, {date}'),
  sales: msg('Sales {amount}'),
  refunded: msg('Refunded {amount}'),
  paymentFee: msg('Payment fee -{amount}'),
  marketplaceFee: msg('Marketplace fee -{amount}'),
  shippingCollected: msg('Shipping collected {amount}'),
  shippingReimbursement: msg('Shipping reimbursement {amount}'),
  taxExcluded: msg('Tax excluded {amount}'),
  net: msg('Net {amount}'),
  adjustments: msg('Adjustments'),
  totals: msg('Totals'),
  totalOrders: msg('Orders: {count}'),
  totalSales: msg('Sales: {amount}'),
  totalCommission: msg('Commission: -{amount}'),
  totalShipping: msg('Shipping adjustments: {amount}'),
  totalListingFees: msg('Listing fees: {amount}'),
  totalRefundsAfterPayout: msg('Refunds after payout: {amount}'),
  totalBalanceCarried: msg('Balance carried from earlier periods: {amount}'),
  totalNet: msg('Net: {amount}'),
  nothingSent: msg('Nothing sent: {amount} carried into the next payout'),
  transfer: msg(
    'Transfer reference: {reference} ({status, select, PAID {paid} CARRIED {carried} other {pending}}, {amount})',
  ),
  transferPending: msg('pending'),
  notPaidYet: msg('Transfer reference: not paid yet'),
  csvTitle: msg('Statement of {storeName}, {start} to {end} (exclusive)'),
  /** The CSV's heading row, one column name after another (the columns' order is fixed). */
  csvHeadings: msg(
    'type,date,reference,currency,sales,refunded,payment_fee,marketplace_fee,shipping_collected,shipping_reimbursement,listing_fee,refund_after_payout,balance_carried,tax_excluded,net',
  ),
} as const;
