import { TOAST_SETTINGS } from '@marketplace/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
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
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
