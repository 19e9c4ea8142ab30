import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { registerNavigator } from '../lib/navigation';

// Lazy pages load their chunk on first use; on a busy 2-core CI machine that can take more than
// Testing Library's default second. Assertions still fail, only later.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; ScrollRestoration and react-bootstrap call it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  registerNavigator(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
