import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYOUT_MESSAGES, msg, payoutDateSchema, type PayoutRun } from '@marketplace/shared';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PageLoader } from '../../components/ui/page-loader';
import { useI18n, type I18n } from '../../i18n/i18n-context';
import { ApiError, apiClient } from '../../lib/api-client';
import { CALENDAR_DAY, MOMENT } from '../operator/components/operator-text';

const RUNS_PAGE_SIZE = 10;
const runsKey = (page: number) => ['operator-payout-runs', page] as const;

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

/** A period's first day and the day it ends (its payout date), as the page's language writes them. */
function periodOf(run: PayoutRun, formatDate: I18n['formatDate']) {
  return {
    start: formatDate(run.periodStart, CALENDAR_DAY),
    end: formatDate(run.periodEnd, CALENDAR_DAY),
  };
}

function RunResults({ run }: { run: PayoutRun }) {
  const { t, formatMoney, formatDate } = useI18n();
  if (run.results.length === 0)
    return (
      <p className="text-secondary mb-0">{t('No store had anything to pay in this period.')}</p>
    );
  return (
    <div
      className="admin-table-scroll"
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
                {result.amount < 0
                  ? `-${formatMoney(-result.amount, result.currency)}`
                  : formatMoney(result.amount, result.currency)}
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
 * The operator console's payouts (issue 17.6): run a period's payouts (each brand is paid once,
 * however often it is run) and see every run's outcome per brand. Self-contained: the console
 * mounts it (`/operator`, lazy-loaded).
 */
export function OperatorPayouts() {
  const { t, formatDate } = useI18n();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
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
      void queryClient.invalidateQueries({ queryKey: ['operator-payout-runs'] });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = payoutDateSchema.safeParse(period);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]!.message);
      return;
    }
    setFieldError(null);
    run.mutate(parsed.data);
  };

  const totalPages = Math.max(1, Math.ceil((runs.data?.total ?? 0) / RUNS_PAGE_SIZE));
  return (
    <section className="admin-panel" aria-labelledby="operator-payouts-title">
      <h2 id="operator-payouts-title" className="section-title">
        {t('Payouts')}
      </h2>
      <Form noValidate onSubmit={submit} className="d-flex flex-wrap align-items-start gap-2 mb-3">
        <Form.Group controlId="payout-period">
          <Form.Label>{t('Payout date (the day a period ends)')}</Form.Label>
          <Form.Control
            type="date"
            value={period}
            isInvalid={!!fieldError}
            aria-describedby="payout-period-error"
            onChange={(event) => setPeriod(event.target.value)}
          />
          <Form.Control.Feedback type="invalid" id="payout-period-error">
            {fieldError ? t(fieldError) : null}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" className="align-self-end" disabled={run.isPending}>
          {run.isPending ? t('Running…') : t('Run payouts')}
        </Button>
      </Form>
      {run.isError && (
        <Alert variant="danger">{messageOf(run.error, t(PAYOUT_MESSAGES.runFailed))}</Alert>
      )}
      {run.data && (
        <>
          <h3 className="admin-panel__subtitle">{t('This run')}</h3>
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
              {item.file && (
                <p className="small text-secondary text-break mb-1">
                  {t('File: {file}', { file: item.file })}
                </p>
              )}
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
