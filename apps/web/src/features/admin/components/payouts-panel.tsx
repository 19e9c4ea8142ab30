import {
  SALES_TAX_MESSAGES,
  STORE_ORDER_MESSAGES,
  formatMoney,
  type PayoutLine,
  type PayoutPeriodTotal,
} from '@marketplace/shared';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PageLoader } from '../../../components/ui/page-loader';
import { useStorePayouts } from '../api/get-store-payouts';
import { PAYOUT_POLICY, formatPayoutDate, formatPeriod } from '../utils/payouts';
import { formatDate } from '../utils/store-orders';

function PayoutPeriodsTable({ periods }: { periods: PayoutPeriodTotal[] }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label="Payout periods" tabIndex={0}>
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Payout date</th>
            <th scope="col">Currency</th>
            <th scope="col" className="text-end">
              Orders
            </th>
            <th scope="col" className="text-end">
              Sales
            </th>
            <th scope="col" className="text-end">
              Commission
            </th>
            <th scope="col" className="text-end">
              Shipping
            </th>
            <th scope="col" className="text-end">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={`${period.start}-${period.currency}`}>
              <th scope="row" className="text-nowrap">
                {formatPeriod(period)}
              </th>
              <td className="text-nowrap">{formatPayoutDate(period)}</td>
              <td>{period.currency}</td>
              <td className="text-end">{period.orders}</td>
              <td className="text-end price text-nowrap">{formatMoney(period.sales)}</td>
              <td className="text-end price text-nowrap">{formatMoney(period.commission)}</td>
              <td className="text-end price text-nowrap">{formatMoney(period.shipping)}</td>
              <td className="text-end price text-nowrap fw-semibold">{formatMoney(period.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sales tax a buyer paid on the order (less tax refunded): shown, but not the brand's. */
export const TAX_COLUMN = 'Tax collected (the marketplace remits it)';

/** An order's payout line, column by column (net comes last, in bold). */
const LINE_AMOUNTS: { heading: string; amount: (line: PayoutLine) => number }[] = [
  { heading: 'Sales', amount: (line) => line.sales },
  { heading: 'Payment fee', amount: (line) => line.paymentFee },
  { heading: 'Marketplace fee', amount: (line) => line.marketplaceFee },
  { heading: 'Shipping collected', amount: (line) => line.shippingCollected },
  { heading: 'Reimbursement', amount: (line) => line.shippingReimbursement },
  { heading: 'Refunded', amount: (line) => line.refunded },
];

function PayoutLinesTable({ lines }: { lines: PayoutLine[] }) {
  return (
    <div className="admin-table-scroll" role="region" aria-label="Payouts by order" tabIndex={0}>
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            {LINE_AMOUNTS.map(({ heading }) => (
              <th key={heading} scope="col" className="text-end">
                {heading}
              </th>
            ))}
            <th scope="col" className="text-end">
              Net
            </th>
            {/* Issue 15: beside the payout, never in it; the marketplace remits it. */}
            <th scope="col" className="text-end">
              {TAX_COLUMN}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.storeOrderId}>
              <th scope="row">#{line.reference}</th>
              <td className="text-nowrap">
                <time dateTime={line.placedAt}>{formatDate(line.placedAt)}</time>
              </td>
              {LINE_AMOUNTS.map(({ heading, amount }) => (
                <td key={heading} className="text-end price text-nowrap">
                  {formatMoney(amount(line), line.currency)}
                </td>
              ))}
              <td className="text-end price text-nowrap fw-semibold">
                {formatMoney(line.net, line.currency)}
              </td>
              <td className="text-end price text-nowrap text-secondary">
                {formatMoney(line.taxCollected, line.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Payouts: what each period pays the store, and how each order adds to it (spec 9). */
export function PayoutsPanel() {
  const payouts = useStorePayouts();

  let content;
  if (payouts.isPending) {
    content = <PageLoader label="Loading payouts…" />;
  } else if (payouts.isError) {
    content = (
      <Alert variant="danger" className="admin-panel__alert">
        <span>{STORE_ORDER_MESSAGES.payoutsFailed}</span>
        <Button variant="outline-primary" size="sm" onClick={() => void payouts.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (payouts.data.lines.length === 0) {
    content = (
      <div className="empty-state">
        <p className="mb-1">No payouts yet.</p>
        <p className="text-secondary mb-0">
          Each order you receive shows here with its fees, and adds to the payout of its period.
        </p>
      </div>
    );
  } else {
    content = (
      <>
        <h3 className="admin-panel__subtitle">By period</h3>
        <PayoutPeriodsTable periods={payouts.data.periods} />
        <h3 className="admin-panel__subtitle">By order</h3>
        <PayoutLinesTable lines={payouts.data.lines} />
      </>
    );
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2 className="section-title mb-0">Payouts</h2>
      </div>
      <p className="admin-panel__intro">{PAYOUT_POLICY}</p>
      <p className="admin-panel__intro">{SALES_TAX_MESSAGES.payoutsExcludeTax}</p>
      {content}
    </div>
  );
}
