import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonClient, type AutocannonRequest } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CITIES, type Cart } from '@marketplace/shared';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { TokenService } from '../apps/api/src/modules/auth/token.service';
import { startApiGroup, type ApiGroup } from './api-process';
import { measureVisibility, type VisibilityResult } from './visibility';
import { startWrites } from './writes';
import { ensureWebBuild, pageHtmlScenarios } from './pages';
import {
  BENCH_COLORS,
  BENCH_FRENCH_KEYWORDS,
  BENCH_KEYWORDS,
  BENCH_SIZES,
  seedBenchCatalog,
  benchCities,
  benchStoreCount,
  LAUNCH_SIZE,
  type SeededCatalog,
} from './catalog-seed';

export interface BenchOptions {
  sizes: number[];
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Stores to seed; by default `benchStoreCount` of the size (500, or one per 200 products). */
  stores?: number;
  /**
   * API processes behind one port, sharing Redis; by default one up to the launch size and two
   * past it (issue 41: a catalog that grows is served by more than one process).
   */
  processes?: number;
  /** The Redis server several processes share; by default the machine's, redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** PostgreSQL server to create the bench database on; the embedded database otherwise. */
  databaseUrl?: string;
  outDir: string;
  /** Measure the database path: the API's catalog cache turned off. */
  noCache?: boolean;
  /** Reads under writes (issue 20): product edits a second, across up to 50 stores. */
  editsPerSecond?: number;
  /** Reads under writes: orders placed a second (bag, checkout, shipping, payment, place). */
  ordersPerSecond?: number;
  /**
   * Keep the PostgreSQL bench database of an earlier run with --reuse (it has that run's writes
   * in it): for quick measurements while iterating, never for the published figures.
   */
  reuse?: boolean;
  /** Only the scenarios whose name contains one of these (the reference routes always run). */
  only?: string[];
  log: (line: string) => void;
}

/**
 * 'mix': every read scenario's requests in turn, once alone and once under writes;
 * 'background': the writes that ran beside the mix (flows a second, their whole latency).
 */
export type ScenarioKind = 'reference' | 'read' | 'write' | 'mix' | 'background' | 'page';

export interface ScenarioResult {
  name: string;
  kind: ScenarioKind;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors, timeouts and responses other than 2xx. */
  errors: number;
  vsConstant: number;
  /** Against the SELECT 1 route measured just before this scenario (`select1Nearby`) when it was. */
  vsSelect1: number;
  /**
   * The SELECT 1 route's req/s in the seconds just before this scenario: on a machine shared
   * with other work the load moves within a run, so each ratio takes the nearest reference.
   */
  select1Nearby?: number;
}

export interface SizeResult {
  products: number;
  stores: number;
  seedSeconds: number;
  /** The most any one API process held. */
  peakRssMb: number;
  /** Each API process of the catalog scenarios: from its start to healthy, and its peak RSS. */
  processes?: { readyMs: number; peakRssMb: number }[];
  /** With two processes or more: a product written through one, shown by another (issue 41). */
  visibility?: VisibilityResult;
  scenarios: ScenarioResult[];
  /** The rates the writes were asked for beside the reads, per second. */
  writeRates: { edits: number; orders: number };
}

export interface BenchReport {
  database: 'postgres' | 'embedded';
  catalogCache: boolean;
  date: string;
  machine: { cpus: number; cpuModel: string; node: string };
  connections: number;
  durationSeconds: number;
  sizes: SizeResult[];
  file: string;
}

interface Scenario {
  name: string;
  kind: ScenarioKind;
  /** GETs that go round these paths, so caches and plans see varied requests. */
  paths?: string[];
  /** Requests that carry a different shopper's token on each connection. */
  perConnection?: (connection: number) => AutocannonRequest[];
  /** Ask every path once before the warm-up (pages that earlier visitors have opened). */
  prime?: boolean;
  /** Runs before the warm-up: puts back what an earlier run (a reused database) left behind. */
  before?: (url: string) => Promise<void>;
  /** Request headers, as a browser sends them (pages: compressed HTML). */
  headers?: Record<string, string>;
  /** Measured for at least this long: each request is slow (a page rendered), so a short run
   * would end before any answered. */
  minSeconds?: number;
}

