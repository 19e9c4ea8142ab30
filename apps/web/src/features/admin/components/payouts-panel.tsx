import {
  PAYOUT_MESSAGES,
  SALES_TAX_MESSAGES,
  STORE_ORDER_MESSAGES,
  msg,
  payoutPeriodOf,
  type PayoutAdjustment,
  type PayoutLine,
  type PayoutPeriodTotals,
} from '@marketplace/shared';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n, type I18n } from '../../../i18n/i18n-context';
import { toast } from '../../../lib/toast';
import { useStorePayouts } from '../api/get-store-payouts';
import { usePayoutAccount, useStartOnboarding, useStatementDownload } from '../api/payout-account';
import { formatPayoutDate, formatPeriod, payoutPolicy } from '../utils/payouts';
import { serverMessageOr } from '../utils/store-orders';

function PayoutCell({ period }: { period: PayoutPeriodTotals }) {
  const { t } = useI18n();
  if (!period.payout) return <span className="text-secondary">{t('Not paid yet')}</span>;
  const { status, reference } = period.payout;
  if (status === 'CARRIED')
    return <span className="fw-semibold">{t(PAYOUT_MESSAGES.carriedToNextPayout)}</span>;
  return (
    <>
      <span className="fw-semibold">{status === 'PAID' ? t('Paid') : t('Sending')}</span>
      {reference && <span className="d-block small text-secondary text-break">{reference}</span>}
    </>
  );
}

