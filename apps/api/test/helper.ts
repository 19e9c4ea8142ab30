import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { openPglite, openPostgres, type Database, type Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { PasswordHasher } from '../src/modules/auth/password-hasher';
import { checkAnswersAgainstDocument } from './openapi-responses';

/**
 * Cheap argon2id for tests only: the algorithm is the same, the cost is not. Tests that sign up
 * dozens of buyers at once wait their turn rather than meet the production queue's 503.
 */
export const testHasher = () =>
  new PasswordHasher(
    { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    { maxWaiting: Number.MAX_SAFE_INTEGER },
  );

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped afterwards) when the project is api-postgres;
 * then `url` is the new database's address, for a test that connects to it its own way.
 */
export async function createTestDatabase(): Promise<
  Database & { url?: string; dispose(): Promise<void> }
> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = openPglite(new PGlite());
    await database.migrate();
    return { ...database, dispose: database.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database for the file's tests and, on PostgreSQL, `db` over a pool of one connection,
 * also given as `pool`: what that connection has prepared or set is what the file's statements
 * left, and a statement runs where the one before it ran. On PGlite, `db` is the database's own.
 */
export function setupOneConnection(): { db: Db; pool?: pg.Pool } {
  const context = {} as { db: Db; pool?: pg.Pool };
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    context.db = database.db;
    if (database.url) {
      context.pool = new pg.Pool({ connectionString: database.url, max: 1 });
      // The file's database is dropped WITH (FORCE) after it: a connection still closing then
      // hears "terminating connection due to administrator command", which no test caused.
      context.pool.on('error', () => {});
      context.db = drizzle(context.pool, { schema }) as unknown as Db;
    }
  });
  afterAll(async () => {
    await context.pool?.end();
    await database?.dispose();
  });
  return context;
}

/** Test files send many writes from one address; a file that tests the limits passes its own. */
export const UNLIMITED = {
  signupsPerHour: 1_000_000,
  passwordResetsPerHour: 1_000_000,
  writesPerMinute: 1_000_000,
  anonymousReadsPerMinute: 1_000_000,
  pageRendersPerMinute: 1_000_000,
};

/** What every test app is built with: cheap hashing, no rate limits, a fresh uploads folder. */
export function testAppOptions(
  database: Database,
  overrides: Partial<AppOptions> = {},
): AppOptions {
  return {
    database,
    uploadsDir: mkdtempSync(path.join(tmpdir(), 'uploads-')),
    jwtSecret: TEST_JWT_SECRET,
    jwtTtlSeconds: 3600,
    publicUrl: 'http://shop.test',
    mailFrom: 'test@shop.test',
    passwordHasher: testHasher(),
    rateLimits: UNLIMITED,
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database & { url?: string };
}

/** Builds the app on a fresh database before the file's tests and tears both down after. */
/** Overrides may be a function, read when the app is built (after the file's own beforeAll hooks). */
export function setupTestApp(
  overrides: Partial<AppOptions> | (() => Partial<AppOptions>) = {},
): TestContext {
  const context = {} as TestContext;
  let dispose: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const database = await createTestDatabase();
    dispose = database.dispose;
    context.database = database;
    context.app = await buildApp(
      testAppOptions(database, typeof overrides === 'function' ? overrides() : overrides),
    );
    await context.app.ready();
    // Tests begin where a balancer would send traffic: once /api/health says ready.
    await context.app.catalogSearch.whenReady();
    // Every successful JSON answer of the file's tests must be what GET /api/openapi.json says.
    checkAnswersAgainstDocument(context.app);
  });
  afterAll(async () => {
    await context.app?.close();
    await dispose();
  });
  return context;
}

let sequence = 0;

/** A valid registration body with unique names; pass fields to override. */
export function newUser(
  overrides: Partial<{ firstName: string; lastName: string; userName: string; email: string }> = {},
) {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`;
  return {
    password: 'correct horse battery',
    userDto: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      userName: `user_${id}`,
      email: `user_${id}@example.com`,
      addresses: [],
      ...overrides,
    },
  };
}

export async function register(app: FastifyInstance, body = newUser()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/registerUser',
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return body;
}

/** Registers a new user and returns their name and a bearer header. */
export async function loginAs(app: FastifyInstance, body = newUser()) {
  await register(app, body);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName: body.userDto.userName, password: body.password },
  });
  const { accessToken } = response.json() as { accessToken: string };
  return {
    ...body.userDto,
    password: body.password,
    token: accessToken,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) =>
  response.json() as T;
