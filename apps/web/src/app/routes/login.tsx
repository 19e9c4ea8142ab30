import { AuthLayout } from '../../components/ui/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function LoginRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Login'));
  return (
    <AuthLayout
      title={t('Login Now')}
      intro={t('Welcome back. Log in with your user name or email.')}
    >
      <LoginForm />
    </AuthLayout>
  );
}
