import {
  moneyQuerySchema,
  taxNameIn,
  type MoneyWeek,
  type OverdueReturn,
  type TaxReport,
} from '@marketplace/shared';
import { useId, useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { useCsvDownload, useMoney, useTaxReport } from '../api/operator-api';
import { MoneyChart } from './money-chart';
import { OperatorTable } from './operator-table';
import { CALENDAR_DAY } from './operator-text';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The last twelve weeks to tomorrow, by default. */
function defaultRange() {
  const tomorrow = new Date(Date.now() + 86_400_000);
  return { from: day(new Date(tomorrow.getTime() - 12 * 7 * 86_400_000)), to: day(tomorrow) };
}

/**
 * GMV, orders, commission, tax, refunds and returns per week and currency, charted and tabled;
 * the tax report of the same days; the overdue refunds.
 */
export function MoneyPanel() {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(defaultRange);
  const [range, setRange] = useState(draft);
  const [invalid, setInvalid] = useState<string | undefined>();
  const money = useMoney(range.from, range.to, true);
  const taxReport = useTaxReport(range.from, range.to);
  const csv = useCsvDownload();
  const currencies = useMemo(
    () => [...new Set((money.data?.weeks ?? []).map((w) => w.currency))],
    [money.data],
  );
  const [chosen, setChosen] = useState<string | undefined>();
  const currency =
    chosen && currencies.includes(chosen as MoneyWeek['currency']) ? chosen : currencies[0];
  const weeks = useMemo(
    () => (money.data?.weeks ?? []).filter((w) => w.currency === currency),
    [money.data, currency],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = moneyQuerySchema.safeParse(draft);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    setRange(parsed.data);
  };

  return (
    <div className="operator-panel">
      <Form noValidate onSubmit={submit} className="operator-range">
        <Form.Group controlId={`${id}-from`}>
          <Form.Label>{t('From')}</Form.Label>
          <Form.Control
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            isInvalid={Boolean(invalid)}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-to`}>
          <Form.Label>{t('To (not included)')}</Form.Label>
          <Form.Control
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            isInvalid={Boolean(invalid)}
            aria-describedby={invalid ? `${id}-range-error` : undefined}
          />
        </Form.Group>
        <Button type="submit" variant="primary">
          {t('Show')}
        </Button>
        {invalid ? (
          <p id={`${id}-range-error`} className="text-danger w-100 mb-0" role="alert">
            {t(invalid)}
          </p>
        ) : null}
      </Form>

      {money.isPending ? (
        <PageLoader label={t('Loading the figures…')} />
      ) : money.isError ? (
        <p className="text-danger" role="alert">
          {t('The figures could not be loaded. Reload the page to try again.')}
        </p>
      ) : (
        <>
          {currencies.length > 1 ? (
            <Form.Group controlId={`${id}-currency`} className="operator-filter">
              <Form.Label>{t('Currency')}</Form.Label>
              <Form.Select value={currency} onChange={(event) => setChosen(event.target.value)}>
                {currencies.map((one) => (
                  <option key={one}>{one}</option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : null}
          {weeks.length === 0 || !currency ? (
            <p className="empty-state">{t('No orders or refunds in this period.')}</p>
          ) : (
            <>
              <MoneyChart weeks={weeks} currency={currency} />
              <WeeksTable weeks={weeks} />
            </>
          )}
          <h2 className="h5 mt-4">{t('Tax collected, by jurisdiction')}</h2>
          <p className="d-flex flex-wrap align-items-center gap-2">
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={csv.isPending}
              onClick={() =>
                csv.mutate({
                  path: '/operator/tax-report',
                  query: range,
                  filename: `tax-report-${range.from}-${range.to}.csv`,
                })
              }
            >
              {t('Download the tax report (CSV)')}
            </Button>
            {csv.isError ? (
              <span role="alert" className="text-danger">
                {t('The tax report could not be downloaded. Try again.')}
              </span>
            ) : null}
          </p>
          {taxReport.isPending ? (
            <PageLoader label={t('Loading the tax report…')} />
          ) : taxReport.isError ? (
            <p className="text-danger" role="alert">
              {t('The tax report could not be loaded. Reload the page to try again.')}
            </p>
          ) : (
            <TaxReportTable report={taxReport.data} />
          )}
          <h2 className="h5 mt-4">{t('Overdue refunds and returns')}</h2>
          <OverdueList returns={money.data.overdueReturns} />
        </>
      )}
    </div>
  );
}

function WeeksTable({ weeks }: { weeks: MoneyWeek[] }) {
  const { t, formatMoney, formatNumber, formatDate } = useI18n();
  return (
    <OperatorTable label={t('Money per week')}>
      <thead>
        <tr>
          <th scope="col">{t('Week of')}</th>
          <th scope="col" className="text-end">
            {t('GMV')}
          </th>
          <th scope="col" className="text-end">
            {t('Orders')}
          </th>
          <th scope="col" className="text-end">
            {t('Commission')}
          </th>
          <th scope="col" className="text-end">
            {t('Tax collected')}
          </th>
          <th scope="col" className="text-end">
            {t('Refunds')}
          </th>
          <th scope="col" className="text-end">
            {t('Returns')}
          </th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={`${week.week}-${week.currency}`}>
            <th scope="row" className="text-nowrap">
              {formatDate(week.week, CALENDAR_DAY)}
            </th>
            <td className="text-end text-nowrap">{formatMoney(week.gmv, week.currency)}</td>
            <td className="text-end">{formatNumber(week.orders)}</td>
            <td className="text-end text-nowrap">{formatMoney(week.commission, week.currency)}</td>
            <td className="text-end text-nowrap">
              {formatMoney(week.taxCollected, week.currency)}
            </td>
            <td className="text-end text-nowrap">{formatMoney(week.refunds, week.currency)}</td>
            <td className="text-end">{formatNumber(week.returns)}</td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}

/** GET /operator/tax-report: each jurisdiction and tax type, then the totals per currency. */
function TaxReportTable({ report }: { report: TaxReport }) {
  const { t, formatMoney } = useI18n();
  if (report.rows.length === 0)
    return <p className="empty-state">{t('No tax was collected or refunded in this period.')}</p>;
  return (
    <OperatorTable label={t('Tax report')}>
      <thead>
        <tr>
          <th scope="col">{t('Jurisdiction')}</th>
          <th scope="col">{t('Tax')}</th>
          <th scope="col" className="text-end">
            {t('Taxable sales')}
          </th>
          <th scope="col" className="text-end">
            {t('Collected')}
          </th>
          <th scope="col" className="text-end">
            {t('Refunded')}
          </th>
          <th scope="col" className="text-end">
            {t('Net')}
          </th>
        </tr>
      </thead>
      <tbody>
        {report.rows.map((row) => (
          <tr key={`${row.currency}-${row.jurisdiction}-${row.taxType}`}>
            <th scope="row">{row.jurisdictionName}</th>
            <td>{taxNameIn(row.taxType, t)}</td>
            <td className="text-end text-nowrap">{formatMoney(row.taxableAmount, row.currency)}</td>
            <td className="text-end text-nowrap">{formatMoney(row.collected, row.currency)}</td>
            <td className="text-end text-nowrap">{formatMoney(row.refunded, row.currency)}</td>
            <td className="text-end text-nowrap">{formatMoney(row.net, row.currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {report.totals.map((total) => (
          <tr key={total.currency}>
            <th scope="row" colSpan={3}>
              {t('Total {currency}', { currency: total.currency })}
            </th>
            <td className="text-end text-nowrap">{formatMoney(total.collected, total.currency)}</td>
            <td className="text-end text-nowrap">{formatMoney(total.refunded, total.currency)}</td>
            <td className="text-end text-nowrap">{formatMoney(total.net, total.currency)}</td>
          </tr>
        ))}
      </tfoot>
    </OperatorTable>
  );
}

function OverdueList({ returns }: { returns: OverdueReturn[] }) {
  const { t, formatMoney, formatDate } = useI18n();
  if (returns.length === 0) return <p className="empty-state">{t('No refund is overdue.')}</p>;
  return (
    <OperatorTable label={t('Overdue refunds')}>
      <thead>
        <tr>
          <th scope="col">{t('Order')}</th>
          <th scope="col">{t('Brand')}</th>
          <th scope="col">{t('Buyer')}</th>
          <th scope="col">{t('Received')}</th>
          <th scope="col">{t('Refund due by')}</th>
          <th scope="col" className="text-end">
            {t('Amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {returns.map((overdue) => (
          <tr key={overdue.returnId}>
            <th scope="row">#{overdue.reference}</th>
            <td>{overdue.storeName}</td>
            <td>{overdue.buyerUserName}</td>
            <td className="text-nowrap">{formatDate(overdue.receivedAt, CALENDAR_DAY)}</td>
            <td className="text-nowrap">{formatDate(overdue.refundDueBy, CALENDAR_DAY)}</td>
            <td className="text-end text-nowrap">
              {formatMoney(overdue.amount, overdue.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </OperatorTable>
  );
}
