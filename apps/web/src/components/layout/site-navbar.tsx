import Container from 'react-bootstrap/Container';
import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useLocation, type Location } from 'react-router';
import { BagIcon, UserIcon } from '../ui/icons';
import { CitySelect } from './city-select';
import { ConstructionBanner } from './construction-banner';

export const BRAND_NAME = 'LOCAL BRANDS';

interface SiteNavbarProps {
  isLoggedIn: boolean;
  /** The profile has a storeName (a failed profile load counts as not a seller). */
  isSeller: boolean;
  onLogout: () => void;
}

/**
 * Menswear and Womenswear share /products and differ only by keyword, so a link is current
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
  { to: '/products?keyword=men', label: 'Menswear' },
  { to: '/products?keyword=women', label: 'Womenswear' },
  { to: '/storePage', label: 'Brands' },
  { to: '/about', label: 'About' },
];

/**
 * The top bar of spec 2. It collapses at NAV_BREAKPOINT_PX (990 px) and below: the
 * "navbar-expand-nav" class is defined in styles/theme.css, because Bootstrap's lg is 992 px.
 */
export function SiteNavbar({ isLoggedIn, isSeller, onLogout }: SiteNavbarProps) {
  const location = useLocation();
  return (
    <header className="site-header">
      <ConstructionBanner />
      <Navbar expand="nav" collapseOnSelect className="site-navbar">
        <Container fluid="xl" className="site-navbar__inner">
          <Navbar.Brand as={Link} to="/" className="site-navbar__brand">
            {BRAND_NAME}
          </Navbar.Brand>

          <div className="site-navbar__tools">
            <Dropdown align="end" className="account-menu">
              <Dropdown.Toggle
                variant="link"
                className="icon-button"
                aria-label="Account menu"
                id="account-menu-toggle"
              >
                <UserIcon />
              </Dropdown.Toggle>
              <Dropdown.Menu>
                {isLoggedIn ? (
                  <>
                    {isSeller ? (
                      <>
                        <Dropdown.Item as={Link} to="/admin">
                          Admin Dashboard
                        </Dropdown.Item>
                        <Dropdown.Divider />
                      </>
                    ) : null}
                    <Dropdown.Item as={Link} to="/user">
                      My Account
                    </Dropdown.Item>
                    <Dropdown.Item as="button" type="button" onClick={onLogout}>
                      Logout
                    </Dropdown.Item>
                  </>
                ) : (
                  <Dropdown.Item as={Link} to="/login">
                    Login
                  </Dropdown.Item>
                )}
              </Dropdown.Menu>
            </Dropdown>
            <Link to="/shopping-bag" className="icon-button" aria-label="Shopping bag">
              <BagIcon />
            </Link>
            <Navbar.Toggle aria-controls="site-navbar-menu" label="Open menu" />
          </div>

          <Navbar.Collapse id="site-navbar-menu" className="site-navbar__menu">
            <Nav className="site-navbar__links" as="ul">
              {NAV_LINKS.map((link) => {
                const current = isCurrentLink(link.to, location);
                return (
                  <Nav.Item as="li" key={link.to}>
                    <Nav.Link
                      as={Link}
                      to={link.to}
                      eventKey={link.to}
                      active={current}
                      aria-current={current ? 'page' : undefined}
                    >
                      {link.label}
                    </Nav.Link>
                  </Nav.Item>
                );
              })}
            </Nav>
            <CitySelect />
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