export const CONSTANT = 'constant route';
export const SELECT_1 = 'SELECT 1 route';
/** The search box's suggestions (issue 13), held to a tighter p99 than the other reads. */
export const SUGGEST = 'suggest';
export const ADD_TO_BAG = 'add to cart (add, remove)';
export const READS_ALONE = 'catalog reads (mix), alone';
export const READS_UNDER_WRITES = 'catalog reads (mix), under writes';
export const EDITS = 'product edits (beside the mix)';
export const ORDERS = 'orders placed (beside the mix)';
/** At most this many brands edit (issue 20: 5 edits a second across 50 stores). */
const EDITING_STORES = 50;
/**
 * Shoppers who place the orders beside the reads (besides the add-to-bag scenario's own), one
 * order at a time each: enough that 5 a second are not held back by a shopper still busy.
 */
const ORDERING_SHOPPERS = 50;

/** Windows of reads alone and of reads under writes, alternating, that the mixes are measured in. */
const MIX_ROUNDS = 3;
/** How long the writes run before each window under writes is measured. */
const WRITES_WARMUP_SECONDS = 1;

/** Writes whose showing on the other process is timed (issue 41). */
const VISIBILITY_ROUNDS = 10;

/** How long the SELECT 1 route is measured again just before each scenario. */
const NEARBY_SECONDS = 3;
const select1Scenario: Scenario = { name: SELECT_1, kind: 'reference', paths: ['/api/health'] };

/** Where each list of paths is: the measured run goes on from where the warm-up stopped. */
const nextPath = new WeakMap<string[], number>();

function rotating(paths: string[], headers?: Record<string, string>): AutocannonRequest[] {
  return [
    {
      method: 'GET',
      ...(headers ? { headers } : {}),
      setupRequest: (request) => {
        const next = nextPath.get(paths) ?? 0;
        nextPath.set(paths, next + 1);
        return { ...request, path: paths[next % paths.length] };
      },
    },
  ];
}

