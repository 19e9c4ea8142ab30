import { msg, type StoreStatus } from '@marketplace/shared';
import Alert from 'react-bootstrap/Alert';
import { useI18n } from '../../../i18n/i18n-context';
import { useOwnStore } from '../api/own-store';

/** What the owner of a store that is not open is told (issue 39.4); an open store sees nothing. */
const NOTICES: Partial<Record<StoreStatus, { badge: string; text: string; variant: string }>> = {
  PENDING: {
    badge: msg('Pending'),
    text: msg(
      'Your store is under review. Shoppers will see it and your products once an operator approves it; we will email you the decision. You can add products and settings meanwhile.',
    ),
    variant: 'info',
  },
  DECLINED: {
    badge: msg('Declined'),
    text: msg(
      'Your application was declined: the store is not shown to shoppers. The email we sent you gives the reason.',
    ),
    variant: 'warning',
  },
  SUSPENDED: {
    badge: msg('Suspended'),
    text: msg(
      'Your store is suspended: its products are not shown to shoppers. You can still fulfil and refund your orders.',
    ),
    variant: 'warning',
  },
};

export function StoreStatusNotice() {
  const { t } = useI18n();
  const store = useOwnStore();
  const notice = store.data && NOTICES[store.data.status];
  if (!notice) return null;
  return (
    <Alert variant={notice.variant} className="admin-status-notice" role="status">
      <span className="badge admin-status-notice__badge">{t(notice.badge)}</span> {t(notice.text)}
    </Alert>
  );
}
