// Issue 18: the server-rendered pages under load, beside the API's scenarios (bench/bench.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_KEYWORDS, type SeededCatalog } from './catalog-seed';

/** Products seen before: the kept page, checked against the API's answers (decision 024). */
export const PRODUCT_PAGE_HTML_KEPT = 'product page HTML, repeat visits';
/** Products nobody has opened since the server started: each request renders a page. */
export const PRODUCT_PAGE_HTML_FIRST = 'product page HTML, first visits';
/** What a browser sends that changes the answer: it takes compressed HTML (decision 026). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

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
 * Anonymous browsers (streamed HTML, compressed as browsers accept it). Product pages twice, as real traffic has both: repeat
 * visits go round the products the product detail scenario asks (the seed's sample, whose pages
 * fit in the server's 32 MiB), each opened once beforehand (`prime`), so every
 * measured request is a kept page, checked against the API; first visits go through every
 * other seeded product once, so every measured request renders a page. Catalog pages round
 * the keywords, the categories and the whole catalog.
 */
export function pageHtmlScenarios(catalog: SeededCatalog) {
  const sampled = new Set(catalog.sampleOptions.map((o) => o.itemId));
  const productIds = [
    ...new Set([...sampled, ...catalog.stores.flatMap((store) => store.itemIds)]),
  ];
  // A small catalog (the smoke test's) splits its products in halves.
  const split = Math.min(sampled.size, Math.ceil(productIds.length / 2));
  const repeated = productIds.slice(0, split);
  const fresh = productIds.slice(split);
  return [
    {
      name: PRODUCT_PAGE_HTML_KEPT,
      kind: 'page' as const,
      paths: repeated.map((id) => `/product/${id}`),
      headers: BROWSER,
      prime: true,
    },
    {
      name: PRODUCT_PAGE_HTML_FIRST,
      kind: 'page' as const,
      paths: fresh.map((id) => `/product/${id}`),
      headers: BROWSER,
      minSeconds: 5,
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
      headers: BROWSER,
    },
  ];
}
