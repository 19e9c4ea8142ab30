import { useUserProfile } from '../../lib/api/get-user-profile';
import { SellerLanding } from '../../features/seller/components/seller-landing';
import { SellerStart } from '../../features/seller/components/seller-start';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useI18n } from '../../i18n/i18n-context';
import { useSession } from '../../hooks/use-session';
import { isTokenValid } from '../../lib/session';

export default function SellerHomeRoute() {
  const { t } = useI18n();
  useDocumentTitle(t('Sell With Us'));
  const session = useSession();
  // A public page: an expired token must not bounce the visitor to /login, so only ask while valid.
  const signedIn = session.isLoggedIn && isTokenValid(session.token);
  const profile = useUserProfile(signedIn ? session.userName : null);
  return (
    <SellerLanding>
      <SellerStart
        isLoggedIn={signedIn}
        profile={{ isPending: profile.isPending, storeName: profile.data?.storeName }}
      />
    </SellerLanding>
  );
}
