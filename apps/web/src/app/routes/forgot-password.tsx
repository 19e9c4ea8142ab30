import { AuthLayout } from '../../components/ui/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function ForgotPasswordRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Forgot Password'));
  return (
    <AuthLayout
      title={t('Forgot Password')}
      intro={t(
        'Enter the email of your account and we will send you a link to choose a new password.',
      )}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
