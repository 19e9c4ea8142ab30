import { MESSAGES } from '@marketplace/shared';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { toast } from '../../../lib/toast';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { useUserProfile } from '../../../lib/api/get-user-profile';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetails } from './profile-details';
import { ProfileForm } from './profile-form';

export function ProfilePanel({ userName }: { userName: string }) {
  const { t } = useI18n();
  const profile = useUserProfile(userName);
  const [mode, setMode] = useState<'view' | 'edit' | 'password'>('view');

  useEffect(() => {
    if (profile.isError) toast.error(t(MESSAGES.loadUserFailed), { toastId: 'load-user-failed' });
  }, [profile.isError, t]);

  if (profile.isPending) return <PageLoader label={t('Loading profile…')} />;
  if (profile.isError) {
    return (
      <Alert variant="danger">
        <p className="mb-2">{t(MESSAGES.loadUserFailed)}</p>
        <Button variant="outline-danger" size="sm" onClick={() => void profile.refetch()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  }
  const done = () => setMode('view');
  if (mode === 'edit') return <ProfileForm profile={profile.data} onDone={done} />;
  if (mode === 'password') {
    return (
      <>
        <h2 className="section-title">{t('Change password')}</h2>
        <ChangePasswordForm profile={profile.data} onDone={done} />
      </>
    );
  }
  return (
    <>
      <ProfileDetails profile={profile.data} onEdit={() => setMode('edit')} />
      <Button variant="outline-primary" className="mt-3" onClick={() => setMode('password')}>
        {t('Change password')}
      </Button>
    </>
  );
}
