// Issue 18: the server-rendered pages under load, beside the API's scenarios (bench/bench.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_KEYWORDS, type SeededCatalog } from './catalog-seed';

export const PRODUCT_PAGE_HTML = 'product page HTML';
export const CATALOG_PAGE_HTML = 'catalog page HTML';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const ssrEntry = path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js');

/**
 * The API serves apps/web/dist and renders with apps/web/dist-ssr (decision 024): without
 * them, the page scenarios would measure 404s. Builds the web app once when they are missing.
 */
export function ensureWebBuild(log: (line: string) => void): void {
  if (existsSync(ssrEntry) && existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) return;
  log('Building the web app (the page scenarios need its server bundle)…');
  // A production build whatever runs the bench: under Vitest NODE_ENV is 'test', and Vite would
  // then compile the server bundle for React's development JSX runtime, which the server lacks.
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web build failed.');
}

/**
 * Anonymous browsers (streamed HTML): product pages round the same 2,000 products as
 * "product detail"; catalog pages the keywords, the categories and the whole catalog.
 */
export function pageHtmlScenarios(catalog: SeededCatalog) {
  return [
    {
      name: PRODUCT_PAGE_HTML,
      kind: 'page' as const,
      paths: catalog.sampleOptions.map((o) => `/product/${o.itemId}`),
    },
    {
      name: CATALOG_PAGE_HTML,
      kind: 'page' as const,
      paths: [
        '/products',
        '/products?category=men',
        '/products?category=women',
        ...BENCH_KEYWORDS.map((keyword) => `/products?${new URLSearchParams({ keyword })}`),
      ],
    },
  ];
}
