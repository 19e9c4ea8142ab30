import { useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@marketplace/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteNavbar } from '../../components/layout/site-navbar';
import { useUserProfile } from '../../features/account/api/get-user-profile';
import { SearchBox } from '../../features/catalog/components/search-box';
import { useBagCount } from '../../features/bag/api/get-cart';
import { useScrollRestoration } from '../../hooks/use-scroll-restoration';
import { useI18n } from '../../i18n/i18n-context';
import { pageInLocale, readSavedLocale, saveLocaleChoice } from '../../i18n/locale-choice';
import { saveProfileLocale } from '../../i18n/profile-locale';
import { useSession } from '../../hooks/use-session';
import { clearSession, isTokenValid } from '../../lib/session';
import { pageLoading } from '../lazy-page';
import { RouteErrorBoundary } from './route-error';

export function RootLayout() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t, locale } = useI18n();
  const isPageLoading = useSyncExternalStore(
    pageLoading.subscribe,
    pageLoading.isLoading,
    // A server-rendered page is drawn with its page loaded (decision 024).
    () => false,
  );
  useScrollRestoration();
  useEffect(() => {
    // A server-rendered page is now React's (main.tsx holds form submissions until then).
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // An expired token must not bounce a shopper off a public page: only ask while it is valid.
  const canLoadProfile = session.isLoggedIn && isTokenValid(session.token);
  const profile = useUserProfile(canLoadProfile ? session.userName : null);
  const isSeller = canLoadProfile && Boolean(profile.data?.storeName);
  const isOperator = canLoadProfile && profile.data?.role === 'operator';
  const bagCount = useBagCount(canLoadProfile);
  const profileLocale = profile.data?.locale;
  const userName = canLoadProfile ? session.userName : null;

  // A device without a chosen language takes the one a signed-in user keeps in their profile
  // (chosen on another device), and shows this page in it.
  useEffect(() => {
    if (!profileLocale || readSavedLocale()) return;
    saveLocaleChoice(profileLocale);
    if (profileLocale !== locale)
      window.location.replace(pageInLocale(window.location, profileLocale));
  }, [profileLocale, locale]);

  const chooseLocale = useCallback(
    (chosen: Locale) => (userName ? saveProfileLocale(userName, chosen) : Promise.resolve()),
    [userName],
  );

  const logout = () => {
    clearSession();
    queryClient.removeQueries({ queryKey: ['user'] });
    queryClient.removeQueries({ queryKey: ['cart'] });
    void navigate('/login');
  };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <SiteNavbar
        isLoggedIn={session.isLoggedIn}
        isSeller={isSeller}
        isOperator={isOperator}
        onLogout={logout}
        renderSearch={(closeMenu) => <SearchBox onNavigate={closeMenu} />}
        bagCount={bagCount}
        onChooseLocale={chooseLocale}
      />
      {isPageLoading ? <div className="route-progress" aria-hidden="true" /> : null}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* A page's error keeps the navigation bar and footer around it. */}
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <SiteFooter onChooseLocale={chooseLocale} />
    </div>
  );
}
