// npm run bench:web [-- --runs 3 --out bench/results --lhr DIR]
//
// Web budgets (issues 7 and 18): builds the web app and its server bundle, measures what the home
// page loads first, then runs Lighthouse (mobile, default throttling, the system Chromium) against
// the real server on its server-rendered pages (`/`, `/products`, a product, a store, `/about`),
// with each page's HTML time to first byte. Prints a table, writes bench/results/web-<date>.json
// and exits non-zero when a budget fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startApi, type ApiProcess } from './api-process';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
/** A package's folder as the workspace that depends on it resolves it. */
const packageDir = (workspace: string, name: string) =>
  path.dirname(
    createRequire(path.join(repoRoot, workspace, 'package.json')).resolve(`${name}/package.json`),
  );

/** KB here are 1,000 bytes, as Vite prints them. */
const KB = 1000;
/** Issue 18's targets (issue 7's were performance and accessibility 95, LCP 1.5 s). */
const BUDGETS = {
  homeJsGzipBytes: 110 * KB,
  homeCssGzipBytes: 25 * KB,
  performance: 98,
  accessibility: 100,
  seo: 100,
  lcpMs: 1200,
} as const;

/** The home route's page module, as the Vite manifest names it when it is a chunk of its own. */
const HOME_ROUTE = 'src/app/routes/home.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface FirstLoad {
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

/**
 * What the browser fetches before the home page can paint: the entry with everything it
 * imports statically (index.html modulepreloads all of it), the home route's chunk with its
 * static imports when the route is lazy (it is in the entry otherwise), and their CSS.
 */
function measureFirstLoad(distDir: string): FirstLoad {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The Vite manifest has no entry chunk.');

  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  if (manifest[HOME_ROUTE]) visit(HOME_ROUTE);

  const js = [...chunks].map((key) => manifest[key]!.file);
  const css = [...new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []))];
  const gzipBytes = (file: string) =>
    gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const files = [...js, ...css].map((file) => ({ file, gzipBytes: gzipBytes(file) }));
  const total = (ext: string) =>
    files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f.gzipBytes, 0);
  return { jsGzipBytes: total('.js'), cssGzipBytes: total('.css'), files };
}

function buildWeb(outDir: string): void {
  const vite = path.join(packageDir('apps/web', 'vite'), 'bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('The web build failed.');
  // The server-rendering bundle, where the API looks for it: beside the build (decision 024).
  const ssr = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      `${outDir}-ssr`,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' },
  );
  if (ssr.status !== 0) throw new Error('The server-rendering build failed.');
}

/**
 * The HTML's time to first byte as the server sends it (no throttling): the median of five
 * requests, each timed until its headers and first chunk arrive.
 */
async function htmlTtfb(url: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 bench-web' } });
    const reader = response.body!.getReader();
    await reader.read();
    times.push(performance.now() - started);
    await reader.cancel();
  }
  times.sort((a, b) => a - b);
  return Math.round(times[2]!);
}

interface TransferCheck {
  file: string;
  brotli: boolean;
  gzip: boolean;
  immutable: boolean;
  htmlNoCache: boolean;
}

/** The entry script comes pre-compressed (br and gzip) with a year's immutable caching. */
async function checkTransfer(baseUrl: string, entryFile: string): Promise<TransferCheck> {
  const get = (url: string, encoding: string) =>
    fetch(url, { headers: { 'accept-encoding': encoding } });
  // fetch decodes bodies itself; the headers still say what was sent.
  const br = await get(`${baseUrl}/${entryFile}`, 'br, gzip');
  const gz = await get(`${baseUrl}/${entryFile}`, 'gzip');
  const html = await get(`${baseUrl}/`, 'br, gzip');
  await Promise.all([br.arrayBuffer(), gz.arrayBuffer(), html.arrayBuffer()]);
  return {
    file: entryFile,
    brotli: br.headers.get('content-encoding') === 'br',
    gzip: gz.headers.get('content-encoding') === 'gzip',
    immutable: br.headers.get('cache-control') === 'public, max-age=31536000, immutable',
    htmlNoCache: html.headers.get('cache-control') === 'no-cache',
  };
}

