import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/**
 * packages/shared only declares constants, schemas and pure functions, but its package.json
 * cannot say so ("sideEffects": false). Telling the bundler lets the first page load take
 * MESSAGES and the constants without the zod schemas, which then load with the form pages.
 */
function sharedHasNoSideEffects(): Plugin {
  return {
    name: 'shared-has-no-side-effects',
    transform(code, id) {
      return id.startsWith(sharedSource) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

// The API serves its JSON under /api and uploaded images under /uploads.
const apiProxy = { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' };

export default defineConfig({
  plugins: [react(), sharedHasNoSideEffects()],
  server: {
    // The API lives under /api on the same origin in production (DESIGN 3).
    proxy: apiProxy,
  },
  preview: { proxy: apiProxy },
  build: { outDir: 'dist' },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
