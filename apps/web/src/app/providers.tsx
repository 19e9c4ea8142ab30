import { TOAST_SETTINGS, type Translator } from '@marketplace/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n-context';
import { englishTranslator } from '../i18n/catalogs';
import { toastsRequested } from '../lib/toast';

const ToastContainer = lazy(async () => ({
  default: (await import('react-toastify')).ToastContainer,
}));

/** The toast container, from the first toast on (see lib/toast). */
function Toasts() {
  const needed = useSyncExternalStore(
    toastsRequested.subscribe,
    toastsRequested.get,
    toastsRequested.get,
  );
  return needed ? (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_SETTINGS} />
    </Suspense>
  ) : null;
}

interface AppProvidersProps {
  queryClient: QueryClient;
  /** The page's language (its URL's locale), loaded before the app renders. */
  translator?: Translator;
  children: ReactNode;
}

export function AppProviders({
  queryClient,
  translator = englishTranslator,
  children,
}: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider translator={translator}>
        {children}
        <Toasts />
      </I18nProvider>
    </QueryClientProvider>
  );
}
