import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/ui/auth-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title="Reset Password" intro="Choose a new password for your account.">
      <ResetPasswordForm token={searchParams.get('token')} />
    </AuthLayout>
  );
}
