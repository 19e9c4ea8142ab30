import { msg, type OperatorAction } from '@marketplace/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { useAuditLog, useCsvDownload } from '../api/operator-api';
import { OperatorTable } from './operator-table';
import { MOMENT, messageOf } from './operator-text';
import { Pager } from './pager';

/** Each decision in words: a new decision does not compile until it is named here. */
const ACTION_LABELS: Record<OperatorAction, string> = {
  APPROVE_STORE: msg('Approved the brand'),
  DECLINE_STORE: msg('Declined the application'),
  SUSPEND_STORE: msg('Suspended the brand'),
  REINSTATE_STORE: msg('Reinstated the brand'),
  HIDE_REVIEW: msg('Hid the review'),
  KEEP_REVIEW: msg('Kept the review'),
};

/** The operators' decisions with their reasons (issue 39.20), 20 a page, and the whole as CSV. */
export function AuditLogPanel() {
  const { t, formatDate } = useI18n();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const csv = useCsvDownload();
  return (
    <div className="operator-panel">
      <p className="d-flex flex-wrap align-items-center gap-2">
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={csv.isPending}
          onClick={() => csv.mutate({ path: '/operator/audit-log', filename: 'audit-log.csv' })}
        >
          {t('Download the audit log (CSV)')}
        </Button>
        {csv.isError ? (
          <span role="alert" className="text-danger">
            {messageOf(csv.error, t)}
          </span>
        ) : null}
      </p>
      {log.isPending ? (
        <PageLoader label={t('Loading the audit log…')} />
      ) : log.isError ? (
        <p className="text-danger" role="alert">
          {t('The audit log could not be loaded. Reload the page to try again.')}
        </p>
      ) : log.data.entries.length === 0 ? (
        <p className="empty-state">{t('No decisions yet.')}</p>
      ) : (
        <>
          <OperatorTable label={t('Audit log')}>
            <thead>
              <tr>
                <th scope="col">{t('When')}</th>
                <th scope="col">{t('Operator')}</th>
                <th scope="col">{t('Decision')}</th>
                <th scope="col">{t('Subject')}</th>
                <th scope="col">{t('Reason')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap">
                    <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, MOMENT)}</time>
                  </td>
                  <td>{entry.operatorUserName}</td>
                  <th scope="row">{t(ACTION_LABELS[entry.action])}</th>
                  <td className="text-break">{entry.subjectName}</td>
                  <td className="text-break">{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </OperatorTable>
          <Pager
            label={t('Audit log pages')}
            page={page}
            pageSize={log.data.pageSize}
            total={log.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
