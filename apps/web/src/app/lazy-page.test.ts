import { LAZY_CHUNK_TIMEOUT_MS } from '@marketplace/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = () => null;

describe('lazyPage', () => {
  afterEach(() => vi.useRealTimers());

  it("resolves to the module's default export as the route Component", async () => {
    await expect(lazyPage('home', async () => ({ default: Page }))()).resolves.toEqual({
      Component: Page,
    });
  });

  it("a failed chunk rejects with a 'Loading chunk {n} failed' message", async () => {
    const load = lazyPage('login', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(load()).rejects.toThrow(
      /^Loading chunk login failed\. \(Failed to fetch dynamically imported module\)$/,
    );
  });

  it('a chunk slower than LAZY_CHUNK_TIMEOUT_MS fails the same way', async () => {
    vi.useFakeTimers();
    const result = lazyPage('about', () => new Promise(() => {}))();
    const assertion = expect(result).rejects.toThrow(/^Loading chunk about failed/);
    await vi.advanceTimersByTimeAsync(LAZY_CHUNK_TIMEOUT_MS);
    await assertion;
  });
});
