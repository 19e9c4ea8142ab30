import { AuthLayout } from '../../components/ui/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  return (
    <AuthLayout
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
