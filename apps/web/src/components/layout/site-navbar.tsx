import { msg, type Locale } from '@marketplace/shared';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, type Location } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';
import { lazySection } from '../../lib/lazy-section';
import { BagIcon } from '../ui/icons';
import { CitySelect } from './city-select';
import { LanguageSwitch } from './language-switch';

// The account menu's and the site notice's code follows the first load (decision 031); a
// click on either meanwhile is replayed once it is there.
const AccountMenu = lazySection(() => import('./account-menu').then((m) => m.AccountMenu));
const ConstructionBanner = lazySection(() =>
  import('./construction-banner').then((m) => m.ConstructionBanner),
);

export const BRAND_NAME = 'LOCAL BRANDS';

interface SiteNavbarProps {
  isLoggedIn: boolean;
  /** The profile has a storeName (a failed profile load counts as not a seller). */
  isSeller: boolean;
  /** The profile's role is 'operator' (issue 17): the bar links to the console. */
  isOperator?: boolean;
  /** Units in the signed-in shopper's bag (issue 13), shown on the bag icon when above 0. */
  bagCount?: number;
  onLogout: () => void;
  /**
   * The search box, given by the app layer (the bar does not import features); it gets the
   * function that closes the compact menu once it has sent the shopper somewhere.
   */
  renderSearch?: (closeMenu: () => void) => ReactNode;
  /** Keeps a chosen language beyond this device (a signed-in user's profile). */
  onChooseLocale?: (locale: Locale) => Promise<unknown>;
}

/**
 * Menswear and Womenswear share /products and differ only by category, so a link is current
 * when the path matches and every parameter it names has the same value.
 */
export function isCurrentLink(
  to: string,
  location: Pick<Location, 'pathname' | 'search'>,
): boolean {
  const target = new URL(to, 'http://local');
  if (target.pathname !== location.pathname) return false;
  const current = new URLSearchParams(location.search);
  return [...target.searchParams].every(([key, value]) => current.get(key) === value);
}

const NAV_LINKS = [
  { to: '/products?category=men', label: msg('Menswear') },
  { to: '/products?category=women', label: msg('Womenswear') },
  { to: '/storePage', label: msg('Brands') },
  { to: '/about', label: msg('About') },
  // Issue 13: brands find the way to open a store from every page.
  { to: '/seller-home', label: msg('Sell with us') },
];

/** Only operators see it (issue 17). */
const OPERATOR_LINK = { to: '/operator', label: msg('Operator') };

/**
 * The top bar of spec 2. It collapses at NAV_BREAKPOINT_PX (990 px) and below: the
 * "navbar-expand-nav" class is defined in styles/theme.css, because Bootstrap's lg is 992 px.
 * Bootstrap's navbar markup, without react-bootstrap's components: the bar is on every first
 * load, and the open/closed state is all it needs.
 */
export function SiteNavbar({
  isLoggedIn,
  isSeller,
  isOperator = false,
  onLogout,
  renderSearch,
  bagCount = 0,
  onChooseLocale,
}: SiteNavbarProps) {
  const { t } = useI18n();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Choosing a link closes the compact menu. One function for the bar's life: the search box
  // is a lazy section, which must get the props it was drawn with until it hydrates.
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return (
    <header className="site-header">
      <ConstructionBanner />
      <nav className="site-navbar navbar navbar-expand-nav navbar-light">
        <div className="site-navbar__inner container-xl">
          <Link to="/" className="site-navbar__brand navbar-brand" onClick={closeMenu}>
            {BRAND_NAME}
          </Link>

          {/*
            The links come before the icons in the page, as they do on a wide screen, so the
            tab order follows what is seen; the compact layout puts the menu below (theme.css).
          */}
          <div
            id="site-navbar-menu"
            className={`site-navbar__menu navbar-collapse collapse${menuOpen ? ' show' : ''}`}
          >
            <ul className="site-navbar__links navbar-nav">
              {(isOperator ? [...NAV_LINKS, OPERATOR_LINK] : NAV_LINKS).map((link) => {
                const current = isCurrentLink(link.to, location);
                return (
                  <li className="nav-item" key={link.to}>
                    <Link
                      to={link.to}
                      className={`nav-link${current ? ' active' : ''}`}
                      aria-current={current ? 'page' : undefined}
                      onClick={closeMenu}
                    >
                      {t(link.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
            {renderSearch?.(closeMenu)}
            <CitySelect />
            <LanguageSwitch onChoose={onChooseLocale} className="site-navbar__languages" />
          </div>

          <div className="site-navbar__tools">
            <AccountMenu isLoggedIn={isLoggedIn} isSeller={isSeller} onLogout={onLogout} />
            <Link
              to="/shopping-bag"
              className="icon-button site-navbar__bag"
              aria-label={
                bagCount > 0
                  ? t('{count, plural, one {Shopping bag, # item} other {Shopping bag, # items}}', {
                      count: bagCount,
                    })
                  : t('Shopping bag')
              }
              onClick={closeMenu}
            >
              <BagIcon />
              {bagCount > 0 && (
                <span className="site-navbar__bag-count" aria-hidden="true">
                  {bagCount > 99 ? '99+' : bagCount}
                </span>
              )}
            </Link>
            <button
              type="button"
              className={`navbar-toggler${menuOpen ? '' : ' collapsed'}`}
              aria-controls="site-navbar-menu"
              aria-expanded={menuOpen}
              aria-label={t('Open menu')}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className="navbar-toggler-icon" />
            </button>
          </div>
        </div>
      </nav>
    </header>
  );
}
