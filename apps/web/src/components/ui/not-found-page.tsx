import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';

export const NOT_FOUND_TITLE = 'Page not found';

/**
 * The 404 page: for an unknown address, and for an address whose route exists but whose
 * subject does not (a store that was never opened), so both read and are titled alike.
 */
export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <section className="container placeholder-page">
      <p className="eyebrow">404</p>
      <h1 className="page-title">{NOT_FOUND_TITLE}</h1>
      <p className="lead">
        We could not find the page you were looking for. It may have moved, or the link may be
        mistyped.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Link to="/" className="btn btn-primary">
          Back to home
        </Link>
        <Link to="/products" className="btn btn-outline-primary">
          Browse products
        </Link>
      </div>
    </section>
  );
}
