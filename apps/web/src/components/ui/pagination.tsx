import Pagination from 'react-bootstrap/Pagination';
import { useI18n } from '../../i18n/i18n-context';

/**
 * Spec 4's page-number window, as written: every page when there are 5 or fewer; otherwise
 * 1–5 while the current page is 6 or lower, the last five when the current page is within 4
 * of the end, and current-5 to current+4 in between.
 */
export function pageWindow(current: number, last: number): number[] {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (last <= 5) return range(1, Math.max(last, 1));
  if (current <= 6) return range(1, 5);
  if (current + 4 >= last) return range(last - 4, last);
  return range(current - 5, current + 4);
}

interface PagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}

/** First, Previous, the page window, Next, Last (spec 4), with where you are said in words. */
export function Pager({ page, pageCount, onPageChange, label }: PagerProps) {
  const { t } = useI18n();
  if (pageCount <= 1) return null;
  const onFirst = page <= 1;
  const onLast = page >= pageCount;
  return (
    <nav aria-label={label ?? t('Pages')} className="pager">
      <Pagination className="mb-1 flex-wrap justify-content-center">
        <Pagination.First
          disabled={onFirst}
          onClick={() => onPageChange(1)}
          aria-label={t('First page')}
        >
          {t('First')}
        </Pagination.First>
        <Pagination.Prev
          disabled={onFirst}
          onClick={() => onPageChange(page - 1)}
          aria-label={t('Previous page')}
        >
          {t('Previous')}
        </Pagination.Prev>
        {pageWindow(page, pageCount).map((n) => (
          <Pagination.Item
            key={n}
            active={n === page}
            onClick={() => onPageChange(n)}
            aria-label={t('Page {number}', { number: n })}
          >
            {n}
          </Pagination.Item>
        ))}
        <Pagination.Next
          disabled={onLast}
          onClick={() => onPageChange(page + 1)}
          aria-label={t('Next page')}
        >
          {t('Next')}
        </Pagination.Next>
        <Pagination.Last
          disabled={onLast}
          onClick={() => onPageChange(pageCount)}
          aria-label={t('Last page')}
        >
          {t('Last')}
        </Pagination.Last>
      </Pagination>
      <p className="pager__status text-center small text-secondary" aria-live="polite">
        {t('Page {page} of {pageCount}', { page, pageCount })}
      </p>
    </nav>
  );
}
