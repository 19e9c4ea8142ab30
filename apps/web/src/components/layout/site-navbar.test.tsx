import { CITIES } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, getUserName, setSession } from '../../lib/session';
import { jsonResponse, mockFetch, renderRoute, validToken } from '../../test/render';
import { BANNER_DISMISSED_KEY, CONSTRUCTION_NOTICE } from './construction-banner';
import { isCurrentLink } from './site-navbar';

const profile = (storeName: string | null) => ({
  userName: 'alice',
  firstName: 'Alice',
  lastName: 'Ng',
  email: 'alice@example.com',
  storeName,
  addresses: [],
});

async function openAccountMenu(user: ReturnType<typeof renderRoute>['user']) {
  const toggle = await screen.findByRole('button', { name: 'Account menu' });
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const menu = document.querySelector<HTMLElement>('.account-menu .dropdown-menu');
  if (!menu) throw new Error('The account menu did not open.');
  return menu;
}

/** The menu's entries, in order (links and the logout button). */
const entries = (menu: HTMLElement) => Array.from(menu.querySelectorAll('.dropdown-item'));
const labels = (menu: HTMLElement) => entries(menu).map((item) => item.textContent);

describe('navigation bar', () => {
  it('has the brand, the four links, the city select and a labelled bag link', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(screen.getByRole('link', { name: 'LOCAL BRANDS' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Menswear' })).toHaveAttribute(
      'href',
      '/products?keyword=men',
    );
    expect(screen.getByRole('link', { name: 'Womenswear' })).toHaveAttribute(
      'href',
      '/products?keyword=women',
    );
    expect(screen.getAllByRole('link', { name: 'Brands' })[0]).toHaveAttribute(
      'href',
      '/storePage',
    );
    expect(screen.getAllByRole('link', { name: 'About' })[0]).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Shopping bag' })).toHaveAttribute(
      'href',
      '/shopping-bag',
    );
    const city = screen.getByRole('combobox', { name: 'City' });
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...CITIES]);
  });

  it('remembers the chosen city', async () => {
    const { user } = renderRoute('/about');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'City' }), 'TORONTO');
    expect(localStorage.getItem('city')).toBe('TORONTO');
  });

  it('shows a dismissible construction notice, remembered for the session', async () => {
    const { user } = renderRoute('/about');
    expect(await screen.findByText(CONSTRUCTION_NOTICE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss site notice' }));
    expect(screen.queryByText(CONSTRUCTION_NOTICE)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(BANNER_DISMISSED_KEY)).toBe('true');
  });

  it('logged out: the account menu shows only Login, and no profile is requested', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, profile(null)));
    const { user } = renderRoute('/about');
    const menu = await openAccountMenu(user);
    const items = entries(menu);
    expect(labels(menu)).toEqual(['Login']);
    expect(items[0]).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logged in without a store: My Account and Logout, no Admin Dashboard', async () => {
    setSession(validToken(), 'alice');
    const fetchMock = mockFetch(() => jsonResponse(200, profile(null)));
    const { user } = renderRoute('/about');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const menu = await openAccountMenu(user);
    expect(labels(menu)).toEqual(['My Account', 'Logout']);
    expect(within(menu).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/user');
  });

  it('logged in with a store: Admin Dashboard above a divider', async () => {
    setSession(validToken(), 'alice');
    mockFetch((method, path) =>
      path === '/user/alice'
        ? jsonResponse(200, profile('North Shore Knits'))
        : jsonResponse(404, {}),
    );
    const { user } = renderRoute('/about');
    const menu = await openAccountMenu(user);
    await waitFor(() => expect(labels(menu)).toEqual(['Admin Dashboard', 'My Account', 'Logout']));
    expect(within(menu).getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(menu.querySelector('.dropdown-divider')).not.toBeNull();
  });

  it('a failed profile load counts as not a seller', async () => {
    setSession(validToken(), 'alice');
    const fetchMock = mockFetch(() => jsonResponse(500, { message: 'boom' }));
    const { user } = renderRoute('/about');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const menu = await openAccountMenu(user);
    expect(within(menu).queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('Logout clears the token and user name and goes to /login', async () => {
    setSession(validToken(), 'alice');
    mockFetch(() => jsonResponse(200, profile(null)));
    const { user, location } = renderRoute('/about');
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(getUserName()).toBeNull();
    const menuAfter = await openAccountMenu(user);
    expect(labels(menuAfter)).toEqual(['Login']);
  });
});

describe('footer', () => {
  it('links products, about, brands, contact and privacy, four social links and the year', async () => {
    renderRoute('/about');
    const footer = await screen.findByRole('contentinfo');
    const f = within(footer);
    expect(f.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(f.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(f.getByRole('link', { name: 'Brands' })).toHaveAttribute('href', '/storePage');
    expect(f.getByRole('link', { name: 'Contact' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(f.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/about');
    const social = f.getAllByRole('link', { name: /LOCAL BRANDS on / });
    expect(social).toHaveLength(4);
    for (const link of social) expect(link.getAttribute('rel')).toContain('noopener');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});

describe('isCurrentLink', () => {
  it('tells Menswear from Womenswear by the keyword', () => {
    const at = (pathname: string, search = '') => ({ pathname, search });
    expect(isCurrentLink('/products?keyword=men', at('/products', '?keyword=men&page=2'))).toBe(
      true,
    );
    expect(isCurrentLink('/products?keyword=men', at('/products', '?keyword=women'))).toBe(false);
    expect(isCurrentLink('/products?keyword=women', at('/products'))).toBe(false);
    expect(isCurrentLink('/about', at('/about'))).toBe(true);
    expect(isCurrentLink('/about', at('/storePage'))).toBe(false);
  });
});
