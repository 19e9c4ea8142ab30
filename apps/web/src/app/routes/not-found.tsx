import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <section className="container placeholder-page">
      <p className="eyebrow">404</p>
      <h1 className="page-title">Page not found</h1>
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
