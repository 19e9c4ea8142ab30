import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:system`: tests that start the real server as a process and load it, against
// PostgreSQL. One file at a time, since each one loads both cores.
export default defineConfig({
  test: {
    name: 'system',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['system/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
