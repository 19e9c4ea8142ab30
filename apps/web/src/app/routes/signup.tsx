import { AuthLayout } from '../../components/ui/auth-layout';
import { FashionIllustration } from '../../components/ui/fashion-illustration';
import { SignupForm } from '../../features/auth/components/signup-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function SignupRoute() {
  useDocumentTitle('Create Account');
  return (
    <AuthLayout
      title="Create Account"
      intro="Join to save your bag, check out faster and follow your orders."
      aside={<FashionIllustration caption="Made close to home" />}
    >
      <SignupForm />
    </AuthLayout>
  );
}
