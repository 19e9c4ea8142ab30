import type { OperatorActionEntry } from './operator-schemas';
import { csvField } from '../payouts/payout-ledger';

const AUDIT_LOG_COLUMNS = [
  'createdAt',
  'operatorUserName',
  'action',
  'subjectType',
  'subjectId',
  'subjectName',
  'reason',
] as const satisfies readonly (keyof OperatorActionEntry)[];

/** The operators' audit log as CSV (issue 39.20), newest first, one decision a row. */
export function auditLogCsv(entries: OperatorActionEntry[]): string {
  const rows = entries.map((entry) =>
    AUDIT_LOG_COLUMNS.map((column) => csvField(entry[column])).join(','),
  );
  return [AUDIT_LOG_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
