import { MESSAGES } from '@marketplace/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The error page (spec 8): the generic title, the error's own message, a way home. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useI18n();
  const message = describe(error);
  return (
    <section className="container error-page" role="alert">
      <h1 className="page-title">{t(MESSAGES.unexpectedError)}</h1>
      {message ? <p className="error-page__message">{message}</p> : null}
      <div className="d-flex flex-wrap gap-2">
        <Link to="/" className="btn btn-primary" reloadDocument>
          {t('Back to home')}
        </Link>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => window.location.reload()}
        >
          {t('Reload the page')}
        </button>
      </div>
    </section>
  );
}

interface BoundaryProps {
  children: ReactNode;
}

/**
 * Shows RouteError in place of a page that threw while rendering (or whose chunk failed to
 * load). Give it a `key` that changes with the location so that moving to another page
 * leaves the error behind.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error(MESSAGES.unexpectedError) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
