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
  it('shows the number of items in the bag on the bag icon (issue 13)', async () => {
    setSession(validToken('alice'), 'alice');
    const line = (quantity: number) => ({ quantity, unavailable: false });
    mockFetch((method, path) => {
      if (path === '/orders/cart')
        return jsonResponse(200, { items: [line(2), line(1)], subtotal: 0, currency: 'CAD' });
      if (path === '/user/alice') return jsonResponse(200, profile(null));
      return jsonResponse(404, { message: 'Not found.' });
    });
    renderRoute('/about');
    const bag = await screen.findByRole('link', { name: 'Shopping bag, 3 items' });
    expect(bag).toHaveTextContent('3');
  });

  it('has the brand, the four links, the city select and a labelled bag link', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(screen.getByRole('link', { name: 'LOCAL BRANDS' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Menswear' })).toHaveAttribute(
      'href',
      '/products?category=men',
    );
    expect(screen.getByRole('link', { name: 'Womenswear' })).toHaveAttribute(
      'href',
      '/products?category=women',
    );
    expect(screen.getAllByRole('link', { name: 'Brands' })[0]).toHaveAttribute(
      'href',
      '/storePage',
    );
    expect(screen.getAllByRole('link', { name: 'About' })[0]).toHaveAttribute('href', '/about');
    const navigation = within(document.querySelector<HTMLElement>('.site-navbar')!);
    expect(navigation.getByRole('link', { name: 'Sell with us' })).toHaveAttribute(
      'href',
      '/seller-home',
    );
    expect(screen.getByRole('link', { name: 'Shopping bag' })).toHaveAttribute(
      'href',
      '/shopping-bag',
    );
    const city = screen.getByRole('combobox', { name: 'City' });
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...CITIES, 'ALL CITIES']);
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

describe('navigation bar keyboard order', () => {
  it('reaches the links and the city before the account and bag icons, as a wide screen shows them', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const bar = document.querySelector<HTMLElement>('.site-navbar')!;
    const order = Array.from(bar.querySelectorAll<HTMLElement>('a[href], button, select')).map(
      (el) => el.getAttribute('aria-label') ?? el.textContent,
    );
    expect(order).toEqual([
      'LOCAL BRANDS',
      'Menswear',
      'Womenswear',
      'Brands',
      'About',
      'Sell with us',
      'City',
      // The language switch (issue 19): each language named in itself.
      'EN English',
      'FR Français',
      'Account menu',
      'Shopping bag',
      'Open menu',
    ]);
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
    expect(f.getByRole('link', { name: 'Sell with us' })).toHaveAttribute('href', '/seller-home');
    expect(f.getByRole('link', { name: 'Contact' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(f.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/about#privacy');
    const social = f.getAllByRole('link', { name: /LOCAL BRANDS on / });
    expect(social).toHaveLength(4);
    for (const link of social) expect(link.getAttribute('rel')).toContain('noopener');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});

describe('footer Privacy link', () => {
  it('opens the About page at its Privacy section, open and scrolled to, also from /about', async () => {
    // jsdom does not lay out pages, so it has no scrollIntoView: record who asks for it.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      const { user, location } = renderRoute('/about');
      const privacy = await screen.findByRole('button', { name: 'Privacy Policy' });
      expect(privacy).toHaveAttribute('aria-expanded', 'false');
      await user.click(
        within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy' }),
      );
      expect(location().hash).toBe('#privacy');
      await waitFor(() => expect(privacy).toHaveAttribute('aria-expanded', 'true'));
      expect(scrolled).toContain('privacy');
      // Issue 39 item 11: the section it opens has the policy, not an empty body.
      expect(document.getElementById('privacy')).toHaveTextContent(
        /What we collect: .*Your rights: .*privacy@localbrands\.example/,
      );
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
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