interface PageResult {
  name: string;
  url: string;
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  /** Lighthouse's observed document response time (server-response-time). */
  lighthouseTtfbMs: number;
  /** Measured here without throttling, median of five (htmlTtfb). */
  htmlTtfbMs?: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's 'Image elements have explicit width and height'. */
  imagesSized: boolean;
  /**
   * Lighthouse's measure of the host's CPU (`benchmarkIndex`): its 4x slowdown stands for a
   * mid-tier phone on a host of 1500-2000 (its docs/throttling.md); on a slower host, or a busy
   * one, every main-thread task counts for more, so TBT and the performance score fall.
   */
  benchmarkIndex: number;
  /** The element Lighthouse took as the largest paint, and the phases of its time. */
  lcpElement: string;
  lcpPhases: Record<string, number>;
  /** Audits below 0.9 that cost points (the first place to look when a score drops). */
  failing: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function summarize(name: string, url: string, lhr: Lhr): PageResult {
  const audit = (id: string) => lhr.audits[id];
  const score = (id: 'performance' | 'accessibility' | 'seo' | 'best-practices') =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric'),
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    name,
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    lighthouseTtfbMs: Math.round(audit('server-response-time')?.numericValue ?? NaN),
    lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? NaN),
    fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? NaN),
    tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? NaN),
    cls: Number((audit('cumulative-layout-shift')?.numericValue ?? NaN).toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    imagesSized: audit('unsized-images')?.score !== 0,
    ...lcpDetails(audit('largest-contentful-paint-element')?.details),
    failing,
  };
}

interface LcpTable {
  type?: string;
  items?: {
    node?: { snippet?: string };
    phase?: string;
    timing?: number;
  }[];
}

/** Lighthouse's LCP element audit: a table with the element, then one of its phases. */
function lcpDetails(details: unknown): Pick<PageResult, 'lcpElement' | 'lcpPhases'> {
  const tables = ((details as { items?: LcpTable[] } | undefined)?.items ?? []).filter(
    (item) => item.type === 'table',
  );
  const element = tables[0]?.items?.[0]?.node?.snippet ?? '';
  const lcpPhases: Record<string, number> = {};
  for (const row of tables[1]?.items ?? []) {
    if (row.phase && typeof row.timing === 'number') lcpPhases[row.phase] = Math.round(row.timing);
  }
  return { lcpElement: element.slice(0, 160), lcpPhases };
}

/**
 * One Lighthouse run. Now and then the trace of a run is unusable (NO_NAVSTART, NO_FCP: a
 * hiccup of the browser, not of the page); such a run is tried again, up to three times.
 */
async function lighthouseRun(url: string, port: number): Promise<Lhr> {
  let error = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    if (!result.lhr.runtimeError) return result.lhr;
    error = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
  }
  throw new Error(`Lighthouse could not measure ${url} (${error}).`);
}

