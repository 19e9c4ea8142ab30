import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail } from '@marketplace/shared';
import { startApi, type ApiProcess } from '../bench/api-process';
import { TcpProxy } from '../apps/api/test/tcp-proxy';
import { createSystemDatabase, quantile, request, type SystemDatabase } from './support';

/**
 * Two API processes on one PostgreSQL database whose Redis goes away (a TCP proxy between them
 * and Redis drops every connection and refuses new ones) and comes back: logins still work,
 * reads keep their speed, and what changed meanwhile reaches both once Redis is back
 * (docs/decisions/010-shared-state-in-redis.md, "Failure modes").
 */
const redisBase = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
const DEMO_PASSWORD = 'Password123!';
const SELLER = 'maple-denim';
/**
 * How soon after Redis answers again a change made while it was away is seen everywhere: the
 * bound README.md ("Deployment: several instances") and decision 010 give.
 */
const REDIS_BACK_WITHIN_MS = 3_000;

let database: SystemDatabase;
let redisProxy: TcpProxy;
let apis: ApiProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  if (!redisBase) {
    throw new Error('This test needs Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379).');
  }
  // A database index of its own, emptied first, so counts of earlier runs cannot leak in.
  const redisUrl = new URL(redisBase);
  redisUrl.pathname = `/${1 + ((process.pid + 7) % 15)}`;
  const redis = new Redis(redisUrl.toString());
  await redis.flushdb();
  redis.disconnect();

  redisProxy = new TcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  await redisProxy.start();
  const proxiedUrl = new URL(redisUrl);
  proxiedUrl.host = `127.0.0.1:${redisProxy.port}`;

  database = await createSystemDatabase();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: proxiedUrl.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    CATALOG_CACHE_SECONDS: '60',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGNUPS_PER_HOUR: '1000000',
    RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: '1000000',
  };
  apis = await Promise.all(
    [0, 1].map((i) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `marketplace-redis-away-${i}-`));
      dataDirs.push(dataDir);
      return startApi({ ...env, DATA_DIR: dataDir, SEED_DEMO: i === 0 ? 'true' : 'false' });
    }),
  );
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await redisProxy?.stop();
  await database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const [A, B] = [0, 1];
const urlOf = (instance: number) => apis[instance]!.url;

const login = (instance: number, userName: string, password: string) =>
  request<{ accessToken?: string; message?: string }>(urlOf(instance), 'POST', '/api/auth/login', {
    body: { userName, password },
  });

const productPage = async (instance: number, id: number) =>
  (await request<ItemDetail>(urlOf(instance), 'GET', `/api/item/public/${id}`)).body;

/** What the product form sends, for a new product or (with its id) an edit keeping its images. */
const productForm = (name: string, price: number) => ({
  name,
  price,
  sale: 0,
  currency: 'CAD',
  category: 'men',
  tags: ['denim'],
  isAvailable: true,
  dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
  itemOptions: [{ color: 'BLUE', size: 'M', price: 0, sale: 0, count: 5, isAvailable: true }],
});

async function createProduct(token: string, name: string): Promise<ItemDetail> {
  const form = new FormData();
  form.append('itemDto', JSON.stringify(productForm(name, 100)));
  const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
  form.append('thumbnail', new File([new Uint8Array(png)], 'jacket.png', { type: 'image/png' }));
  const response = await fetch(`${urlOf(A)}/api/item`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ItemDetail;
}

async function reprice(instance: number, token: string, item: ItemDetail, price: number) {
  const form = new FormData();
  form.append(
    'itemDto',
    JSON.stringify({ ...productForm(item.name, price), id: item.id, images: null }),
  );
  const response = await fetch(`${urlOf(instance)}/api/item`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

/** How long until `instance` shows the product at `price` (throws past `withinMs`). */
async function seenAfter(instance: number, id: number, price: number, withinMs: number) {
  const started = performance.now();
  while ((await productPage(instance, id)).price !== price) {
    const waited = performance.now() - started;
    if (waited > withinMs) {
      throw new Error(
        `instance ${instance} still shows the old price after ${Math.round(waited)} ms`,
      );
    }
    await sleep(100);
  }
  return performance.now() - started;
}

/** Anonymous reads of both instances, one at a time: their times, in ms, sorted. */
async function readTimes(id: number, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const paths = [
      `/api/item/public/${id}`,
      '/api/item/public?pageSize=12',
      '/api/item/public/facets',
    ];
    const answer = await request(urlOf(i % 2), 'GET', paths[i % paths.length]!, {
      timeoutMs: 10_000,
    });
    expect(answer.status).toBe(200);
    times.push(answer.ms);
  }
  return times.sort((a, b) => a - b);
}

describe('two API processes whose Redis goes away and comes back', () => {
  it('keeps logins and reads working while Redis is away, and catches up once it is back', async () => {
    const seller = await login(A, SELLER, DEMO_PASSWORD);
    expect(seller.status).toBe(200);
    const token = seller.body.accessToken!;
    const item = await createProduct(token, `Outage Jacket ${randomBytes(3).toString('hex')}`);
    // Both processes hold the product page in their catalog cache (60 s).
    expect((await productPage(A, item.id)).price).toBe(100);
    expect((await productPage(B, item.id)).price).toBe(100);
    const normal = await readTimes(item.id, 30);

    await redisProxy.cut();
    try {
      // Each process throttles logins on its own meanwhile: the right password gets in...
      for (const instance of [A, B, A, B]) {
        const answer = await login(instance, SELLER, DEMO_PASSWORD);
        expect.soft(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      // ...and a guesser is still slowed, by each process's own count.
      const guesses = [];
      for (let i = 0; i < 6; i++) guesses.push((await login(B, SELLER, 'wrong password')).status);
      expect.soft(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect.soft(guesses[5]).toBe(429);

      const away = await readTimes(item.id, 60);
      const p95 = quantile(away, 0.95);
      console.log(
        `anonymous reads, p50/p95 ms: with Redis ${quantile(normal, 0.5).toFixed(1)}/` +
          `${quantile(normal, 0.95).toFixed(1)}, without ${quantile(away, 0.5).toFixed(1)}/` +
          `${p95.toFixed(1)}`,
      );
      expect.soft(p95).toBeLessThan(200);

      // A change while Redis is away: A knows at once; B cannot hear of it yet.
      await reprice(A, token, item, 120);
      expect((await productPage(A, item.id)).price).toBe(120);
      await sleep(2_000);
    } finally {
      await redisProxy.restore();
    }
    const caughtUp = await seenAfter(B, item.id, 120, REDIS_BACK_WITHIN_MS);
    console.log(
      `a change made while Redis was away reached B ${Math.round(caughtUp)} ms after it came back`,
    );

    // Back for good: a change on B reaches A as before (the bus is subscribed again).
    await sleep(REDIS_BACK_WITHIN_MS);
    await reprice(B, token, item, 130);
    const heard = await seenAfter(A, item.id, 130, 1_000);
    console.log(`a change after Redis came back reached A in ${Math.round(heard)} ms`);
  });
});
