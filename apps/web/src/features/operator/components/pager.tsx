import Button from 'react-bootstrap/Button';

interface PagerProps {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous and next, with where the list stands; nothing when it fits on one page. */
export function Pager({ label, page, pageSize, total, onPage }: PagerProps) {
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
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
