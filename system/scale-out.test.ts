import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TEST_CARDS, MESSAGES, type ItemDetail } from '@marketplace/shared';
import { startApi, type ApiProcess } from '../bench/api-process';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import {
  SHIPPING_ADDRESS,
  createSystemDatabase,
  mapLimited,
  request,
  type SystemDatabase,
} from './support';

/**
 * Two API processes on one PostgreSQL database and one Redis, behind one port: what one
 * process knows (sessions, login failures, rate limit counts, stock, catalog changes, uploads),
 * the other knows too.
 */
const redisBase = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
const WRITES_PER_MINUTE = 20;
const DEMO_PASSWORD = 'Password123!';

let database: SystemDatabase;
let sql: pg.Pool;
let s3: FakeS3;
let apis: ApiProcess[] = [];
let proxy: RoundRobinProxy;
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!redisBase) {
    throw new Error(
      'The scale-out test needs Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379).',
    );
  }
  // A database index of its own, emptied first, so counts of earlier runs cannot leak in.
  const redisUrl = new URL(redisBase);
  redisUrl.pathname = `/${1 + (process.pid % 15)}`;
  const redis = new Redis(redisUrl.toString());
  await redis.flushdb();
  redis.disconnect();

  database = await createSystemDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  s3 = await startFakeS3();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    CATALOG_CACHE_SECONDS: '60',
    RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
    RATE_LIMIT_SIGNUPS_PER_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '1000000',
    ...s3.env,
  };
  // Both at once, as a deploy starts them: they migrate one after the other (an advisory
  // lock); only the first seeds the demo data.
  apis = await Promise.all(
    [0, 1].map((i) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `marketplace-instance-${i}-`));
      dataDirs.push(dataDir);
      return startApi({ ...env, DATA_DIR: dataDir, SEED_DEMO: i === 0 ? 'true' : 'false' });
    }),
  );
  proxy = await startRoundRobinProxy(apis.map((api) => api.url));
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all(apis.map((api) => api.stop()));
  await sql?.end();
  await s3?.close();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const [A, B] = [0, 1];
const urlOf = (instance: number) => apis[instance]!.url;

async function login(instance: number, userName: string, password: string) {
  return request<{ accessToken?: string; message?: string }>(
    urlOf(instance),
    'POST',
    '/api/auth/login',
    {
      body: { userName, password },
    },
  );
}

async function newShopper(instance: number) {
  const userName = `shopper_${randomBytes(5).toString('hex')}`;
  const password = 'correct horse battery';
  const email = `${userName}@example.com`;
  const created = await request(urlOf(instance), 'POST', '/api/auth/registerUser', {
    body: {
      password,
      userDto: { firstName: 'Ada', lastName: 'Lovelace', userName, email, addresses: [] },
    },
  });
  expect(created.status).toBe(201);
  const { body } = await login(instance, userName, password);
  return { userName, email, password, token: body.accessToken! };
}

/** A product with one unit left, created by a demo brand through instance A. */
async function lastUnitProduct(): Promise<ItemDetail> {
  const seller = await login(A, 'maple-denim', DEMO_PASSWORD);
  const form = new FormData();
  form.append(
    'itemDto',
    JSON.stringify({
      name: `Last Unit Jacket ${randomBytes(3).toString('hex')}`,
      price: 150,
      sale: 0,
      currency: 'CAD',
      category: 'men',
      tags: ['denim'],
      isAvailable: true,
      dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 1, isAvailable: true }],
    }),
  );
  const png = await sharp({
    create: { width: 60, height: 80, channels: 3, background: '#224466' },
  })
    .png()
    .toBuffer();
  form.append('thumbnail', new File([new Uint8Array(png)], 'jacket.png', { type: 'image/png' }));
  const response = await fetch(`${urlOf(A)}/api/item`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.body.accessToken}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ItemDetail;
}

