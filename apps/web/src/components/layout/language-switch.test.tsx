import type { Translator } from '@marketplace/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/providers';
import { AppRoutes } from '../../app/router';
import { loadTranslator } from '../../i18n/catalogs';
import { readSavedLocale } from '../../i18n/locale-choice';
import { setSession } from '../../lib/session';
import {
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  requestBody,
  validToken,
} from '../../test/render';

let french: Translator;
beforeAll(async () => {
  french = await loadTranslator('fr-CA');
});

afterEach(() => {
  document.cookie = 'locale=; path=/; max-age=0';
  vi.unstubAllGlobals();
});

/** The app at a French URL, as main.tsx mounts it: the router below /fr, the French catalog. */
function renderFrench(url: string) {
  return render(
    <AppProviders queryClient={createTestQueryClient()} translator={french}>
      <MemoryRouter basename="/fr" initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

function renderEnglish(url: string) {
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

const navbar = () => document.querySelector<HTMLElement>('.site-navbar')!;
const footer = () => screen.getByRole('contentinfo');

describe('the layout in French (issue 19)', () => {
  it('has the navigation, the footer and the notice in French, with links under /fr', async () => {
    renderFrench('/fr/about');
    await screen.findByRole('heading', { level: 1, name: 'À propos de nous' });
    const bar = within(navbar());
    expect(bar.getByRole('link', { name: 'Mode homme' })).toHaveAttribute(
      'href',
      '/fr/products?category=men',
    );
    expect(bar.getByRole('link', { name: 'Mode femme' })).toBeInTheDocument();
    expect(bar.getByRole('link', { name: 'Marques' })).toHaveAttribute('href', '/fr/storePage');
    expect(bar.getByRole('link', { name: 'Vendez avec nous' })).toBeInTheDocument();
    expect(bar.getByRole('combobox', { name: 'Ville' })).toBeInTheDocument();
    // Issue 39 item 12: the city's French name, with its accent; the value stays the code.
    expect(bar.getByRole('option', { name: 'MONTRÉAL' })).toHaveValue('MONTREAL');
    expect(bar.getByRole('button', { name: 'Menu du compte' })).toBeInTheDocument();
    expect(bar.getByRole('link', { name: 'Panier' })).toHaveAttribute('href', '/fr/shopping-bag');
    expect(screen.getByRole('region', { name: 'Avis du site' })).toHaveTextContent(
      'Ce site est en construction',
    );
    const f = within(footer());
    expect(f.getByRole('link', { name: 'Produits' })).toHaveAttribute('href', '/fr/products');
    expect(f.getByRole('link', { name: 'Confidentialité' })).toHaveAttribute(
      'href',
      '/fr/about#privacy',
    );
    expect(f.getAllByRole('link', { name: /^LOCAL BRANDS sur / })).toHaveLength(4);
    expect(footer()).toHaveTextContent(
      `© ${new Date().getFullYear()} LOCAL BRANDS. Tous droits réservés.`,
    );
    await waitFor(() => expect(document.title).toBe('À propos de nous · LOCAL BRANDS'));
  });

  it('says a missing page is not found, in French', async () => {
    renderFrench('/fr/nowhere');
    await screen.findByRole('heading', { level: 1, name: 'Page introuvable' });
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/fr');
  });
});

describe('the language switch (issue 19)', () => {
  it('is in the navigation and the footer, names the current language and links the same page', async () => {
    renderFrench('/fr/about?x=1#nothing');
    await screen.findByRole('heading', { level: 1, name: 'À propos de nous' });
    for (const place of [navbar(), footer()]) {
      const languages = within(place).getByRole('list', { name: 'Langue' });
      const english = within(languages).getByRole('link', { name: 'EN English' });
      const frenchLink = within(languages).getByRole('link', { name: 'FR Français' });
      expect(english).toHaveAttribute('href', '/about?x=1#nothing');
      expect(english).toHaveAttribute('hreflang', 'en');
      expect(english).toHaveTextContent('EN');
      expect(english).not.toHaveAttribute('aria-current');
      expect(frenchLink).toHaveAttribute('href', '/fr/about?x=1#nothing');
      expect(frenchLink).toHaveAttribute('aria-current', 'true');
    }
  });

  it('from the keyboard: remembers the choice and loads the page in that language', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderEnglish('/about?x=1');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const languages = within(navbar()).getByRole('list', { name: 'Language' });
    within(languages).getByRole('link', { name: 'FR Français' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/fr\/about\?x=1$/)),
    );
    expect(readSavedLocale()).toBe('fr-CA');
  });

  it('keeps a signed-in user’s choice in their profile too', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch((method, path) => {
      if (method === 'PUT' && path === '/user/alice/locale')
        return jsonResponse(200, { locale: 'fr-CA' });
      if (path === '/user/alice')
        return jsonResponse(200, {
          userName: 'alice',
          firstName: 'Alice',
          lastName: 'Ng',
          email: 'alice@example.com',
          storeName: null,
          role: 'buyer',
          locale: 'en',
          addresses: [],
        });
      if (path === '/orders/cart')
        return jsonResponse(200, { items: [], subtotal: 0, currency: 'CAD' });
      return jsonResponse(404, { message: 'Not found.' });
    });
    document.cookie = 'locale=en; path=/';
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderEnglish('/about');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await user.click(within(footer()).getByRole('link', { name: 'FR Français' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/fr\/about$/)));
    expect(requestBody(fetchMock, 'PUT', '/user/alice/locale')).toEqual({ locale: 'fr-CA' });
  });
});
