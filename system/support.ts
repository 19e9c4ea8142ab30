import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApi, type ApiProcess } from '../bench/api-process';

/**
 * The PostgreSQL server system tests create their databases on. System tests measure and
 * check the real server, which PGlite (one queued connection) cannot stand in for.
 */
export function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'System tests run against PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL), e.g. ' +
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:system',
    );
  }
  return url;
}

export interface SystemDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A new, empty database on the server of `postgresAdminUrl()`; `drop` removes it. */
export async function createSystemDatabase(): Promise<SystemDatabase> {
  const adminUrl = postgresAdminUrl();
  const name = `system_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Where the system tests' buyers have their parcels sent. */
export const SHIPPING_ADDRESS = {
  fullName: 'Ada Lovelace',
  streetAddress: '1055 West Georgia Street',
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6E 3P3',
};

/** Generous enough that a load generator on one address is never throttled. */
export const UNTHROTTLED_ENV = {
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  RATE_LIMIT_SIGNUPS_PER_HOUR: '1000000',
  RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: '1000000',
  RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '1000000',
};

export interface SystemApi {
  /** Base URL of the running server, e.g. http://127.0.0.1:41234 */
  url: string;
  /** A connection pool on the server's own database, for checks behind the API's back. */
  sql: pg.Pool;
  process: ApiProcess;
  stop: () => Promise<void>;
}

/**
 * The real API (apps/api/src/server.ts) as its own process on a fresh PostgreSQL database,
 * with the demo data seeded unless `env` says SEED_DEMO=false. `stop` ends the server and
 * drops the database and the data folder, whatever state they are in.
 */
export async function startSystemApi(env: Record<string, string> = {}): Promise<SystemApi> {
  const database = await createSystemDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-system-'));
  const cleanUp = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let api: ApiProcess;
  try {
    api = await startApi({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...UNTHROTTLED_ENV,
      ...env,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    url: api.url,
    sql,
    process: api,
    async stop() {
      await sql.end();
      await api.stop();
      await cleanUp();
    },
  };
}

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
  ms: number;
}

/**
 * One JSON request to the API through the process's keep-alive pool (fetch). Network errors
 * and timeouts reject; every HTTP status resolves, with the parsed body when there is one.
 */
export async function request<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<ApiResponse<T>> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  if (response.headers.get('content-type')?.includes('application/json') && text) {
    body = JSON.parse(text);
  }
  return { status: response.status, body: body as T, headers: response.headers, ms };
}

/** Runs `task` over `inputs` with at most `concurrency` at a time, keeping the input order. */
export async function mapLimited<I, O>(
  inputs: readonly I[],
  concurrency: number,
  task: (input: I, index: number) => Promise<O>,
): Promise<O[]> {
  const results = new Array<O>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await task(inputs[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, inputs.length) }, worker));
  return results;
}

/** The value at quantile q (0..1) of already sorted numbers (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** A plain text table: the first row is the header; numbers are right-aligned. */
export function formatTable(rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => String(row[column] ?? '').length)),
  );
  const line = (row: (string | number)[]) =>
    row
      .map((cell, column) =>
        typeof cell === 'number'
          ? String(cell).padStart(widths[column]!)
          : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header!), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
