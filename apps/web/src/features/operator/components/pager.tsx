import Button from 'react-bootstrap/Button';
import { useI18n } from '../../../i18n/i18n-context';

interface PagerProps {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous and next, with where the list stands; nothing when it fits on one page. */
export function Pager({ label, page, pageSize, total, onPage }: PagerProps) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="operator-pager">
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('Previous')}
      </Button>
      <span>{t('Page {page} of {pageCount}', { page, pageCount: pages })}</span>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('Next')}
      </Button>
    </nav>
  );
}
