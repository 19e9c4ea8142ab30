import type { ToastContent, ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info';

interface ShowOptions extends ToastOptions {
  /** A name for the place this toast takes: it replaces the one shown there last, never stacks. */
  replacing?: string;
}

/** The toast each `replacing` name shows now. */
const shownIn = new Map<string, string | number>();

let requested = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: whether any toast was raised yet (the container mounts then). */
export const toastsRequested = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => requested,
};

/**
 * react-toastify's toast.success/error/info, loaded with the first toast rather than with every
 * page that might show one (it is ~10 KB gzip, and injects its stylesheet when it loads). The
 * app's ToastContainer mounts at the same moment; the toast waits in react-toastify's queue
 * until it has.
 */
function show(kind: Kind, content: ToastContent, options?: ShowOptions): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  const { replacing, ...toastOptions } = options ?? {};
  void import('react-toastify').then(({ toast }) => {
    const previous = replacing === undefined ? undefined : shownIn.get(replacing);
    if (previous !== undefined) toast.dismiss(previous);
    const id = toast[kind](content, toastOptions);
    if (replacing !== undefined) shownIn.set(replacing, id);
  });
}

export const toast = {
  success: (content: ToastContent, options?: ShowOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ShowOptions) => show('error', content, options),
  info: (content: ToastContent, options?: ShowOptions) => show('info', content, options),
};
