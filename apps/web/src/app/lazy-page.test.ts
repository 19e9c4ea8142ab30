import { LAZY_CHUNK_TIMEOUT_MS } from '@marketplace/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage, pageLoading } from './lazy-page';

const Page = () => null;

describe('loadPage', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves to the page module', async () => {
    await expect(loadPage('home', async () => ({ default: Page }))).resolves.toEqual({
      default: Page,
    });
  });

  it("a failed chunk rejects with a 'Loading chunk {n} failed' message", async () => {
    const load = loadPage('login', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(load).rejects.toThrow(
      /^Loading chunk login failed\. \(Failed to fetch dynamically imported module\)$/,
    );
  });

  it('a chunk slower than LAZY_CHUNK_TIMEOUT_MS fails the same way', async () => {
    vi.useFakeTimers();
    const result = loadPage('about', () => new Promise(() => {}));
    const assertion = expect(result).rejects.toThrow(/^Loading chunk about failed/);
    await vi.advanceTimersByTimeAsync(LAZY_CHUNK_TIMEOUT_MS);
    await assertion;
  });

  it('tells whether a page is loading, for the progress bar', async () => {
    let finish: (module: { default: typeof Page }) => void = () => {};
    const listener = vi.fn();
    const unsubscribe = pageLoading.subscribe(listener);
    const result = loadPage('about', () => new Promise((resolve) => (finish = resolve)));
    expect(pageLoading.isLoading()).toBe(true);
    finish({ default: Page });
    await result;
    expect(pageLoading.isLoading()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