/** Asks each path once (8 at a time), as earlier visitors would have. */
async function prime(url: string, paths: string[], headers?: Record<string, string>) {
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const response = await fetch(`${url}${path}`, { headers });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

function scenariosFor(catalog: SeededCatalog, tokens: string[]): Scenario[] {
  const filtered = BENCH_KEYWORDS.flatMap((keyword, i) => {
    const query = new URLSearchParams({
      keyword,
      color: BENCH_COLORS[i % BENCH_COLORS.length]!,
      size: BENCH_SIZES[i % BENCH_SIZES.length]!,
      price: '50-100',
      sort: 'price-asc',
      pageSize: '24',
    });
    return [`/api/item/public/search?${query}`];
  });
  const bagLine = (connection: number) =>
    JSON.stringify({
      ...catalog.sampleOptions[connection % catalog.sampleOptions.length]!,
      quantity: 1,
    });
  return [
    { name: CONSTANT, kind: 'reference', paths: ['/api/health/live'] },
    { name: SELECT_1, kind: 'reference', paths: ['/api/health'] },
    {
      name: 'search: keyword',
      kind: 'read',
      paths: BENCH_KEYWORDS.map(
        (k) => `/api/item/public/search?${new URLSearchParams({ keyword: k, pageSize: '24' })}`,
      ),
    },
    { name: 'search: keyword+colour+size+price+sort', kind: 'read', paths: filtered },
    {
      // Issue 19: French words, stemmed, against the Montréal brands' French texts.
      name: 'search: French keyword',
      kind: 'read',
      paths: BENCH_FRENCH_KEYWORDS.map(
        (k) =>
          `/api/item/public/search?${new URLSearchParams({ keyword: k, pageSize: '24', lang: 'fr-CA' })}`,
      ),
    },
    {
      name: 'list: page 1',
      kind: 'read',
      paths: ['/api/item/public?page=1&pageSize=24'],
    },
    {
      name: 'list: page 200',
      kind: 'read',
      paths: ['/api/item/public?page=200&pageSize=24'],
    },
    {
      name: 'product detail',
      kind: 'read',
      paths: catalog.sampleOptions.map((o) => `/api/item/public/${o.itemId}`),
    },
    {
      name: 'facets',
      kind: 'read',
      paths: CITIES.flatMap((city) => [
        `/api/item/public/facets?${new URLSearchParams({ city })}`,
        `/api/item/public/facets?${new URLSearchParams({ city, keyword: 'denim' })}`,
        // A ticked colour: every other list is counted over it (disjunctive facets).
        `/api/item/public/facets?${new URLSearchParams({ city, color: BENCH_COLORS[0]! })}`,
      ]),
    },
    {
      // The search box as a shopper types: short prefixes match thousands of names, words
      // inside names, store names and categories (issue 13).
      name: SUGGEST,
      kind: 'read',
      paths: [
        'w',
        'wa',
        'den',
        'hoo',
        'mer',
        'linen ja',
        'men',
        'wom',
        'cor',
        'par',
        'zq',
        ...catalog.stores.slice(0, 10).map((s) => s.name.slice(0, 4)),
      ].map((q) => `/api/item/public/suggest?${new URLSearchParams({ q })}`),
    },
    {
      name: 'store page',
      kind: 'read',
      paths: catalog.stores
        .slice(0, 50)
        .map((s) => `/api/store/public/items/${encodeURIComponent(s.name)}?pageSize=24`),
    },
    {
      name: ADD_TO_BAG,
      kind: 'write',
      // A run stops between an add and its remove: on a reused database the lines would grow
      // run after run to the per-customer limit, and every add would be refused.
      before: (url) => emptyBags(url, tokens),
      perConnection: (connection) => {
        const headers = {
          authorization: `Bearer ${tokens[connection % tokens.length]}`,
          'content-type': 'application/json',
        };
        const body = bagLine(connection);
        return [
          { method: 'POST', path: '/api/orders/cart/add', headers, body },
          { method: 'DELETE', path: '/api/orders/cart/remove', headers, body },
        ];
      },
    },
  ];
}

/** The bench database of a size, beside the given one: `<database>_bench_<products>`. */
export function benchDatabaseUrl(databaseUrl: string, products: number): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${url.pathname.slice(1) || 'postgres'}_bench_${products}`;
  return url.toString();
}

/** A fresh bench database beside the given one (never the given one: it may hold real data). */
async function recreatePostgresDatabase(databaseUrl: string, products: number): Promise<string> {
  const benchUrl = benchDatabaseUrl(databaseUrl, products);
  const name = new URL(benchUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return benchUrl;
}

/**
 * Issue 20's reads under writes: every read scenario's requests in turn (a shopper's mix),
 * alone and while brands edit products and shoppers place orders through the API (measured
 * together, in alternating windows, when either is chosen: see measureMixes).
 */
function readMixes(scenarios: Scenario[]): Scenario[] {
  const lists = scenarios.filter((s) => s.kind === 'read').map((s) => s.paths ?? []);
  const longest = Math.max(0, ...lists.map((l) => l.length));
  // Interleaved, so each stretch of the rotation asks every kind of read.
  const paths = Array.from({ length: longest }, (_, i) =>
    lists.map((list) => list[i % list.length]!),
  ).flat();
  return [
    { name: READS_ALONE, kind: 'mix', paths },
    { name: READS_UNDER_WRITES, kind: 'mix', paths },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function load(url: string, scenario: Scenario, connections: number, seconds: number) {
  let connection = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: scenario.perConnection
      ? scenario.perConnection(0)
      : rotating(scenario.paths ?? [], scenario.headers),
    setupClient: (client) => {
      discardBodies(client);
      if (scenario.perConnection) client.setRequests(scenario.perConnection(connection++));
    },
  });
}

/**
 * autocannon decodes every response body into a string, which no scenario reads: for the
 * pages' compressed HTML (12 KB of binary) that took a third of the load generator's CPU, and the
 * load generator, not the server, set the page scenarios' req/s (the server was half idle).
 * Status codes, byte counts and latencies are unaffected.
 */
function discardBodies(client: AutocannonClient): void {
  client.pipelinedRequests.addBody = () => {};
}

/**
 * Waits until the server has worked off what a scenario left queued (autocannon stops sending,
 * but the requests it had in flight still hold the pool): the next scenario must not be
 * measured behind the previous one's backlog. Done when `SELECT 1` answers promptly twice.
 */
/** Takes every line out of these shoppers' bags, through the API. */
async function emptyBags(url: string, tokens: string[]): Promise<void> {
  await Promise.all(
    tokens.map(async (token) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const bag = (await (await fetch(`${url}/api/orders/cart`, { headers })).json()) as Cart;
      for (const line of bag.items) {
        const response = await fetch(`${url}/api/orders/cart/remove`, {
          method: 'DELETE',
          headers,
          body: JSON.stringify({
            itemId: line.itemId,
            itemOptionId: line.itemOptionId,
            quantity: line.quantity,
          }),
        });
        if (!response.ok) throw new Error(`emptying a bench bag: ${response.status}`);
      }
    }),
  );
}

async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let prompt = 0;
  while (prompt < 2 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${url}/api/health`).catch(() => undefined);
    prompt = performance.now() - started < 20 ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function seedDatabase(
  database: Database,
  products: number,
  stores: number,
  connections: number,
) {
  await database.migrate();
  const catalog = await seedBenchCatalog(database.db, {
    products,
    storeCount: stores,
    shopperCount: connections + ORDERING_SHOPPERS,
  });
  // What autovacuum would do after a bulk load: statistics for the planner, a visibility map.
  await database.db.execute(sql`vacuum analyze`);
  // Write the load's dirty pages now, not while the reference routes are being measured.
  if (database.kind === 'postgres') {
    await database.db.execute(sql`checkpoint`).catch(() => {
      // needs a superuser (or pg_checkpoint): without it the first scenarios may be noisier
    });
  }
  return catalog;
}

