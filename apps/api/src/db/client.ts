import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sourcePath } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction's handle: what a module may lend another for a write that must commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = sourcePath('db/migrations');

/** PostgreSQL through node-postgres when a URL is given, else embedded PGlite in `dataDir`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
  if (dir) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  // Loaded only when used: the embedded engine takes ~40 MB that a PostgreSQL deploy never needs.
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(dir);
  if (dir) {
    // PGlite unpacks its first files 0666 (issue 38.18); the files it makes later are 0600.
    await client.waitReady;
    keepPrivate(dir);
  }
  return openPglite(client);
}

/** Makes every file under `dir` readable by this account only (0600, directories 0700). */
function keepPrivate(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodSync(file, 0o700);
      keepPrivate(file);
    } else if (entry.isFile()) chmodSync(file, 0o600);
  }
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export interface PostgresTimeouts {
  /** How long a request waits for a new connection before it fails (the server is down or unreachable). */
  connectionTimeoutMillis?: number;
  /** How long a query waits for its answer (a connection whose packets no longer arrive). */
  queryTimeoutMillis?: number;
}

/** Any constant both processes agree on; the lock ends with the migrating connection. */
const MIGRATION_LOCK = 7_240_001;

export function openPostgres(connectionString: string, timeouts: PostgresTimeouts = {}): Database {
  // While the server is away, requests fail within seconds (503) instead of queuing for ever.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts.connectionTimeoutMillis ?? 5_000,
    query_timeout: timeouts.queryTimeoutMillis ?? 15_000,
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    // Its own connection without the query timeout: a migration may rightly take longer. The
    // advisory lock makes API processes that start together migrate one after the other.
    migrate: async () => {
      const migrator = new pg.Client({ connectionString });
      await migrator.connect();
      try {
        await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
      } finally {
        await migrator.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** The SQLSTATE and constraint of a database error, whichever driver raised it. */
export function databaseErrorOf(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return {};
}

export const UNIQUE_VIOLATION = '23505';

/** Socket errors of a server that is down, restarting or unreachable. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that cannot serve now: admin or crash shutdown, starting up, too many
 * connections, a statement cancelled by its timeout. Class 08 (connection exceptions) is matched apart.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** node-postgres, pg-pool and PGlite (closed by a shutdown) say these in words only. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Whether an error means the database cannot be reached right now (503, try again), as opposed
 * to a fault in the request or the code. Looks through the causes drivers and Drizzle wrap.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 16; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message))
      return true;
    // A refused connection to a name with several addresses arrives as an AggregateError.
    if (current instanceof AggregateError) pending.push(...current.errors);
    pending.push(candidate.cause);
  }
  return false;
}
