import { msg } from '@marketplace/shared';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';
import { useDocumentTitle } from '../../hooks/use-document-title';

export const NOT_FOUND_TITLE = msg('Page not found');

/**
 * The 404 page: for an unknown address, and for an address whose route exists but whose
 * subject does not (a store that was never opened), so both read and are titled alike.
 */
export function NotFoundPage() {
  const { t } = useI18n();
  useDocumentTitle(t(NOT_FOUND_TITLE));
  return (
    <section className="container placeholder-page">
      <p className="eyebrow">404</p>
      <h1 className="page-title">{t(NOT_FOUND_TITLE)}</h1>
      <p className="lead">
        {t(
          'We could not find the page you were looking for. It may have moved, or the link may be mistyped.',
        )}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Link to="/" className="btn btn-primary">
          {t('Back to home')}
        </Link>
        <Link to="/products" className="btn btn-outline-primary">
          {t('Browse products')}
        </Link>
      </div>
    </section>
  );
}