function StatementButtons({ period }: { period: PayoutPeriodTotals }) {
  const statement = useStatementDownload();
  const i18n = useI18n();
  const { t } = i18n;
  const download = (format: 'pdf' | 'csv') =>
    statement.mutate(
      { start: period.start, format },
      {
        onError: (error) => toast.error(t(serverMessageOr(error, PAYOUT_MESSAGES.statementFailed))),
      },
    );
  const label = formatPeriod(i18n, period);
  return (
    <div className="d-flex gap-1">
      {(['pdf', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="outline-secondary"
          size="sm"
          disabled={statement.isPending}
          aria-label={t('{format} statement, {period}', {
            format: format.toUpperCase(),
            period: label,
          })}
          onClick={() => download(format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}

function PayoutPeriodsTable({ periods }: { periods: PayoutPeriodTotals[] }) {
  const i18n = useI18n();
  const { t, formatMoney } = i18n;
  const formatSigned = signedMoney(i18n);
  return (
    <div className="admin-table-scroll" role="region" aria-label={t('Payout periods')} tabIndex={0}>
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">{t('Period')}</th>
            <th scope="col">{t('Payout date')}</th>
            <th scope="col">{t('Currency')}</th>
            <th scope="col" className="text-end">
              {t('Orders')}
            </th>
            <th scope="col" className="text-end">
              {t('Sales')}
            </th>
            <th scope="col" className="text-end">
              {t('Commission')}
            </th>
            <th scope="col" className="text-end">
              {t('Shipping')}
            </th>
            <th scope="col" className="text-end">
              {t('Listing fees')}
            </th>
            <th scope="col" className="text-end">
              {t('Refunds after payout')}
            </th>
            <th scope="col" className="text-end">
              {t('Balance carried')}
            </th>
            <th scope="col" className="text-end">
              {t('Net')}
            </th>
            <th scope="col">{t('Payout')}</th>
            {/* Pinned to the right edge: a phone reaches the statements without scrolling. */}
            <th scope="col" className="admin-table__pinned">
              {t('Statement')}
            </th>
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={`${period.start}-${period.currency}`}>
              <th scope="row" className="text-nowrap">
                {formatPeriod(i18n, period)}
              </th>
              <td className="text-nowrap">{formatPayoutDate(i18n, period)}</td>
              <td>{period.currency}</td>
              <td className="text-end">{i18n.formatNumber(period.orders)}</td>
              <td className="text-end price text-nowrap">{formatMoney(period.sales)}</td>
              <td className="text-end price text-nowrap">{formatMoney(period.commission)}</td>
              <td className="text-end price text-nowrap">{formatMoney(period.shipping)}</td>
              <td className="text-end price text-nowrap">{formatSigned(period.listingFees)}</td>
              <td className="text-end price text-nowrap">
                {formatSigned(period.refundsAfterPayout)}
              </td>
              <td className="text-end price text-nowrap">{formatSigned(period.balanceCarried)}</td>
              <td className="text-end price text-nowrap fw-semibold">{formatSigned(period.net)}</td>
              <td>
                <PayoutCell period={period} />
              </td>
              <td className="admin-table__pinned">
                <StatementButtons period={period} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Listing fees, refunds after a payout and balances carried from a period below zero (issue
 * 17.5, issue 16.7, decision 025), newest first.
 */
function AdjustmentsTable({ adjustments }: { adjustments: PayoutAdjustment[] }) {
  const i18n = useI18n();
  const { t, formatDate } = i18n;
  const formatSigned = signedMoney(i18n);
  return (
    <div
      className="admin-table-scroll"
      role="region"
      aria-label={t('Fees and adjustments')}
      tabIndex={0}
    >
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">{t('Date')}</th>
            <th scope="col">{t('What')}</th>
            <th scope="col">{t('For')}</th>
            <th scope="col">{t('Payout date')}</th>
            <th scope="col" className="text-end">
              {t('Amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {adjustments.map((adjustment, index) => (
            <tr key={`${adjustment.kind}-${adjustment.date}-${index}`}>
              <td className="text-nowrap">
                <time dateTime={adjustment.date}>{formatDate(adjustment.date)}</time>
              </td>
              <th scope="row">{t(PAYOUT_MESSAGES.adjustment[adjustment.kind])}</th>
              <td className="text-break">{adjustment.description}</td>
              <td className="text-nowrap">{formatPayoutDate(i18n, adjustment.period)}</td>
              <td className="text-end price text-nowrap">
                {formatSigned(adjustment.amount, adjustment.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** -$0.10 rather than $-0.10 (and -0,10 $ in French). */
const signedMoney =
  ({ formatMoney }: I18n) =>
  (amount: number, currency?: string) =>
    amount < 0 ? `-${formatMoney(-amount, currency)}` : formatMoney(amount, currency);

/** How the store is paid; with Stripe Connect, its onboarding status and the way to finish it. */
function PayoutAccountCard() {
  const account = usePayoutAccount();
  const onboarding = useStartOnboarding();
  const { t } = useI18n();
  if (account.isPending) return <PageLoader label={t('Loading your payout account…')} />;
  if (account.isError)
    return (
      <Alert variant="warning" className="admin-panel__alert">
        <span>{t(PAYOUT_MESSAGES.accountFailed)}</span>
        <Button variant="outline-primary" size="sm" onClick={() => void account.refetch()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  const { provider, status } = account.data;
  if (provider === 'local')
    return <p className="admin-panel__intro">{t(PAYOUT_MESSAGES.localAccount)}</p>;
  return (
    <section className="admin-panel__intro" aria-label={t('Payout account')}>
      <p className="mb-2">
        {t('Stripe payout account:')}{' '}
        <span className="fw-semibold" data-testid="payout-account-status">
          {t(PAYOUT_MESSAGES.accountStatus[status])}
        </span>
      </p>
      {status !== 'payouts_enabled' && (
        <Button
          variant="primary"
          size="sm"
          disabled={onboarding.isPending}
          onClick={() =>
            onboarding.mutate(undefined, {
              onError: (error) =>
                toast.error(t(serverMessageOr(error, PAYOUT_MESSAGES.onboardingFailed))),
            })
          }
        >
          {t(
            status === 'not_started' ? PAYOUT_MESSAGES.setUpPayouts : PAYOUT_MESSAGES.continueSetup,
          )}
        </Button>
      )}
    </section>
  );
}

/** The sales tax a buyer paid on the order (less tax refunded): shown, but not the brand's. */
export const TAX_COLUMN = msg('Tax collected (the marketplace remits it)');

/** An order's payout line, column by column (net comes last, in bold). */
const LINE_AMOUNTS: { heading: string; amount: (line: PayoutLine) => number }[] = [
  { heading: msg('Sales'), amount: (line) => line.sales },
  { heading: msg('Payment fee'), amount: (line) => line.paymentFee },
  { heading: msg('Marketplace fee'), amount: (line) => line.marketplaceFee },
  { heading: msg('Shipping collected'), amount: (line) => line.shippingCollected },
  { heading: msg('Reimbursement'), amount: (line) => line.shippingReimbursement },
  { heading: msg('Refunded'), amount: (line) => line.refunded },
];

function PayoutLinesTable({ lines }: { lines: PayoutLine[] }) {
  const { t, formatMoney, formatDate } = useI18n();
  return (
    <div
      className="admin-table-scroll"
      role="region"
      aria-label={t('Payouts by order')}
      tabIndex={0}
    >
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">{t('Order')}</th>
            <th scope="col">{t('Placed')}</th>
            {LINE_AMOUNTS.map(({ heading }) => (
              <th key={heading} scope="col" className="text-end">
                {t(heading)}
              </th>
            ))}
            <th scope="col" className="text-end">
              {t('Net')}
            </th>
            {/* Issue 15: beside the payout, never in it; the marketplace remits it. */}
            <th scope="col" className="text-end">
              {t(TAX_COLUMN)}
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

/**
 * The summary the tab opens with (issue 39.18): per currency, the next payout (the earliest
 * period no run has paid yet), its amount so far and its date; with nothing owed yet, the
 * next payout date.
 */
function NextPayoutSummary({ periods }: { periods: PayoutPeriodTotals[] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const formatSigned = signedMoney(i18n);
  const next = new Map<string, PayoutPeriodTotals>();
  for (const period of [...periods].sort((a, b) => a.start.localeCompare(b.start)))
    if (!period.payout && !next.has(period.currency)) next.set(period.currency, period);
  return (
    <section className="payout-summary" aria-label={t('Next payout')}>
      {next.size === 0 ? (
        <dl className="payout-summary__item">
          <dt>{t('Next payout date')}</dt>
          <dd className="payout-summary__date">
            {formatPayoutDate(i18n, payoutPeriodOf(new Date()))}
          </dd>
        </dl>
      ) : (
        [...next.values()].map((period) => (
          <dl key={period.currency} className="payout-summary__item">
            <dt>{t('Next payout')}</dt>
            <dd className="payout-summary__amount price">
              {formatSigned(period.net, period.currency)}
            </dd>
            <dd className="payout-summary__date">
              {t('on {date}, for {period}', {
                date: formatPayoutDate(i18n, period),
                period: formatPeriod(i18n, period),
              })}
            </dd>
            {period.net < 0 ? (
              <dd className="text-secondary small">{t(PAYOUT_MESSAGES.carried)}</dd>
            ) : null}
          </dl>
        ))
      )}
    </section>
  );
}

/** Payouts: what each period pays the store, and how each order adds to it (spec 9). */
export function PayoutsPanel() {
  const payouts = useStorePayouts();
  const i18n = useI18n();
  const { t } = i18n;

  let content;
  if (payouts.isPending) {
    content = <PageLoader label={t('Loading payouts…')} />;
  } else if (payouts.isError) {
    content = (
      <Alert variant="danger" className="admin-panel__alert">
        <span>{t(STORE_ORDER_MESSAGES.payoutsFailed)}</span>
        <Button variant="outline-primary" size="sm" onClick={() => void payouts.refetch()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  } else if (payouts.data.lines.length === 0 && payouts.data.adjustments.length === 0) {
    content = (
      <div className="empty-state">
        <p className="mb-1">{t('No payouts yet.')}</p>
        <p className="text-secondary mb-0">
          {t(
            'Each order you receive shows here with its fees, and adds to the payout of its period.',
          )}
        </p>
      </div>
    );
  } else {
    content = (
      <>
        <h3 className="admin-panel__subtitle">{t('By period')}</h3>
        <PayoutPeriodsTable periods={payouts.data.periods} />
        {payouts.data.adjustments.length > 0 && (
          <>
            <h3 className="admin-panel__subtitle">{t('Fees and adjustments')}</h3>
            <AdjustmentsTable adjustments={payouts.data.adjustments} />
          </>
        )}
        {payouts.data.lines.length > 0 && (
          <>
            <h3 className="admin-panel__subtitle">{t('By order')}</h3>
            <PayoutLinesTable lines={payouts.data.lines} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2 className="section-title mb-0">{t('Payouts')}</h2>
      </div>
      {payouts.data ? <NextPayoutSummary periods={payouts.data.periods} /> : null}
      <p className="admin-panel__intro">{payoutPolicy(i18n)}</p>
      <p className="admin-panel__intro">{t(SALES_TAX_MESSAGES.payoutsExcludeTax)}</p>
      <PayoutAccountCard />
      {content}
    </div>
  );
}
