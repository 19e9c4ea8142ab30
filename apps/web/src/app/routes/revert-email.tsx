import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/ui/auth-layout';
import { RevertEmail } from '../../features/auth/components/revert-email';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function RevertEmailRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Undo Email Change'));
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title={t('Undo Email Change')}>
      <RevertEmail token={searchParams.get('token')} />
    </AuthLayout>
  );
}
