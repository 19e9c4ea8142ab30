import type { FastifyInstance } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TEST_CARDS, type CheckoutSession, type ItemDetail } from '@marketplace/shared';
import { buildApp } from '../../src/app';
import { openPostgres, type Database } from '../../src/db/client';
import { createItem, sellerWithStore, validItem } from '../catalog';
import { createTestDatabase, loginAs, testAppOptions } from '../helper';
import { oneOption, shippingAddress, type Buyer } from '../orders';
import { stockBooks } from '../stock-books';

const BUYERS = 12;
const STOCK = 2_000;
/** How many times every connection of the app is ended, and how far apart. */
const TERMINATIONS = 6;
const TERMINATE_EVERY_MS = 250;
/** How soon after the last termination the app must answer 200 again. */
const BACK_WITHIN_MS = 5_000;

/**
 * PostgreSQL ends every connection of the app's database (`pg_terminate_backend`, as a failover
 * or a restart of the server does) while buyers check out. Each request that was using a
 * connection fails (503); the process never does (node-postgres emits 'error' on a client that
 * loses its server, even one checked out inside a transaction, and an unheard 'error' event
 * ends a Node process); the pool connects again; and no unit of stock is lost: every unit is in
 * stock, sold, or held by a checkout waiting for payment.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('PostgreSQL ending every connection', () => {
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let admin: pg.Client;
  let item: ItemDetail;
  let buyers: Buyer[];
  const crashes: unknown[] = [];
  const heard = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', heard);
    process.on('unhandledRejection', heard);
    testDatabase = await createTestDatabase();
    database = openPostgres(testDatabase.url!, {
      connectionTimeoutMillis: 2_000,
      queryTimeoutMillis: 5_000,
    });
    app = await buildApp(testAppOptions(database, { catalogCacheSeconds: 0 }));
    await app.ready();
    await app.catalogSearch.whenReady();
    item = await createItem(
      app,
      await sellerWithStore(app),
      validItem({ price: 20, itemOptions: oneOption(STOCK) }),
    );
    buyers = await Promise.all(Array.from({ length: BUYERS }, () => loginAs(app)));
    // Its own connection, to the server's maintenance database: the one thing not terminated.
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    process.off('uncaughtException', heard);
    process.off('unhandledRejection', heard);
    await admin?.end();
    await app?.close();
    await database?.close();
    await testDatabase?.dispose();
  });

  const inject = (buyer: Buyer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: buyer.headers, ...(payload ? { payload } : {}) });

  /** One buyer's purchase of one unit, step by step, stopping at the first refused step. */
  async function buyOne(buyer: Buyer, statuses: number[]): Promise<void> {
    const added = await inject(buyer, 'POST', '/api/orders/cart/add', {
      itemId: item.id,
      itemOptionId: item.itemOptions[0]!.id,
      quantity: 1,
    });
    statuses.push(added.statusCode);
    // A bag already at the limit (a purchase cut short earlier): checkout takes what it holds.
    if (added.statusCode !== 200 && added.statusCode !== 409) return;
    const checkedOut = await inject(buyer, 'POST', '/api/orders/checkout');
    statuses.push(checkedOut.statusCode);
    if (checkedOut.statusCode !== 201 && checkedOut.statusCode !== 200) return;
    const session = checkedOut.json<CheckoutSession>();
    const shipped = await inject(buyer, 'PUT', `/api/orders/${session.orderId}/shipping`, {
      address: shippingAddress,
      method: 'STANDARD',
    });
    statuses.push(shipped.statusCode);
    if (shipped.statusCode !== 200) return;
    const paid = await inject(buyer, 'POST', '/api/payments/local/confirm', {
      clientSecret: session.clientSecret,
      cardNumber: LOCAL_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    statuses.push(paid.statusCode);
  }

  const terminateAll = () =>
    admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid()`,
      [new URL(testDatabase.url!).pathname.slice(1)],
    );

  it('fails the requests that used a connection, never the process, and loses no stock', async () => {
    const statuses: number[] = [];
    let buying = true;
    const shoppers = buyers.map(async (buyer) => {
      while (buying) await buyOne(buyer, statuses);
    });

    // Some purchases go through first, so connections are busy in every step when they end.
    while (statuses.filter((s) => s === 200).length < 60) await sleep(20);
    // Readers meanwhile: a read that loses its connection is sent again on a new one.
    const reads: number[] = [];
    let terminating = true;
    const readers = [0, 1, 2].map(async (n) => {
      while (terminating) {
        const [bag, product] = await Promise.all([
          inject(buyers[n]!, 'GET', '/api/orders/cart'),
          app.inject({ method: 'GET', url: `/api/item/public/${item.id}` }),
        ]);
        reads.push(bag.statusCode, product.statusCode);
      }
    });
    let terminated = 0;
    for (let i = 0; i < TERMINATIONS; i++) {
      terminated += (await terminateAll()).rowCount ?? 0;
      await sleep(TERMINATE_EVERY_MS);
    }
    terminating = false;
    await Promise.all(readers);
    const lastTermination = Date.now();
    // The pool connects again by itself: a buyer's next steps are served.
    let servedAgainAfter: number | undefined;
    while (Date.now() - lastTermination < BACK_WITHIN_MS) {
      const bag = await inject(buyers[0]!, 'GET', '/api/orders/cart');
      if (bag.statusCode === 200) {
        servedAgainAfter = Date.now() - lastTermination;
        break;
      }
      await sleep(50);
    }
    const beforeStop = statuses.length;
    await sleep(1_000);
    buying = false;
    await Promise.all(shoppers);

    // Each would have ended the server's process.
    expect.soft(crashes.map(String)).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    expect.soft(servedAgainAfter).toBeDefined();
    expect.soft(statuses.slice(beforeStop)).toContain(200);
    // A request that lost its connection is a 503, never a 500.
    expect.soft(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect.soft(statuses).toContain(503);
    expect(reads.length).toBeGreaterThan(10);
    expect.soft(reads.filter((s) => s !== 200)).toEqual([]);

    // Every connection lent to a request came back to the pool (one that did not would be
    // lent for ever, and the pool has 10).
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    expect.soft(pool.totalCount - pool.idleCount).toBe(0);

    // The sweep repairs what a failed request left half done; then every unit is accounted for.
    await app.services.checkout.reconcile();
    const books = await optionBooks();
    expect.soft(books.count + books.sold + books.held).toBe(STOCK);
    expect(books.sold).toBeGreaterThan(40);
  });

  /** The option's books, read on a connection of their own (the app's pool was just cut). */
  async function optionBooks() {
    const client = new pg.Client({ connectionString: testDatabase.url });
    await client.connect();
    try {
      return await stockBooks(client, item.itemOptions[0]!.id);
    } finally {
      await client.end();
    }
  }
});
