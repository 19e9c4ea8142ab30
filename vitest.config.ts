import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './apps/web/compiled-catalogs.ts';

// API tests run on the embedded database always, and again on a real PostgreSQL server
// when TEST_DATABASE_URL is set (CI sets it): the same files, one fresh database per file.
const apiProject = (db: 'pglite' | 'postgres') => ({
  // The server-render tests import the web app's entry, which imports its compiled catalogs.
  plugins: [compiledCatalogs()],
  test: {
    name: `api-${db}`,
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      'apps/web',
    ],
  },
});
