import {
  COMMISSION,
  PAYOUT_MESSAGES,
  STATEMENT_MESSAGES,
  formatMoneyIn,
  formatPercentIn,
  formatRate,
  fromCents,
  type Cents,
  type Locale,
  type PayoutCentsLedger,
  type PayoutPeriod,
} from '@marketplace/shared';
import { translatorFor } from '../../lib/translator';
import { openPdf } from '../../lib/pdf';

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 48;

/**
 * A brand's statement of one period (issue 17.7): each order's sales, refunds and commission
 * split, shipping, listing fees and refunds after payout, tax excluded, the net and the transfer
 * reference. The DejaVu faces the labels use print any store or product name.
 */
export async function renderStatementPdf(
  ledger: PayoutCentsLedger,
  period: PayoutPeriod,
  storeName: string,
  locale: Locale = 'en',
): Promise<Buffer> {
  const { t } = translatorFor(locale);
  const M = STATEMENT_MESSAGES;
  // English keeps its "2.9%"; French writes "2,9 %".
  const rate = (value: number) =>
    locale === 'en' ? formatRate(value) : formatPercentIn(locale, value);
  const { doc, print, regular, bold, finished } = await openPdf({
    size: PAGE,
    margin: MARGIN,
    title: t(M.title, { start: period.start }),
    author: storeName,
  });
  const width = PAGE[0] - 2 * MARGIN;
  const lastDay = new Date(Date.parse(`${period.end}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);

  doc
    .font(bold)
    .fontSize(16)
    .text(print(t(M.heading, { storeName })), { width });
  doc
    .font(regular)
    .fontSize(10)
    .text(t(M.period, { start: period.start, end: lastDay, paidOn: period.end }));
  doc.text(
    t(M.commission, {
      totalRate: rate(COMMISSION.totalRate),
      paymentFeeRate: rate(COMMISSION.paymentFeeRate),
      paymentFeeFixed: formatMoneyIn(locale, COMMISSION.paymentFeeFixed),
      marketplaceRate: rate(COMMISSION.marketplaceRate),
    }),
    { width },
  );
  doc.moveDown();

  const inPeriod = (p: PayoutPeriod) => p.start === period.start;
  const totals = ledger.periods.filter((p) => inPeriod(p));
  if (totals.length === 0) doc.text(t(PAYOUT_MESSAGES.statementEmpty));
  for (const total of totals) {
    // The PDF's one conversion: cents written as the locale writes dollars.
    const money = (cents: Cents) => formatMoneyIn(locale, fromCents(cents), total.currency);
    doc.font(bold).fontSize(12).text(`${total.currency}`);
    doc.font(regular).fontSize(9);
    for (const line of ledger.lines.filter(
      (l) => inPeriod(l.period) && l.currency === total.currency,
    )) {
      doc
        .font(bold)
        .text(t(M.order, { reference: line.reference, date: line.placedAt.slice(0, 10) }));
      doc.font(regular);
      doc.text(
        [
          t(M.sales, { amount: money(line.salesCents) }),
          t(M.refunded, { amount: money(line.refundedCents) }),
          t(M.paymentFee, { amount: money(line.paymentFeeCents) }),
          t(M.marketplaceFee, { amount: money(line.marketplaceFeeCents) }),
          t(M.shippingCollected, { amount: money(line.shippingCollectedCents) }),
          t(M.shippingReimbursement, { amount: money(line.shippingReimbursementCents) }),
          t(M.taxExcluded, { amount: money(line.taxCollectedCents) }),
          t(M.net, { amount: money(line.netCents) }),
        ].join(' · '),
        { width },
      );
    }
    const adjustments = ledger.adjustments.filter(
      (a) => inPeriod(a.period) && a.currency === total.currency,
    );
    if (adjustments.length > 0) doc.moveDown(0.5).font(bold).text(t(M.adjustments));
    doc.font(regular);
    for (const adjustment of adjustments) {
      doc.text(
        print(
          `${t(PAYOUT_MESSAGES.adjustment[adjustment.kind])}: ${adjustment.description}, ${adjustment.date.slice(0, 10)}: ${money(adjustment.amountCents)}`,
        ),
        { width },
      );
    }
    doc.moveDown(0.5).font(bold).fontSize(10).text(t(M.totals));
    doc.font(regular).fontSize(10);
    doc.text(t(M.totalOrders, { count: total.orders }));
    doc.text(t(M.totalSales, { amount: money(total.salesCents) }));
    doc.text(t(M.totalCommission, { amount: money(total.commissionCents) }));
    doc.text(t(M.totalShipping, { amount: money(total.shippingCents) }));
    doc.text(t(M.totalListingFees, { amount: money(total.listingFeesCents) }));
    doc.text(t(M.totalRefundsAfterPayout, { amount: money(total.refundsAfterPayoutCents) }));
    if (total.balanceCarriedCents !== 0)
      doc.text(t(M.totalBalanceCarried, { amount: money(total.balanceCarriedCents) }));
    doc.font(bold).text(t(M.totalNet, { amount: money(total.netCents) }));
    doc.font(regular);
    doc.text(
      total.payout?.status === 'CARRIED'
        ? t(M.nothingSent, { amount: money(total.payout.amountCents) })
        : total.payout
          ? t(M.transfer, {
              reference: total.payout.reference ?? t(M.transferPending),
              status: total.payout.status,
              amount: money(total.payout.amountCents),
            })
          : t(M.notPaidYet),
    );
    doc.moveDown();
  }
  doc.end();
  return finished;
}
