import { useEffect } from 'react';
import { useUserProfile } from '../../features/account/api/get-user-profile';
import { AdminDashboard, dashboardTitle } from '../../features/admin/components/admin-dashboard';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../hooks/use-session';

export default function AdminRoute() {
  const { userName } = useSession();
  const profile = useUserProfile(userName);
  const storeName = profile.data?.storeName;
  useDocumentTitle(dashboardTitle(storeName));

  // Spec 8: a profile that fails to load in the dashboard is only logged.
  useEffect(() => {
    if (profile.error) console.error('Could not load the store owner profile.', profile.error);
  }, [profile.error]);

  return <AdminDashboard profile={{ status: profile.status, storeName }} />;
}
