import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The bench's smoke run: its own step of `npm test`, after the other tests, because it loads
// both cores for half a minute and would slow whatever ran beside it.
export default defineConfig({
  test: {
    name: 'bench-smoke',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.test.ts'],
    testTimeout: 300_000,
  },
});
