import { useI18n } from '../../i18n/i18n-context';

export function PageLoader({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <div className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{label ?? t('Loading…')}</span>
    </div>
  );
}
