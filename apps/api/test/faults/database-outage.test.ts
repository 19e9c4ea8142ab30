import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ItemDetail } from '@marketplace/shared';
import { buildApp } from '../../src/app';
import { openPostgres, type Database } from '../../src/db/client';
import { createItem, sellerWithStore } from '../catalog';
import { createTestDatabase, loginAs, testAppOptions } from '../helper';
import type { Buyer } from '../orders';
import { TcpProxy } from '../tcp-proxy';

/** What a request may take while the database is away: never the default timeouts of minutes. */
const ANSWER_WITHIN_MS = 5_000;

/**
 * The database goes away under a running API (DESIGN 4: no 500, the JSON error shape): a
 * TCP proxy between the app's pool and PostgreSQL cuts every connection and refuses new ones,
 * or holds them without an answer; then the server comes back and nobody restarts the app.
 * PGlite runs inside the process and cannot go away, so this runs on PostgreSQL only.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('the database going away', () => {
  let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let buyer: Buyer;
  let item: ItemDetail;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const direct = new URL(testDatabase.url!);
    proxy = new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = openPostgres(proxied.toString(), {
      connectionTimeoutMillis: 1_000,
      queryTimeoutMillis: 2_000,
    });
    app = await buildApp(
      // Long enough that the product page read before the outage is still kept during it.
      testAppOptions(database, { catalogCacheSeconds: 600 }),
    );
    await app.ready();
    await app.catalogSearch.whenReady();
    buyer = await loginAs(app);
    item = await createItem(app, await sellerWithStore(app));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.stop();
    await testDatabase?.dispose();
  });

  const requests = {
    product: () => app.inject({ method: 'GET', url: `/api/item/public/${item.id}` }),
    search: (keyword: string) =>
      app.inject({ method: 'GET', url: `/api/item/public/search?keyword=${keyword}` }),
    bag: () => app.inject({ method: 'GET', url: '/api/orders/cart', headers: buyer.headers }),
    addToBag: () =>
      app.inject({
        method: 'POST',
        url: '/api/orders/cart/add',
        headers: buyer.headers,
        payload: { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity: 1 },
      }),
    health: () => app.inject({ method: 'GET', url: '/api/health' }),
  };

  async function timed(request: () => Promise<LightMyRequestResponse>) {
    const started = Date.now();
    const response = await request();
    expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
    return response;
  }

  function expectUnavailable(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toHaveProperty('message');
  }

  async function expectServedAgain(keyword: string) {
    expect((await requests.search(keyword)).statusCode).toBe(200);
    expect((await requests.bag()).statusCode).toBe(200);
    expect((await requests.addToBag()).statusCode).toBe(200);
    expect((await requests.health()).json()).toEqual({ status: 'ok' });
  }

  it('answers 503 with a message while connections are cut and refused, then recovers by itself', async () => {
    expect((await requests.product()).statusCode).toBe(200);
    await proxy.cut();

    const search = await timed(() => requests.search('selvedge'));
    expectUnavailable(search);
    expect(search.json()).toEqual({ message: MESSAGES.serviceUnavailable });
    expect(search.headers['retry-after']).toBe('5');
    expectUnavailable(await timed(requests.bag));
    expectUnavailable(await timed(requests.addToBag));
    expectUnavailable(await timed(requests.health));
    // The product page read before the outage is still answered from the catalog cache.
    const cached = await timed(requests.product);
    expect(cached.statusCode).toBe(200);
    expect(cached.json<ItemDetail>().id).toBe(item.id);

    await proxy.restore();
    await expectServedAgain('jacket');
  });

  it('answers 503 within seconds when the network holds every packet, then recovers by itself', async () => {
    // Warm connections sit in the pool: their next query must time out, not wait for ever.
    await expectServedAgain('denim');
    proxy.stall();

    expectUnavailable(await timed(() => requests.search('raw')));
    expectUnavailable(await timed(requests.bag));
    expectUnavailable(await timed(requests.addToBag));
    expectUnavailable(await timed(requests.health));

    await proxy.restore();
    await expectServedAgain('selvedge');
  });
});