describe('two API processes behind one port', () => {
  it('answers through the one port from both processes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => request(proxy.url, 'GET', '/api/health/live')),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.get('x-upstream')))).toEqual(
      new Set(['0', '1']),
    );
  });

  it('shares sessions: a token from one process works on the other, until a reset on either', async () => {
    const shopper = await newShopper(A);
    const profile = (instance: number) =>
      request<{ message?: string }>(urlOf(instance), 'GET', `/api/user/${shopper.userName}`, {
        token: shopper.token,
      });
    expect((await profile(B)).status).toBe(200);

    expect(
      (
        await request(urlOf(A), 'POST', '/api/auth/forgot-password', {
          body: { email: shopper.email },
        })
      ).status,
    ).toBe(202);
    let resetToken: string | undefined;
    await expect
      .poll(async () => {
        const { rows } = await sql.query<{ body_text: string }>(
          'select body_text from outbox_emails where recipient = $1',
          [shopper.email],
        );
        resetToken = /token=([\w-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
        return resetToken;
      })
      .toBeDefined();
    const reset = await request(urlOf(B), 'POST', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'a brand new password' },
    });
    expect(reset.status).toBe(204);
    for (const instance of [A, B]) {
      const stale = await profile(instance);
      expect(stale.status).toBe(401);
      expect(stale.body.message).toBe(MESSAGES.sessionEnded);
    }
  });

  it('counts failed logins across both: the sixth try is refused even with the right password', async () => {
    const shopper = await newShopper(A);
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await login(attempt % 2, shopper.userName, 'wrong password');
      expect(failed.status).toBe(401);
    }
    for (const instance of [A, B]) {
      const refused = await login(instance, shopper.userName, shopper.password);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many login attempts/);
    }
  });

  it('spends one write budget whichever process takes the write', async () => {
    const shopper = await newShopper(B);
    const statuses: number[] = [];
    for (let i = 0; i <= WRITES_PER_MINUTE; i++) {
      const removed = await request(urlOf(i % 2), 'DELETE', '/api/orders/cart/remove', {
        token: shopper.token,
        body: { itemId: crypto.randomUUID(), itemOptionId: crypto.randomUUID() },
      });
      statuses.push(removed.status);
    }
    expect(statuses.slice(0, WRITES_PER_MINUTE)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sells the last unit once when buyers race for it on both processes', async () => {
    const item = await lastUnitProduct();
    const option = item.itemOptions[0]!;
    const productPage = async (instance: number) =>
      (await request<ItemDetail>(urlOf(instance), 'GET', `/api/item/public/${item.id}`)).body;
    // Both processes now hold the product page in their catalog cache (60 s).
    expect((await productPage(A)).itemOptions[0]!.count).toBe(1);
    expect((await productPage(B)).itemOptions[0]!.count).toBe(1);

    const buyers = await mapLimited(Array.from({ length: 10 }), 5, (_, i) => newShopper(i % 2));
    for (const [i, buyer] of buyers.entries()) {
      const added = await request(urlOf(i % 2), 'POST', '/api/orders/cart/add', {
        token: buyer.token,
        body: { itemId: item.id, itemOptionId: option.id, quantity: 1 },
      });
      expect(added.status).toBe(200);
    }
    const checkouts = await Promise.all(
      buyers.map((buyer, i) =>
        request<{ orderId?: string; clientSecret?: string; message?: string }>(
          i % 2 ? proxy.url : urlOf(A),
          'POST',
          '/api/orders/checkout',
          { token: buyer.token },
        ),
      ),
    );
    const statuses = checkouts.map((checkout) => checkout.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);

    // The reservation reached both caches at once (the catalog bus), not after their 60 s.
    expect((await productPage(A)).itemOptions[0]!.count).toBe(0);
    expect((await productPage(B)).itemOptions[0]!.count).toBe(0);

    const winnerIndex = checkouts.findIndex((checkout) => checkout.status === 201);
    const winner = buyers[winnerIndex]!;
    const { orderId, clientSecret } = checkouts[winnerIndex]!.body;
    const other = (winnerIndex + 1) % 2;
    expect(
      (
        await request(urlOf(other), 'PUT', `/api/orders/${orderId}/shipping`, {
          token: winner.token,
          body: { address: SHIPPING_ADDRESS, method: 'STANDARD' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await request(urlOf(winnerIndex % 2), 'POST', '/api/payments/local/confirm', {
          token: winner.token,
          body: {
            clientSecret,
            cardNumber: LOCAL_TEST_CARDS.succeeds,
            expMonth: 12,
            expYear: 2099,
            cvc: '123',
          },
        })
      ).status,
    ).toBe(200);
    const placed = await Promise.all(
      [A, B].map((instance) =>
        request(urlOf(instance), 'POST', '/api/orders/place', {
          token: winner.token,
          body: { orderId },
        }),
      ),
    );
    expect(placed.map((answer) => answer.status)).toEqual([200, 200]);

    const { rows } = await sql.query<{ count: number }>(
      'select count from item_options where id = $1',
      [option.id],
    );
    expect(rows[0]!.count).toBe(0);
    const orders = await sql.query("select id from orders where id = $1 and status = 'PLACED'", [
      orderId,
    ]);
    expect(orders.rowCount).toBe(1);
  });

  it('keeps uploads in the shared bucket, not on either process disk', async () => {
    const item = await lastUnitProduct();
    expect(item.thumbnail!.startsWith(`${s3.env.S3_PUBLIC_URL}/`)).toBe(true);
    const image = await fetch(item.thumbnail!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const seenByB = await request<ItemDetail>(urlOf(B), 'GET', `/api/item/public/${item.id}`);
    expect(seenByB.body.thumbnail).toBe(item.thumbnail);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'uploads'))).toBe(false);
  });
});
