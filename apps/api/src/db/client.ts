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

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool whose lent clients always come back to it. Drizzle's transaction (drizzle-orm 0.45,
 * node-postgres) sends `begin` before the `try` whose `finally` releases the client: when that
 * first statement fails (its connection was just terminated, or it timed out), the client stays
 * lent for ever, and once `max` of them are, every request waits for a client that never comes.
 * Here a lent client whose first statement fails goes back to the pool (to be dropped), and a
 * second release is ignored.
 */
class LentClientsComeBack extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // A read that lost its connection while it ran (its backend terminated: a failover, a
    // restart) is sent again, once, on a new connection: reading twice changes nothing, so the
    // request need not fail. A write is never sent again (it may have committed); it fails, 503.
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const answer = query(...args);
      if (!(answer instanceof Promise) || !readsOnly(args[0])) return answer;
      return answer.catch((error: unknown) => {
        if (!lostItsConnection(error)) throw error;
        return query(...args);
      });
    }) as pg.Pool['query'];
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The pool's own query() lends with a callback and releases the client itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedIfFirstStatementFails);
  }
}

/** A statement that only reads: a select (or a with of selects) that writes and locks nothing. */
function readsOnly(statement: unknown): boolean {
  const text =
    typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return (
    typeof text === 'string' &&
    /^\s*(select|with)\b/i.test(text) &&
    !/\b(insert|update|delete|merge|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|set_config|nextval|setval|pg_advisory\w*)\b/i.test(
      text,
    )
  );
}

/** The server ended the connection a statement ran on (not: the server cannot be reached). */
function lostItsConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08/.test(code))) return true;
  return (
    typeof message === 'string' &&
    /Connection terminated unexpectedly|Client has encountered a connection error/.test(message)
  );
}

function releasedIfFirstStatementFails(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  // The pool gives each loan its own release, so these replacements last for this loan only.
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  const query = client.query;
  client.query = ((...args: Parameters<typeof query>) => {
    client.query = query;
    const answer = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (!(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => {
      client.release(error instanceof Error ? error : true);
      throw error;
    });
  }) as typeof query;
  return client;
}

/**
 * Heard on every client, so that a lost connection never ends the process: the statement it was
 * running (or the next one on it) rejects with the same error, which the request answers as 503.
 */
const ignoreLostConnection = () => {};

/** Any constant both processes agree on; the lock ends with the migrating connection. */
const MIGRATION_LOCK = 7_240_001;

export function openPostgres(connectionString: string, timeouts: PostgresTimeouts = {}): Database {
  // While the server is away, requests fail within seconds (503) instead of queuing for ever.
  const pool = new LentClientsComeBack({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts.connectionTimeoutMillis ?? 5_000,
    query_timeout: timeouts.queryTimeoutMillis ?? 15_000,
    keepAlive: true,
  });
  // A client that loses its server (pg_terminate_backend, a failover, a restart) emits 'error',
  // and an 'error' nobody hears ends the process. The pool hears its idle clients' errors only;
  // a client lent out (between two statements of a transaction, or during one) is heard here
  // from the moment it connects. What it was doing fails on its own (a query's rejection, 503),
  // the pool drops the client when it comes back, and the next query connects anew.
  pool.on('error', ignoreLostConnection);
  pool.on('connect', (client) => client.on('error', ignoreLostConnection));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    // Its own connection without the query timeout: a migration may rightly take longer. The
    // advisory lock makes API processes that start together migrate one after the other.
    migrate: async () => {
      const migrator = new pg.Client({ connectionString });
      migrator.on('error', ignoreLostConnection);
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