async function runSize(products: number, options: BenchOptions): Promise<SizeResult> {
  const { log } = options;
  let env: Record<string, string | undefined>;
  let database: Database;
  let dataDir: string | undefined;
  const seedFile = options.databaseUrl
    ? path.join(
        options.outDir,
        `seed-${new URL(benchDatabaseUrl(options.databaseUrl, products)).pathname.slice(1)}.json`,
      )
    : undefined;
  if (options.reuse && seedFile && existsSync(seedFile)) {
    log(`reusing the bench database of an earlier run (${seedFile})`);
    const catalog = JSON.parse(readFileSync(seedFile, 'utf8')) as SeededCatalog;
    env = { DATABASE_URL: benchDatabaseUrl(options.databaseUrl!, products) };
    return runSeeded(products, options, env, catalog, 0, undefined);
  }
  if (options.databaseUrl) {
    const benchUrl = await recreatePostgresDatabase(options.databaseUrl, products);
    database = await openDatabase({ databaseUrl: benchUrl });
    env = { DATABASE_URL: benchUrl };
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-bench-'));
    database = await openDatabase({ dataDir });
    env = { DATA_DIR: dataDir };
  }
  const seedStarted = performance.now();
  const stores = options.stores ?? benchStoreCount(products);
  log(
    `seeding ${products.toLocaleString('en')} products across ${stores} stores in ${benchCities(products).length} cities...`,
  );
  let catalog: SeededCatalog;
  try {
    catalog = await seedDatabase(database, products, stores, options.connections);
  } finally {
    await database.close();
  }
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  log(`seeded in ${seedSeconds} s`);
  if (seedFile) {
    mkdirSync(options.outDir, { recursive: true });
    writeFileSync(seedFile, JSON.stringify(catalog));
  }
  return runSeeded(products, options, env, catalog, seedSeconds, dataDir);
}

