import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/ui/auth-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function ResetPasswordRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Reset Password'));
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title={t('Reset Password')} intro={t('Choose a new password for your account.')}>
      <ResetPasswordForm token={searchParams.get('token')} />
    </AuthLayout>
  );
}
