import { useEffect } from 'react';
import { useUserProfile } from '../../lib/api/get-user-profile';
import { AdminDashboard, dashboardTitle } from '../../features/admin/components/admin-dashboard';
import { useI18n } from '../../i18n/i18n-context';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../hooks/use-session';

export default function AdminRoute() {
  const { userName } = useSession();
  const profile = useUserProfile(userName);
  const storeName = profile.data?.storeName;
  const { t } = useI18n();
  useDocumentTitle(dashboardTitle(storeName, t));

  // Spec 8: a profile that fails to load in the dashboard is only logged.
  useEffect(() => {
    if (profile.error) console.error('Could not load the store owner profile.', profile.error);
  }, [profile.error]);

  return <AdminDashboard profile={{ status: profile.status, storeName }} />;
}
