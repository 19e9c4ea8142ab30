import { MESSAGES } from '@marketplace/shared';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : '';
    return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(': ');
  }
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The router's error page (spec 8): the generic title, the error's own message, a way home. */
export function RouteError() {
  const error = useRouteError();
  const message = describe(error);
  return (
    <section className="container error-page" role="alert">
      <h1 className="page-title">{MESSAGES.unexpectedError}</h1>
      {message ? <p className="error-page__message">{message}</p> : null}
      <div className="d-flex flex-wrap gap-2">
        <Link to="/" className="btn btn-primary" reloadDocument>
          Back to home
        </Link>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
      </div>
    </section>
  );
}