/** Lighthouse's default (mobile, simulated slow 4G and a 4x slower CPU); the median of runs. */
async function runLighthouse(
  pages: { name: string; url: string }[],
  runs: number,
  log: (line: string) => void,
  lhrDir?: string,
): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const results: PageResult[] = [];
    for (const page of pages) {
      const attempts: PageResult[] = [];
      for (let run = 1; run <= runs; run += 1) {
        const lhr = await lighthouseRun(page.url, chrome.port);
        if (lhrDir) {
          mkdirSync(lhrDir, { recursive: true });
          const name = page.name.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
          writeFileSync(path.join(lhrDir, `${name}-${run}.json`), JSON.stringify(lhr));
        }
        const summary = summarize(page.name, page.url, lhr);
        log(
          `  ${page.name} run ${run}/${runs}: performance ${summary.performance}, accessibility ${summary.accessibility}, SEO ${summary.seo}, best practices ${summary.bestPractices}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms, CPU index ${summary.benchmarkIndex}`,
        );
        attempts.push(summary);
      }
      attempts.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      results.push(attempts[Math.floor((attempts.length - 1) / 2)]!);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

interface WebReport {
  date: string;
  lighthouse: string;
  runsPerPage: number;
  budgets: typeof BUDGETS;
  firstLoad: FirstLoad;
  transfer: TransferCheck;
  pages: PageResult[];
  failures: string[];
}

function budgetFailures(firstLoad: FirstLoad, transfer: TransferCheck, pages: PageResult[]) {
  const failures: string[] = [];
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  if (firstLoad.jsGzipBytes > BUDGETS.homeJsGzipBytes)
    failures.push(`home first-load JS ${kb(firstLoad.jsGzipBytes)} gzip > 110 KB`);
  if (firstLoad.cssGzipBytes > BUDGETS.homeCssGzipBytes)
    failures.push(`home first-load CSS ${kb(firstLoad.cssGzipBytes)} gzip > 25 KB`);
  if (!transfer.brotli) failures.push(`${transfer.file} is not served brotli-compressed`);
  if (!transfer.gzip) failures.push(`${transfer.file} is not served gzip-compressed`);
  if (!transfer.immutable) failures.push(`${transfer.file} is not cached as immutable`);
  if (!transfer.htmlNoCache) failures.push('index.html is not served with no-cache');
  for (const page of pages) {
    if (page.performance < BUDGETS.performance)
      failures.push(`${page.name}: performance ${page.performance} < ${BUDGETS.performance}`);
    if (page.accessibility < BUDGETS.accessibility)
      failures.push(`${page.name}: accessibility ${page.accessibility} < ${BUDGETS.accessibility}`);
    if (page.seo < BUDGETS.seo) failures.push(`${page.name}: SEO ${page.seo} < ${BUDGETS.seo}`);
    if (!(page.lcpMs <= BUDGETS.lcpMs))
      failures.push(`${page.name}: LCP ${page.lcpMs} ms > ${BUDGETS.lcpMs} ms`);
    if (!page.imagesSized) failures.push(`${page.name}: images without width and height`);
  }
  return failures;
}

function formatWebReport(report: WebReport): string {
  const kb = (bytes: number) => (bytes / KB).toFixed(1);
  const mark = (ok: boolean) => (ok ? 'ok' : 'FAIL');
  const rows: string[][] = [
    [
      'page',
      'performance',
      'accessibility',
      'SEO',
      'best pr.',
      'LCP ms',
      'HTML TTFB ms',
      'LH TTFB ms',
      'FCP ms',
      'TBT ms',
      'CLS',
      'CPU index',
    ],
    ...report.pages.map((p) => [
      p.name,
      `${p.performance} ${mark(p.performance >= BUDGETS.performance)}`,
      `${p.accessibility} ${mark(p.accessibility >= BUDGETS.accessibility)}`,
      `${p.seo} ${mark(p.seo >= BUDGETS.seo)}`,
      String(p.bestPractices),
      `${p.lcpMs} ${mark(p.lcpMs <= BUDGETS.lcpMs)}`,
      String(p.htmlTtfbMs ?? ''),
      String(p.lighthouseTtfbMs),
      String(p.fcpMs),
      String(p.tbtMs),
      String(p.cls),
      String(p.benchmarkIndex),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const table = rows
    .map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '))
    .join('\n');
  const { firstLoad, transfer } = report;
  return [
    `Web budgets, ${report.date} (Lighthouse ${report.lighthouse}, mobile, simulated throttling, median of ${report.runsPerPage})`,
    '',
    table,
    "(CPU index: Lighthouse's benchmarkIndex of the host in the run shown; its 4x CPU slowdown assumes 1500-2000)",
    '',
    'LCP element (phases, ms):',
    ...report.pages.map(
      (p) =>
        `  ${p.name}: ${p.lcpElement || '?'} (${Object.entries(p.lcpPhases)
          .map(([phase, ms]) => `${phase} ${ms}`)
          .join(', ')})`,
    ),
    '',
    `home first-load JS   ${kb(firstLoad.jsGzipBytes)} KB gzip (budget 110) ${mark(firstLoad.jsGzipBytes <= BUDGETS.homeJsGzipBytes)}`,
    `home first-load CSS  ${kb(firstLoad.cssGzipBytes)} KB gzip (budget 25) ${mark(firstLoad.cssGzipBytes <= BUDGETS.homeCssGzipBytes)}`,
    `pre-compressed       br ${mark(transfer.brotli)}, gzip ${mark(transfer.gzip)}; hashed assets immutable ${mark(transfer.immutable)}; index.html no-cache ${mark(transfer.htmlNoCache)}`,
    '',
    report.failures.length ? `FAILED:\n  ${report.failures.join('\n  ')}` : 'Every budget holds.',
  ].join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      out: { type: 'string', default: 'bench/results' },
      // Every Lighthouse run's whole report, to read what delays a page (LCP element, phases).
      lhr: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number >= 1`);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Lighthouse needs Chromium at ${CHROMIUM_PATH} (or set CHROMIUM_PATH).`);

  const work = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const dist = path.join(work, 'dist');
  let server: ApiProcess | undefined;
  try {
    console.log('Building the web app…');
    buildWeb(dist);
    const firstLoad = measureFirstLoad(dist);

    console.log('Starting the app on a fresh embedded database with the demo seed…');
    // The real app as the end-to-end tests start it: a fresh embedded database, demo seed.
    server = await startApi({
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: dist,
      SEED_DEMO: 'true',
      // Lighthouse loads each page several times from 127.0.0.1, reading anonymously.
      RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: '1000000',
      RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '1000000',
    });
    const baseUrl = server.url;
    const [product] = (await (await fetch(`${baseUrl}/api/item/public?pageSize=1`)).json()) as {
      id: number;
    }[];
    if (!product) throw new Error('The demo catalog has no product.');
    const [store] = (await (await fetch(`${baseUrl}/api/store/public`)).json()) as {
      name: string;
    }[];
    const pages = [
      { name: '/', url: `${baseUrl}/` },
      { name: '/products', url: `${baseUrl}/products` },
      { name: `/product/${product.id}`, url: `${baseUrl}/product/${product.id}` },
      ...(store
        ? [{ name: '/store/{name}', url: `${baseUrl}/store/${encodeURIComponent(store.name)}` }]
        : []),
      { name: '/about', url: `${baseUrl}/about` },
    ];
    const entryFile = firstLoad.files.find((f) => f.file.endsWith('.js'))!.file;
    const transfer = await checkTransfer(baseUrl, entryFile);
    // One plain request per page first: the server's first answers (and its image files) are
    // not what a returning shopper would wait for.
    for (const page of pages) await (await fetch(page.url)).arrayBuffer();

    console.log(`Running Lighthouse ${runs}x per page…`);
    const results = await runLighthouse(pages, runs, (line) => console.log(line), values.lhr);
    for (const result of results) result.htmlTtfbMs = await htmlTtfb(result.url);
    const lighthouseVersion = (
      JSON.parse(
        readFileSync(path.join(packageDir('.', 'lighthouse'), 'package.json'), 'utf8'),
      ) as {
        version: string;
      }
    ).version;
    const report: WebReport = {
      date: new Date().toISOString(),
      lighthouse: lighthouseVersion,
      runsPerPage: runs,
      budgets: BUDGETS,
      firstLoad,
      transfer,
      pages: results,
      failures: budgetFailures(firstLoad, transfer, results),
    };
    mkdirSync(values.out, { recursive: true });
    const file = path.join(values.out, `web-${report.date.slice(0, 10)}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${formatWebReport(report)}\n\nWrote ${file}`);
    return report.failures.length ? 1 : 0;
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
