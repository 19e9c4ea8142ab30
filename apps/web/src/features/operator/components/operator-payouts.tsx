import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYOUT_MESSAGES,
  msg,
  type DuePayouts,
  type PayoutPreview,
  type PayoutPreviewLine,
  type PayoutRun,
} from '@marketplace/shared';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n, type I18n } from '../../../i18n/i18n-context';
import { ApiError, apiClient } from '../../../lib/api-client';
import { CALENDAR_DAY, MOMENT } from './operator-text';

const RUNS_PAGE_SIZE = 10;
const runsKey = (page: number) => ['operator-payout-runs', page] as const;
const DUE_KEY = ['operator-payouts-due'] as const;

const OUTCOMES: Record<PayoutRun['results'][number]['outcome'], string> = {
  PAID: msg('Paid'),
  ALREADY_PAID: msg('Already paid'),
  CARRIED: msg('Carried (below zero)'),
  SKIPPED: msg('Skipped'),
  FAILED: msg('Failed (sent again by the next run)'),
};

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

const PREVIEW_OUTCOMES: Record<PayoutPreviewLine['outcome'], string> = {
  TO_PAY: msg('To pay'),
  ALREADY_PAID: msg('Already paid'),
  CARRIED: msg('Carried (below zero)'),
  SKIPPED: msg('Skipped'),
};

/** A period's first day and the day it ends (its payout date), as the page's language writes them. */
function periodOf(
  run: Pick<PayoutRun, 'periodStart' | 'periodEnd'>,
  formatDate: I18n['formatDate'],
) {
  return {
    start: formatDate(run.periodStart, CALENDAR_DAY),
    end: formatDate(run.periodEnd, CALENDAR_DAY),
  };
}

function signedMoney(formatMoney: I18n['formatMoney'], amount: number, currency: string) {
  return amount < 0 ? `-${formatMoney(-amount, currency)}` : formatMoney(amount, currency);
}

/** "$365.78 CAD" or "$300.00 CAD and $20.00 USD": what a run of the period sends. */
function toPayWords(preview: PayoutPreview, i18n: I18n): string {
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
    preview.toPay.map((sum) => i18n.formatMoney(sum.amount, sum.currency)),
  );
}

/** A period due with nothing to send: its run freezes the balances below zero (decision 025). */
const ONLY_CARRIES = msg('Nothing is sent: the run only carries the balances below zero.');

/** The brands a run of the period sends money to (one brand may be paid in two currencies). */
const brandsToPay = (preview: PayoutPreview) =>
  new Set(preview.brands.filter((b) => b.outcome === 'TO_PAY').map((b) => b.storeId)).size;

