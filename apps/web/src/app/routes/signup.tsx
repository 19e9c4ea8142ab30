import { AuthLayout } from '../../components/ui/auth-layout';
import { FashionIllustration } from '../../components/ui/fashion-illustration';
import { SignupForm } from '../../features/auth/components/signup-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';

export default function SignupRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Create Account'));
  return (
    <AuthLayout
      title={t('Create Account')}
      intro={t('Join to save your bag, check out faster and follow your orders.')}
      aside={<FashionIllustration caption={t('Made close to home')} />}
    >
      <SignupForm />
    </AuthLayout>
  );
}
