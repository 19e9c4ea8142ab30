import type { ToastContent, ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info';

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
function show(kind: Kind, content: ToastContent, options?: ToastOptions): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void import('react-toastify').then(({ toast }) => toast[kind](content, options));
}

export const toast = {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
};
