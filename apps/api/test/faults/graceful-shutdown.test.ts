import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSession } from '@marketplace/shared';
import { buildApp } from '../../src/app';
import { openPostgres, type Database } from '../../src/db/client';
import { orders } from '../../src/db/schema';
import { shutdown } from '../../src/shutdown';
import { createItem, sellerWithStore } from '../catalog';
import { createTestDatabase, loginAs, testAppOptions } from '../helper';
import { SlowPaymentProvider } from './slow-payment-provider';

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}
const WARN = 40;

/**
 * An API listening on a real port, with a payment provider the test holds, as server.ts runs it;
 * `routes` adds the test's own before it listens.
 */
async function startApi(routes?: (app: FastifyInstance) => void) {
  const testDatabase = await createTestDatabase();
  // On PostgreSQL the app has a pool of its own, which the shutdown closes.
  const database: Database = testDatabase.url ? openPostgres(testDatabase.url) : testDatabase;
  const provider = new SlowPaymentProvider(database.db);
  const logs: LogLine[] = [];
  const app: FastifyInstance = await buildApp(
    testAppOptions(database, {
      payments: provider,
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    }),
  );
  const { inFlight } = app;
  routes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;

  const buyer = await loginAs(app);
  const item = await createItem(app, await sellerWithStore(app));
  const added = await app.inject({
    method: 'POST',
    url: '/api/orders/cart/add',
    headers: buyer.headers,
    payload: { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity: 1 },
  });
  expect(added.statusCode).toBe(200);

  /** What the database held when the shutdown closed it, and whether it has. */
  const pool = {
    closed: false,
    ordersAtClose: [] as { status: string; paymentId: string | null }[],
    async close() {
      pool.ordersAtClose = await database.db
        .select({ status: orders.status, paymentId: orders.paymentId })
        .from(orders);
      pool.closed = true;
      await database.close();
    },
  };
  const stop = (deadlineMs?: number) => shutdown({ app, inFlight, database: pool, deadlineMs });

  return {
    app,
    port,
    provider,
    logs,
    pool,
    stop,
    checkoutUrl: `http://127.0.0.1:${port}/api/orders/checkout`,
    authorization: buyer.headers.authorization,
    async dispose() {
      provider.release();
      // PGlite was closed by the shutdown already; the PostgreSQL test database is dropped.
      await testDatabase.dispose().catch(() => {});
    },
  };
}

type Api = Awaited<ReturnType<typeof startApi>>;
let api: Api | undefined;
afterEach(async () => {
  await api?.dispose();
  api = undefined;
});

/** How a new TCP connection to the port ends: 'connected' or the socket error's code. */
const connectOutcome = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

const warnings = (logs: LogLine[]) =>
  logs.filter((line) => line.level >= WARN).map((line) => `${line.msg}: ${line.err?.message}`);

describe('graceful shutdown', () => {
  it('refuses new connections, finishes the request in flight with its write, then closes the pool', async () => {
    api = await startApi();
    const { provider, port } = api;
    provider.hold('createPayment');
    const inTheProvider = provider.arrived('createPayment');
    const checkout = fetch(api.checkoutUrl, {
      method: 'POST',
      headers: { authorization: api.authorization },
    });
    await inTheProvider;

    const stopping = api.stop();
    await vi.waitFor(() => expect(api!.app.server.listening).toBe(false));
    expect(await connectOutcome(port)).toBe('ECONNREFUSED');
    await sleep(100);
    expect(api.pool.closed).toBe(false);

    provider.release();
    const response = await checkout;
    expect(response.status).toBe(201);
    const session = (await response.json()) as CheckoutSession;
    await stopping;

    expect(api.pool.closed).toBe(true);
    expect(api.pool.ordersAtClose).toEqual([
      { status: 'PENDING_PAYMENT', paymentId: session.clientSecret.split('_secret_')[0] },
    ]);
    expect(warnings(api.logs)).toEqual([]);
  });

  it('waits for the handler of a request whose client went away before closing the pool', async () => {
    api = await startApi();
    const { provider } = api;
    provider.hold('createPayment');
    const inTheProvider = provider.arrived('createPayment');
    const request = httpRequest(api.checkoutUrl, {
      method: 'POST',
      headers: { authorization: api.authorization },
    });
    request.on('error', () => {});
    request.end();
    await inTheProvider;
    request.destroy();
    await sleep(100);

    const stopping = api.stop();
    await vi.waitFor(() => expect(api!.app.server.listening).toBe(false));
    await sleep(200);
    // No connection is left, yet the handler is still at work: the pool stays open for it.
    expect(api.pool.closed).toBe(false);

    provider.release();
    await stopping;
    expect(api.pool.ordersAtClose).toEqual([
      { status: 'PENDING_PAYMENT', paymentId: expect.stringMatching(/^lpi_/) },
    ]);
    // No "Cannot use a pool after calling end" (nor "PGlite is closed"), nor any other failure.
    expect(warnings(api.logs)).toEqual([]);
  });

  it('does not start the handler of a request whose client went away before it, once stopping', async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let handled = false;
    api = await startApi((app) => {
      // A hook still at work when the client leaves, as authentication's session lookup can be.
      const preHandler = async () => {
        arrived();
        await held;
      };
      app.post('/api/held', { preHandler }, async () => {
        handled = true;
        return { handled };
      });
    });
    const request = httpRequest(`http://127.0.0.1:${api.port}/api/held`, { method: 'POST' });
    request.on('error', () => {});
    request.end();
    await arrival;
    request.destroy();
    await sleep(100);

    // Counted out with its connection, the request no longer holds the shutdown: the pool closes.
    await api.stop();
    expect(api.pool.closed).toBe(true);
    release();
    await sleep(100);
    expect(handled).toBe(false);
    expect(warnings(api.logs)).toEqual([]);
  });

  it('closes the pool at the deadline when a request never finishes', async () => {
    api = await startApi();
    const { provider } = api;
    provider.hold('createPayment');
    const inTheProvider = provider.arrived('createPayment');
    const checkout = fetch(api.checkoutUrl, {
      method: 'POST',
      headers: { authorization: api.authorization },
    }).catch((error: unknown) => error);
    await inTheProvider;

    const started = Date.now();
    await api.stop(300);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(api.pool.closed).toBe(true);
    // Its connection was cut: the client sees it, rather than waiting for ever.
    expect(await checkout).toBeInstanceOf(Error);
    expect(warnings(api.logs)).toEqual([
      'shutdown deadline passed: cutting the requests still running: undefined',
    ]);
  });
});
