import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useI18n } from '../../../i18n/i18n-context';

interface FilterOverlayProps {
  show: boolean;
  onHide: () => void;
  /** The number of products the chosen filters give, for the closing button. */
  /** "{n} Products" as the catalog's header shows it ('' while loading). */
  totalText: string;
  children: ReactNode;
}

/**
 * Spec 2's slide-in filter panel for 700 px and narrower. Clicking the dimmed overlay, Escape
 * and the close button all close it; focus moves into the panel and returns to the Filter button.
 */
export function FilterOverlay({ show, onHide, totalText, children }: FilterOverlayProps) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="start"
      aria-labelledby={titleId}
      className="filter-overlay"
      backdropClassName="filter-overlay__backdrop"
    >
      <Offcanvas.Header closeButton closeLabel={t('Close filters')}>
        <Offcanvas.Title as="h2" id={titleId} className="section-title mb-0">
          {t('Filters')}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>{children}</Offcanvas.Body>
      <div className="filter-overlay__footer">
        <Button className="w-100" onClick={onHide}>
          {totalText === '' ? t('Show products') : t('Show {products}', { products: totalText })}
        </Button>
      </div>
    </Offcanvas>
  );
}
