import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/ui/auth-layout';
import { RevertEmail } from '../../features/auth/components/revert-email';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function RevertEmailRoute() {
  useDocumentTitle('Undo Email Change');
  const [searchParams] = useSearchParams();
  return (
    <AuthLayout title="Undo Email Change">
      <RevertEmail token={searchParams.get('token')} />
    </AuthLayout>
  );
}
