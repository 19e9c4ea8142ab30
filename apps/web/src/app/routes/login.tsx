import { AuthLayout } from '../../components/ui/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function LoginRoute() {
  useDocumentTitle('Login');
  return (
    <AuthLayout title="Login Now" intro="Welcome back. Log in with your user name or email.">
      <LoginForm />
    </AuthLayout>
  );
}
