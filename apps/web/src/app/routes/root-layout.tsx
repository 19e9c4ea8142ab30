import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteNavbar } from '../../components/layout/site-navbar';
import { useUserProfile } from '../../features/account/api/get-user-profile';
import { SearchBox } from '../../features/catalog/components/search-box';
import { useBagCount } from '../../features/bag/api/get-cart';
import { useScrollRestoration } from '../../hooks/use-scroll-restoration';
import { useSession } from '../../hooks/use-session';
import { clearSession, isTokenValid } from '../../lib/session';
import { pageLoading } from '../lazy-page';
import { RouteErrorBoundary } from './route-error';

export function RootLayout() {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
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

  const logout = () => {
    clearSession();
    queryClient.removeQueries({ queryKey: ['user'] });
    queryClient.removeQueries({ queryKey: ['cart'] });
    void navigate('/login');
  };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteNavbar
        isLoggedIn={session.isLoggedIn}
        isSeller={isSeller}
        isOperator={isOperator}
        onLogout={logout}
        renderSearch={(closeMenu) => <SearchBox onNavigate={closeMenu} />}
        bagCount={bagCount}
      />
      {isPageLoading ? <div className="route-progress" aria-hidden="true" /> : null}
      <main id="main" className="app-main" tabIndex={-1}>
        {/* A page's error keeps the navigation bar and footer around it. */}
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
