import { LAZY_CHUNK_TIMEOUT_MS } from '@marketplace/shared';
import type { ComponentType } from 'react';

/**
 * A route's `lazy` for a page module with a default export. A chunk that fails or takes longer
 * than LAZY_CHUNK_TIMEOUT_MS rejects with spec 8's 'Loading chunk {n} failed' message, which the
 * route's error element shows.
 */
export function lazyPage(name: string, load: () => Promise<{ default: ComponentType }>) {
  return async () => {
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
    try {
      const module = await Promise.race([loading, timeout]);
      return { Component: module.default };
    } finally {
      clearTimeout(timer);
    }
  };
}
