import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { registerNavigator } from '../lib/navigation';

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
