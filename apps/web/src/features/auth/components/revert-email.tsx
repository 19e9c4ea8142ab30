import { EMAIL_CHANGE_LINK_INVALID } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { useRevertEmail } from '../api/revert-email';
import { genericErrorMessage } from '../utils/error-messages';

/**
 * Opened from the mail sent to the previous address after an email change: puts it back at once
 * (the link works once), then leads to choosing a new password, since whoever changed the email
 * knew the current one.
 */
export function RevertEmail({ token }: { token: string | null }) {
  const revert = useRevertEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once only: the link is single-use, and React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    revert.mutate({ token });
  }, [token, revert]);

  if (!token || revert.isError) {
    return (
      <Alert variant="danger" role="alert">
        <p className="mb-2">{genericErrorMessage(revert.error, EMAIL_CHANGE_LINK_INVALID)}</p>
        <p className="mb-0">
          If someone else changed your email, <Link to="/forgot-password">reset your password</Link>{' '}
          from your current address, or contact us.
        </p>
      </Alert>
    );
  }
  if (!revert.data) return <PageLoader label="Putting your email back…" />;
  return (
    <Alert variant="success" role="status">
      <p>{revert.data.message}</p>
      <p>
        Your account&apos;s email is <strong>{revert.data.email}</strong> again.
      </p>
      <Link
        to={`/reset-password?token=${encodeURIComponent(revert.data.resetToken)}`}
        className="btn btn-primary"
      >
        Choose a new password
      </Link>
    </Alert>
  );
}
