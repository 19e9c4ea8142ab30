import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Arrival = 'navigate' | 'reload' | 'back_forward';

/**
 * The hook as a document reached by `arrival` loads it: its module reads the kept positions
 * and how the document was reached once, when it is imported.
 */
async function loadHook(arrival: Arrival) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type: arrival } as PerformanceNavigationTiming,
  ]);
  vi.resetModules();
  return (await import('./use-scroll-restoration')).useScrollRestoration;
}

/** Renders a page at `path` (the entry a document opens on); returns the router's navigate. */
function renderPage(useScrollRestoration: () => void, path: string) {
  let navigate: NavigateFunction | undefined;
  function Page() {
    useScrollRestoration();
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
  return navigate!;
}

function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

/** What a page that was scrolled, then left, keeps in the tab's session. */
async function leavePageScrolled(arrival: Arrival, path: string, y: number) {
  const useScrollRestoration = await loadHook(arrival);
  renderPage(useScrollRestoration, path);
  scrollBy(y);
  window.dispatchEvent(new Event('pagehide'));
}

describe('useScrollRestoration', () => {
  let scrollTo: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });

  afterEach(() => {
    scrollBy(0);
  });

  it('opens a newly visited page at the top, not where the last page was scrolled', async () => {
    await leavePageScrolled('navigate', '/about', 300);
    scrollTo.mockClear();

    renderPage(await loadHook('navigate'), '/products');

    expect(scrollTo).not.toHaveBeenCalledWith(0, 300);
  });

  it('opens a new visit of a page at the top, though an earlier visit was scrolled', async () => {
    await leavePageScrolled('navigate', '/products', 500);
    scrollTo.mockClear();

    renderPage(await loadHook('navigate'), '/products');

    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('returns a reloaded page, or one gone back to, where it was', async () => {
    await leavePageScrolled('navigate', '/products?page=2', 500);

    for (const arrival of ['reload', 'back_forward'] as const) {
      scrollTo.mockClear();
      renderPage(await loadHook(arrival), '/products?page=2');
      expect(scrollTo, arrival).toHaveBeenCalledWith(0, 500);
    }
  });

  it('returns to the first page where it was when the shopper comes back to it in the app', async () => {
    const navigate = renderPage(await loadHook('navigate'), '/products');
    scrollBy(400);

    act(() => void navigate('/about'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(0);
    act(() => void navigate(-1));

    expect(scrollTo).toHaveBeenLastCalledWith(0, 400);
  });
});
