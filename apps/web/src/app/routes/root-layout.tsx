import { useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@marketplace/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteNavbar } from '../../components/layout/site-navbar';
import { useUserProfile, userProfilesQueryKey } from '../../lib/api/get-user-profile';
import { cartQueryKey, useBagCount } from '../../lib/api/get-cart';
import { useScrollRestoration } from '../../hooks/use-scroll-restoration';
import '../../features/catalog/search-box.css';
import { useI18n } from '../../i18n/i18n-context';
import { pageInLocale, readSavedLocale, saveLocaleChoice } from '../../i18n/locale-choice';
import { saveProfileLocale } from '../../i18n/profile-locale';
import { useSession } from '../../hooks/use-session';
import { lazySection, preloadSections } from '../../lib/lazy-section';
import { clearSession, isTokenValid } from '../../lib/session';
import { pageLoading } from '../lazy-page';
import { RouteErrorBoundary } from './route-error';

// The search box's code (suggestions, keyboard) and the footer's follow the first load; the
// server draws them (their styles are in the entry's sheet, which the server inlines) and
// words typed into the box before it is taken over are kept (decision 031).
const SearchBox = lazySection(() =>
  import('../../features/catalog/components/search-box').then((m) => m.SearchBox),
);
const SiteFooter = lazySection(() =>
  import('../../components/layout/site-footer').then((m) => m.SiteFooter),
);

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
    // A server-rendered page is now React's, once its lazy sections' code is there too (their
    // hydration follows it within a frame). hydrate-after-paint.js holds what was clicked,
    // typed and sent until then, and does it again now.
    void preloadSections()
      .catch(() => {})
      .then(() =>
        requestAnimationFrame(() => {
          document.documentElement.dataset.hydrated = 'true';
        }),
      );
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

  const logout = useCallback(() => {
    clearSession();
    queryClient.removeQueries({ queryKey: userProfilesQueryKey });
    queryClient.removeQueries({ queryKey: cartQueryKey });
    void navigate('/login');
  }, [queryClient, navigate]);
  const renderSearch = useCallback(
    (closeMenu: () => void) => <SearchBox onNavigate={closeMenu} />,
    [],
  );

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
        renderSearch={renderSearch}
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