/** One period due: what its run will do for each brand, and the button that asks to run it. */
function DuePeriod({
  preview,
  disabled,
  onPay,
}: {
  preview: PayoutPreview;
  disabled: boolean;
  onPay: () => void;
}) {
  const i18n = useI18n();
  const { t, formatMoney, formatDate } = i18n;
  const period = periodOf(preview, formatDate);
  const count = brandsToPay(preview);
  return (
    <article className="mb-3" aria-labelledby={`due-${preview.periodEnd}`}>
      <h4 className="h6" id={`due-${preview.periodEnd}`}>
        {t('{start} to {end} · paid on {end}', period)}
      </h4>
      <div
        className="admin-table-scroll operator-table-scroll"
        role="region"
        aria-label={t('Preview of the payouts of {start} to {end}', period)}
        tabIndex={0}
      >
        <table className="table admin-table align-middle">
          <thead>
            <tr>
              <th scope="col">{t('Brand')}</th>
              <th scope="col" className="text-end">
                {t('Amount')}
              </th>
              <th scope="col">{t('What the run does')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.brands.map((line) => (
              <tr key={`${line.storeId}-${line.currency}`}>
                <th scope="row" className="text-break">
                  {line.storeName}
                </th>
                <td className="text-end price text-nowrap">
                  {signedMoney(formatMoney, line.amount, line.currency)}
                </td>
                <td className="text-break">
                  {t(PREVIEW_OUTCOMES[line.outcome])}
                  {line.reason ? ` · ${t(line.reason)}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count > 0 ? (
        <Button onClick={onPay} disabled={disabled}>
          {t('Pay {amount} to {count, plural, one {# brand} other {# brands}}', {
            amount: toPayWords(preview, i18n),
            count,
          })}
        </Button>
      ) : (
        <>
          <p className="text-secondary mb-2">{t(ONLY_CARRIES)}</p>
          <Button variant="outline-primary" onClick={onPay} disabled={disabled}>
            {t('Run payouts')}
          </Button>
        </>
      )}
    </article>
  );
}

/** The run's bank transfer file, fetched with the operator's token and saved under its name. */
function BankFileButton({ run }: { run: PayoutRun }) {
  const { t } = useI18n();
  const download = useMutation({
    mutationFn: () =>
      apiClient.blob(`/operator/payouts/runs/${encodeURIComponent(run.id)}/file`, {
        headers: { Accept: 'text/csv' },
      }),
    onSuccess: (file) => {
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = run.file ?? 'payouts.csv';
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
  return (
    <p className="small mb-1 d-flex flex-wrap align-items-center gap-2">
      <Button
        variant="outline-secondary"
        size="sm"

        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {t('Download the bank transfer file')}
      </Button>
      <span className="text-secondary text-break">{run.file}</span>
      {download.isError ? (
        <span role="alert" className="text-danger">
          {messageOf(download.error, t(PAYOUT_MESSAGES.bankFileFailed))}
        </span>
      ) : null}
    </p>
  );
}

function RunResults({ run }: { run: PayoutRun }) {
  const { t, formatMoney, formatDate } = useI18n();
  if (run.results.length === 0)
    return (
      <p className="text-secondary mb-0">{t('No store had anything to pay in this period.')}</p>
    );
  return (
    <div
      className="admin-table-scroll operator-table-scroll"
      role="region"
      aria-label={t('Payouts of {start} to {end}', periodOf(run, formatDate))}
      tabIndex={0}
    >
      <table className="table admin-table align-middle">
        <thead>
          <tr>
            <th scope="col">{t('Brand')}</th>
            <th scope="col">{t('Outcome')}</th>
            <th scope="col" className="text-end">
              {t('Amount')}
            </th>
            <th scope="col">{t('Reference or reason')}</th>
          </tr>
        </thead>
        <tbody>
          {run.results.map((result) => (
            <tr key={`${result.storeId}-${result.currency}`}>
              <th scope="row" className="text-break">
                {result.storeName}
              </th>
              <td>{t(OUTCOMES[result.outcome])}</td>
              <td className="text-end price text-nowrap">
                {signedMoney(formatMoney, result.amount, result.currency)}
              </td>
              <td className="text-break">
                {result.reference ?? (result.reason ? t(result.reason) : '')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The operator console's payouts (issue 17.6, issue 39.2): the ended periods still to pay, each
 * with what its run will send each brand (from the server), run after a confirmation that names
 * the total; then every run's outcome per brand and its bank file. Self-contained: the console
 * mounts it (`/operator`, lazy-loaded).
 */
export function OperatorPayouts() {
  const i18n = useI18n();
  const { t, formatDate } = i18n;
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<PayoutPreview | null>(null);
  const [page, setPage] = useState(1);
  const due = useQuery({
    queryKey: DUE_KEY,
    queryFn: ({ signal }) => apiClient.get<DuePayouts>('/operator/payouts/due', { signal }),
  });
  const runs = useQuery({
    queryKey: runsKey(page),
    queryFn: ({ signal }) =>
      apiClient.page<PayoutRun>(`/operator/payouts/runs?page=${page}&pageSize=${RUNS_PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const run = useMutation({
    mutationFn: (date: string) =>
      apiClient.post<PayoutRun>('/operator/payouts/run', { period: date }),
    onSuccess: () => {
      setPage(1);
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: ['operator-payout-runs'] });
    },
    // Whatever happened, what is still due is read again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DUE_KEY }),
  });

  const totalPages = Math.max(1, Math.ceil((runs.data?.total ?? 0) / RUNS_PAGE_SIZE));
  return (
    <section className="admin-panel" aria-labelledby="operator-payouts-title">
      <h2 id="operator-payouts-title" className="section-title">
        {t('Payouts')}
      </h2>
      <h3 className="admin-panel__subtitle">{t('Payouts due')}</h3>
      {due.isPending ? (
        <PageLoader label={t('Loading the payouts due…')} />
      ) : due.isError ? (
        <Alert variant="danger">
          {t(PAYOUT_MESSAGES.dueFailed)}{' '}
          <Button variant="outline-primary" size="sm" onClick={() => void due.refetch()}>
            {t('Try again')}
          </Button>
        </Alert>
      ) : due.data.periods.length === 0 ? (
        <p className="text-secondary">
          {t('No payouts are due. The next payout date is {date}.', {
            date: formatDate(due.data.nextPayoutDate, CALENDAR_DAY),
          })}
        </p>
      ) : (
        due.data.periods.map((preview) => (
          <DuePeriod
            key={preview.periodEnd}
            preview={preview}
            disabled={run.isPending}
            onPay={() => {
              run.reset();
              setConfirming(preview);
            }}
          />
        ))
      )}
      <ConfirmDialog
        show={confirming !== null}
        title={t('Run payouts')}
        confirmLabel={
          confirming && brandsToPay(confirming) > 0
            ? t('Pay {amount}', { amount: toPayWords(confirming, i18n) })
            : t('Run payouts')
        }
        pendingLabel={t('Running…')}
        pending={run.isPending}
        error={run.isError ? messageOf(run.error, t(PAYOUT_MESSAGES.runFailed)) : null}
        onConfirm={() => confirming && run.mutate(confirming.periodEnd)}
        onClose={() => {
          run.reset();
          setConfirming(null);
        }}
      >
        {confirming && brandsToPay(confirming) === 0 ? (
          <p className="mb-0">{t(ONLY_CARRIES)}</p>
        ) : confirming ? (
          <>
            <p className="fw-semibold">
              {t('Pay {amount} to {count, plural, one {# brand} other {# brands}}?', {
                amount: toPayWords(confirming, i18n),
                count: brandsToPay(confirming),
              })}
            </p>
            <p className="mb-0">
              {t(
                'The payouts of {start} to {end} are sent now; a brand already paid is not paid again.',
                periodOf(confirming, formatDate),
              )}
            </p>
          </>
        ) : null}
      </ConfirmDialog>
      {run.data && (
        <>
          <h3 className="admin-panel__subtitle">{t('This run')}</h3>
          {run.data.file && <BankFileButton run={run.data} />}
          <RunResults run={run.data} />
        </>
      )}

      <h3 className="admin-panel__subtitle">{t('Runs')}</h3>
      {runs.isPending ? (
        <PageLoader label={t('Loading payout runs…')} />
      ) : runs.isError ? (
        <Alert variant="danger">
          {t(PAYOUT_MESSAGES.runsFailed)}{' '}
          <Button variant="outline-primary" size="sm" onClick={() => void runs.refetch()}>
            {t('Try again')}
          </Button>
        </Alert>
      ) : runs.data.items.length === 0 ? (
        <p className="text-secondary">{t('No payout runs yet.')}</p>
      ) : (
        <>
          {runs.data.items.map((item) => (
            <article key={item.id} className="mb-3">
              <h4 className="h6">
                {t('{start} to {end}', periodOf(item, formatDate))} · {item.provider} ·{' '}
                {item.finishedAt
                  ? t('finished {time}', { time: formatDate(item.finishedAt, MOMENT) })
                  : t('did not finish')}
              </h4>
              {item.file && <BankFileButton run={item} />}
              <RunResults run={item} />
            </article>
          ))}
          <nav aria-label={t('Payout runs pages')} className="d-flex gap-2 align-items-center">
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              {t('Newer')}
            </Button>
            <span>{t('Page {page} of {pageCount}', { page, pageCount: totalPages })}</span>
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={page >= totalPages}
              onClick={() => setPage((p) => p + 1)}
            >
              {t('Older')}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
