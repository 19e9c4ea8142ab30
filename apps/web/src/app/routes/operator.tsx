import { OPERATOR_MESSAGES } from '@marketplace/shared';
import Container from 'react-bootstrap/Container';
import { PageLoader } from '../../components/ui/page-loader';
import { useUserProfile } from '../../lib/api/get-user-profile';
import { OperatorConsole } from '../../features/operator/components/operator-console';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';
import { useSession } from '../../hooks/use-session';

/** /operator: the console for operators; everyone else is told it is not theirs (the API refuses too). */
export default function OperatorRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Operator console'));
  const { userName } = useSession();
  const profile = useUserProfile(userName);
  if (profile.isPending) return <PageLoader label={t('Loading…')} />;
  if (profile.data?.role !== 'operator') {
    return (
      <Container className="page">
        <h1 className="page-title">{t('Not allowed')}</h1>
        <p role="alert">{t(OPERATOR_MESSAGES.notAllowed)}</p>
      </Container>
    );
  }
  return <OperatorConsole />;
}