async function runSeeded(
  products: number,
  options: BenchOptions,
  env: Record<string, string | undefined>,
  catalog: SeededCatalog,
  seedSeconds: number,
  dataDir: string | undefined,
): Promise<SizeResult> {
  const { log } = options;
  const jwtSecret = `bench-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`;

  const tokenService = new TokenService(jwtSecret, 60 * 60);
  const issue = (userName: string) => tokenService.issue(userName, 0);
  const allShoppers = await Promise.all(catalog.shoppers.map(issue));
  // The add-to-bag scenario's shoppers add and remove; the orders' shoppers are others, so
  // no bag is both.
  const tokens = allShoppers.slice(0, options.connections);
  const orderingShoppers = allShoppers.slice(options.connections);
  const sellers = await Promise.all(
    catalog.stores.slice(0, EDITING_STORES).map(async (store) => ({
      token: await issue(store.owner),
      itemIds: store.itemIds,
    })),
  );
  const writeRates = { edits: options.editsPerSecond ?? 5, orders: options.ordersPerSecond ?? 5 };
  const serverEnv = {
    ...env,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    // Production refuses the local payouts without one (issue 39.3); the bench saves no bank details.
    BANK_DETAILS_KEY: randomBytes(32).toString('hex'),
    // The bench measures the server, not its limits: a few shoppers add and remove as fast as
    // 50 connections can, far beyond what a person's budget of writes allows.
    RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
    // Its catalog scenarios read anonymously from one address at thousands a second.
    RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: '100000000',
    RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '100000000',
  };
  const results: Omit<ScenarioResult, 'vsConstant' | 'vsSelect1'>[] = [];
  const report = (row: (typeof results)[number]) => {
    results.push(row);
    log(`  ${row.name}: ${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms, errors ${row.errors}`);
  };

  async function measure(url: string, scenario: Scenario) {
    await settle(url);
    let select1Nearby: number | undefined;
    if (scenario.kind !== 'reference') {
      const reference = await load(url, select1Scenario, options.connections, NEARBY_SECONDS);
      select1Nearby = Math.round(reference.requests.average);
      await settle(url);
    }
    if (scenario.prime) await prime(url, scenario.paths ?? [], scenario.headers);
    await scenario.before?.(url);
    if (options.warmupSeconds > 0)
      await load(url, scenario, options.connections, options.warmupSeconds);
    const result = await load(
      url,
      scenario,
      options.connections,
      Math.max(options.durationSeconds, scenario.minSeconds ?? 0),
    );
    report({
      name: scenario.name,
      kind: scenario.kind,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts + result.non2xx,
      ...(select1Nearby === undefined ? {} : { select1Nearby }),
    });
  }

  /**
   * Issue 20's reads under writes: the read mix in alternating windows, alone then while brands
   * edit and shoppers order, MIX_ROUNDS times. The machine's own speed drifts within a run (a
   * shared host): two windows measured one after the other ten seconds apart gave ratios from
   * 0.36 to 0.88; alternating them puts the drift in both halves alike.
   */
  async function measureMixes(url: string, paths: string[]) {
    await settle(url);
    const reference = await load(url, select1Scenario, options.connections, NEARBY_SECONDS);
    const select1Nearby = Math.round(reference.requests.average);
    await settle(url);
    const mix: Scenario = { name: READS_ALONE, kind: 'mix', paths };
    if (options.warmupSeconds > 0) await load(url, mix, options.connections, options.warmupSeconds);
    const writes = startWrites({
      url,
      editsPerSecond: writeRates.edits,
      ordersPerSecond: writeRates.orders,
      sellers,
      shoppers: orderingShoppers,
      bagLines: catalog.sampleOptions,
    });
    await writes.pause();
    const alone: Awaited<ReturnType<typeof load>>[] = [];
    const underWrites: Awaited<ReturnType<typeof load>>[] = [];
    let written: Awaited<ReturnType<typeof writes.stop>>;
    try {
      for (let round = 0; round < MIX_ROUNDS; round++) {
        alone.push(await load(url, mix, options.connections, options.durationSeconds));
        writes.resume();
        // The writes get going first, so the measured reads meet them in full flow.
        await load(url, mix, options.connections, WRITES_WARMUP_SECONDS);
        writes.measure();
        underWrites.push(await load(url, mix, options.connections, options.durationSeconds));
        await writes.pause();
      }
    } finally {
      written = await writes.stop();
    }
    const windows = (name: string, results: Awaited<ReturnType<typeof load>>[]) => {
      const seconds = results.reduce((sum, r) => sum + r.duration, 0);
      const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
      return {
        name,
        kind: 'mix' as const,
        requestsPerSecond: seconds > 0 ? Math.round(requests / seconds) : 0,
        p50Ms: median(results.map((r) => r.latency.p50)),
        // The worst window's: a percentile of the whole cannot be told from the windows'.
        p99Ms: Math.max(...results.map((r) => r.latency.p99)),
        requests,
        errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
        select1Nearby,
      };
    };
    report(windows(READS_ALONE, alone));
    for (const [name, flows] of [
      [EDITS, written.edits],
      [ORDERS, written.orders],
    ] as const) {
      report({
        name,
        kind: 'background',
        requestsPerSecond: flows.perSecond,
        p50Ms: flows.p50Ms,
        p99Ms: flows.p99Ms,
        requests: flows.completed,
        errors: flows.errors + flows.skipped,
      });
    }
    for (const failure of written.failures) log(`    failed: ${failure}`);
    report(windows(READS_UNDER_WRITES, underWrites));
  }

  const processCount = options.processes ?? (products > LAUNCH_SIZE ? 2 : 1);
  // A million products take a while to load on this machine before a process is healthy.
  const healthyWithinMs = Math.max(120_000, products / 5);
  const redis = processCount > 1 ? { REDIS_URL: options.redisUrl ?? 'redis://127.0.0.1:6379' } : {};
  const start = (serverEnv: Record<string, string | undefined>) =>
    startApiGroup({ ...serverEnv, ...redis }, processCount, healthyWithinMs).then((group) => {
      for (const [i, api] of group.processes.entries())
        log(`  API process ${i + 1} of ${processCount}: healthy ${api.readyMs} ms after its start`);
      return group;
    });
  // Each process of the group the catalog scenarios ran on (the mixes may run on another).
  const measured = (group: ApiGroup) =>
    group.processes.map((api) => ({ readyMs: api.readyMs, peakRssMb: api.peakRssMb() }));
  // What a write through the first process shows in the second's searches and lists.
  const probeSeller = catalog.stores.find((store) =>
    (CITIES as readonly string[]).includes(store.city),
  );
  const probe = async (group: ApiGroup) => {
    if (group.processes.length < 2 || !probeSeller) return undefined;
    const result = await measureVisibility({
      writerUrl: group.processes[0]!.url,
      readerUrl: group.processes[1]!.url,
      seller: {
        token: await issue(probeSeller.owner),
        storeName: probeSeller.name,
        city: probeSeller.city,
        itemIds: probeSeller.itemIds,
      },
      rounds: VISIBILITY_ROUNDS,
    });
    log(
      `  a write on process 1 shown by process 2's search and list: p50 ${result.p50Ms} ms, max ${result.maxMs} ms, missed ${result.missed} of ${result.rounds}`,
    );
    return result;
  };

  let servers = await start({
    ...serverEnv,
    ...(options.noCache ? { CATALOG_CACHE_SECONDS: '0' } : {}),
  });
  let processes: SizeResult['processes'];
  let lastProcesses: NonNullable<SizeResult['processes']> = [];
  let visibility: VisibilityResult | undefined;
  try {
    const scenarios = scenariosFor(catalog, tokens);
    const chosen = (scenario: Scenario) =>
      scenario.kind === 'reference' ||
      !options.only?.length ||
      options.only.some((name) => scenario.name.includes(name));
    for (const scenario of scenarios.filter(chosen)) await measure(servers.url, scenario);
    visibility = await probe(servers);
    const mixes = readMixes(scenarios).filter(chosen);
    // Issue 20 judges reads under writes with the catalog cache on: a run without it measures
    // the mixes on a second server (same database) that has it.
    if (options.noCache && mixes.length) {
      log('  (reads under writes: a second server, with the catalog cache on)');
      processes = measured(servers);
      await servers.stop();
      servers = await start(serverEnv);
    }
    if (mixes.length) await measureMixes(servers.url, mixes[0]!.paths ?? []);
    // Issue 18: server-rendered pages (bench/pages.ts).
    for (const scenario of pageHtmlScenarios(catalog).filter(chosen))
      await measure(servers.url, scenario);
  } finally {
    lastProcesses = measured(servers);
    processes ??= lastProcesses;
    await servers.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const constant = results.find((r) => r.name === CONSTANT)!.requestsPerSecond;
  const select1 = results.find((r) => r.name === SELECT_1)!.requestsPerSecond;
  return {
    products,
    stores: catalog.stores.length,
    seedSeconds,
    peakRssMb: Math.max(...[...processes, ...lastProcesses].map((api) => api.peakRssMb)),
    processes,
    ...(visibility ? { visibility } : {}),
    writeRates,
    scenarios: results.map((r) => ({
      ...r,
      vsConstant: ratio(r.requestsPerSecond, constant),
      vsSelect1: ratio(r.requestsPerSecond, r.select1Nearby ?? select1),
    })),
  };
}

const ratio = (value: number, reference: number) =>
  reference > 0 ? Math.round((value / reference) * 100) / 100 : 0;

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const database = options.databaseUrl ? 'postgres' : 'embedded';
  options.log(
    database === 'postgres'
      ? `Database: PostgreSQL (a bench database beside ${redact(options.databaseUrl!)})`
      : 'Database: embedded PGlite (set DATABASE_URL to measure PostgreSQL)',
  );
  ensureWebBuild(options.log);
  const sizes: SizeResult[] = [];
  for (const products of options.sizes) sizes.push(await runSize(products, options));
  const date = new Date().toISOString().slice(0, 10);
  // A run on a reused database or of some scenarios only is for iterating, not for the record.
  const outDir = options.reuse || options.only?.length ? tmpdir() : options.outDir;
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${database}-${date}${options.noCache ? '-no-cache' : ''}.json`);
  const report: BenchReport = {
    database,
    catalogCache: !options.noCache,
    date,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
    },
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    sizes,
    file,
  };
  writeFileSync(file, `${JSON.stringify({ ...report, file: undefined }, null, 2)}\n`);
  return report;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
