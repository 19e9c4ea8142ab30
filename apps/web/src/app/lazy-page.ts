import { LAZY_CHUNK_TIMEOUT_MS } from '@marketplace/shared';
import { createElement, useState, type ComponentType } from 'react';
import { loadedOnce } from '../lib/lazy-section';

type PageModule = { default: ComponentType };

let loadingCount = 0;
const listeners = new Set<() => void>();
const setLoading = (change: 1 | -1) => {
  loadingCount += change;
  listeners.forEach((listener) => listener());
};

/** For useSyncExternalStore: whether a page's chunk is on its way (the route progress bar). */
export const pageLoading = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isLoading: () => loadingCount > 0,
};

/**
 * Loads a page module. A chunk that fails or takes longer than LAZY_CHUNK_TIMEOUT_MS rejects
 * with spec 8's 'Loading chunk {n} failed' message, which the route's error boundary shows.
 */
export async function loadPage(name: string, load: () => Promise<PageModule>): Promise<PageModule> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`Loading chunk ${name} failed. (timeout after ${LAZY_CHUNK_TIMEOUT_MS} ms)`),
        ),
      LAZY_CHUNK_TIMEOUT_MS,
    );
  });
  const loading = load().catch((error: unknown) => {
    const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
    throw new Error(`Loading chunk ${name} failed.${reason}`, { cause: error });
  });
  setLoading(1);
  try {
    return await Promise.race([loading, timeout]);
  } finally {
    clearTimeout(timer);
    setLoading(-1);
  }
}

/** A lazy page that can also be loaded ahead of rendering (`preload`). */
export type LazyPage = ComponentType & {
  preload: () => Promise<void>;
  /** Its module in the build's manifest, for the server to link its chunk and CSS. */
  source: string;
};

/**
 * A route's page as its own chunk, loaded the first time the route renders, or before with
 * `preload()`: the server renders a page it has loaded, and the browser loads the same page
 * before hydrating it (decision 024), so neither waits on a Suspense fallback. A page mounted
 * before its chunk arrived stays on React.lazy for its lifetime (no remount when it lands).
 */
export function lazyPage(name: string, load: () => Promise<PageModule>): LazyPage {
  const page = loadedOnce(() => loadPage(name, load).then((module) => module.default));
  function Page() {
    const [Component] = useState(page.current);
    return createElement(Component);
  }
  Page.preload = async () => {
    await page.get();
  };
  Page.source = `src/app/routes/${name}.tsx`;
  return Page;
}
