import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../app/providers';
import { loadTranslator } from '../i18n/catalogs';
import { I18nProvider } from '../i18n/i18n-context';
import { createTestQueryClient } from './render';

/**
 * Renders a page's component in Canadian French (the compiled fr-CA catalog, as the browser
 * loads it), inside the app's providers and a memory router at `url` (matched by `path`).
 */
export async function renderInFrench(
  element: ReactNode,
  { url = '/', path = '*' }: { url?: string; path?: string } = {},
) {
  const translator = await loadTranslator('fr-CA');
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <I18nProvider translator={translator}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </I18nProvider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, user, queryClient };
}
