import { EMAIL_CHANGE_LINK_INVALID } from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { useRevertEmail } from '../api/revert-email';
import { genericErrorMessage } from '../utils/error-messages';

/**
 * Opened from the mail sent to the previous address after an email change: puts it back at once
 * (the link works once) and says a link to choose a new password was mailed there, since
 * whoever changed the email knew the current one. The page itself never offers a reset: the
 * mailbox's holder may not be the owner (issue 38).
 */
export function RevertEmail({ token }: { token: string | null }) {
  const { t } = useI18n();
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
        <p className="mb-2">{t(genericErrorMessage(revert.error, EMAIL_CHANGE_LINK_INVALID))}</p>
        <p className="mb-0">
          {t('If someone else changed your email,')}{' '}
          <Link to="/forgot-password">{t('reset your password')}</Link>{' '}
          {t('from your current address, or contact us.')}
        </p>
      </Alert>
    );
  }
  if (!revert.data) return <PageLoader label={t('Putting your email back…')} />;
  // The sentence around the address, in the page's language, so the address stays in bold.
  const [before, after] = t("Your account's email is {email} again.", { email: '\u0000' }).split(
    '\u0000',
  );
  return (
    <Alert variant="success" role="status">
      <p>{t(revert.data.message)}</p>
      <p className="mb-0">
        {before}
        <strong>{revert.data.email}</strong>
        {after}
      </p>
    </Alert>
  );
}
