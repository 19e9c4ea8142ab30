import {
  COMMISSION,
  PAYOUT_MESSAGES,
  formatMoney,
  formatRate,
  type PayoutPeriod,
  type StorePayoutLedger,
} from '@marketplace/shared';
import { openPdf } from '../orders/shipping-label';

const PAGE: [number, number] = [612, 792]; // US Letter
const MARGIN = 48;

/**
 * A brand's statement of one period (issue 17.7): each order's sales, refunds and commission
 * split, shipping, listing fees and refunds after payout, tax excluded, the net and the transfer
 * reference. The DejaVu faces the labels use print any store or product name.
 */
export async function renderStatementPdf(
  ledger: StorePayoutLedger,
  period: PayoutPeriod,
  storeName: string,
): Promise<Buffer> {
  const { doc, print, regular, bold, finished } = await openPdf({
    size: PAGE,
    margin: MARGIN,
    title: `Statement ${period.start}`,
    author: storeName,
  });
  const width = PAGE[0] - 2 * MARGIN;
  const lastDay = new Date(Date.parse(`${period.end}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);

  doc
    .font(bold)
    .fontSize(16)
    .text(print(`Statement: ${storeName}`), { width });
  doc
    .font(regular)
    .fontSize(10)
    .text(`Period ${period.start} to ${lastDay}, paid on ${period.end}`);
  doc.text(
    `Commission ${formatRate(COMMISSION.totalRate)}: payment fee ${formatRate(COMMISSION.paymentFeeRate)} + ${formatMoney(COMMISSION.paymentFeeFixed)}, marketplace fee ${formatRate(COMMISSION.marketplaceRate)}. Sales tax is excluded: the marketplace collects and remits it.`,
    { width },
  );
  doc.moveDown();

  const inPeriod = (p: PayoutPeriod) => p.start === period.start;
  const totals = ledger.periods.filter((p) => inPeriod(p));
  if (totals.length === 0) doc.text(PAYOUT_MESSAGES.statementEmpty);
  for (const total of totals) {
    const money = (amount: number) => formatMoney(amount, total.currency);
    doc.font(bold).fontSize(12).text(`${total.currency}`);
    doc.font(regular).fontSize(9);
    for (const line of ledger.lines.filter(
      (l) => inPeriod(l.period) && l.currency === total.currency,
    )) {
      doc.font(bold).text(`Order #${line.reference}, ${line.placedAt.slice(0, 10)}`);
      doc.font(regular);
      doc.text(
        [
          `Sales ${money(line.sales)}`,
          `Refunded ${money(line.refunded)}`,
          `Payment fee -${money(line.paymentFee)}`,
          `Marketplace fee -${money(line.marketplaceFee)}`,
          `Shipping collected ${money(line.shippingCollected)}`,
          `Shipping reimbursement ${money(line.shippingReimbursement)}`,
          `Tax excluded ${money(line.taxCollected)}`,
          `Net ${money(line.net)}`,
        ].join(' · '),
        { width },
      );
    }
    const adjustments = ledger.adjustments.filter(
      (a) => inPeriod(a.period) && a.currency === total.currency,
    );
    if (adjustments.length > 0) doc.moveDown(0.5).font(bold).text('Adjustments');
    doc.font(regular);
    for (const adjustment of adjustments) {
      doc.text(
        print(
          `${PAYOUT_MESSAGES.adjustment[adjustment.kind]}: ${adjustment.description}, ${adjustment.date.slice(0, 10)}: ${money(adjustment.amount)}`,
        ),
        { width },
      );
    }
    doc.moveDown(0.5).font(bold).fontSize(10).text('Totals');
    doc.font(regular).fontSize(10);
    doc.text(`Orders: ${total.orders}`);
    doc.text(`Sales: ${money(total.sales)}`);
    doc.text(`Commission: -${money(total.commission)}`);
    doc.text(`Shipping adjustments: ${money(total.shipping)}`);
    doc.text(`Listing fees: ${money(total.listingFees)}`);
    doc.text(`Refunds after payout: ${money(total.refundsAfterPayout)}`);
    if (total.balanceCarried !== 0)
      doc.text(`Balance carried from earlier periods: ${money(total.balanceCarried)}`);
    doc.font(bold).text(`Net: ${money(total.net)}`);
    doc.font(regular);
    doc.text(
      total.payout?.status === 'CARRIED'
        ? `Nothing sent: ${money(total.payout.amount)} carried into the next payout`
        : total.payout
          ? `Transfer reference: ${total.payout.reference ?? 'pending'} (${total.payout.status.toLowerCase()}, ${money(total.payout.amount)})`
          : 'Transfer reference: not paid yet',
    );
    doc.moveDown();
  }
  doc.end();
  return finished;
}
