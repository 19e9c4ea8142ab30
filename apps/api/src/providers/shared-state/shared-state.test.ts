import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TcpProxy } from '../../../test/tcp-proxy';
import { MemoryCounters, RedisCounters, SharedOrLocalCounters, type Counters } from './counters';
import { redisMessageBus } from './message-bus';
import { connectRedis, REDIS_COMMAND_TIMEOUT_MS, RedisLink } from './redis';

// CI runs Redis on this machine; without TEST_REDIS_URL only the in-memory counters are tested.
const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
const connect = () => {
  const client = new Redis(redisUrl!);
  clients.push(client);
  return client;
};
afterAll(() => clients.forEach((client) => client.disconnect()));

const silentLog = { error: () => {}, warn: () => {}, info: () => {} } as never;
const unique = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
/** Until `count` connections listen on `channel` (subscriptions are set up asynchronously). */
const subscribed = async (channel: string, count: number) => {
  const admin = connect();
  await expect
    .poll(async () => ((await admin.pubsub('NUMSUB', channel)) as [string, number])[1])
    .toBe(count);
};

const kinds: [string, () => Counters][] = [['memory', () => new MemoryCounters()]];
if (redisUrl) kinds.push(['redis', () => new RedisCounters(connect(), `${unique()}:`)]);

describe.each(kinds)('%s counters', (_kind, create) => {
  it('counts hits within a window and starts again after it', async () => {
    const counters = create();
    expect(await counters.read('key')).toBeUndefined();
    expect((await counters.increment('key', 300)).count).toBe(1);
    const second = await counters.increment('key', 300);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(300);
    expect((await counters.read('key'))?.count).toBe(2);
    await sleep(350);
    expect(await counters.read('key')).toBeUndefined();
    expect((await counters.increment('key', 300)).count).toBe(1);
  });

  it('keeps keys apart and forgets a removed one', async () => {
    const counters = create();
    await counters.increment('a', 10_000);
    await counters.increment('a', 10_000);
    await counters.increment('b', 10_000);
    await counters.remove('a');
    expect(await counters.read('a')).toBeUndefined();
    expect((await counters.read('b'))?.count).toBe(1);
  });

  it('holds a key for a while, lengthening but never shortening its window', async () => {
    const counters = create();
    await counters.hold('wait', 300);
    const held = await counters.read('wait');
    expect(held?.count).toBe(1);
    expect(held!.resetInMs).toBeGreaterThan(200);
    expect(held!.resetInMs).toBeLessThanOrEqual(300);
    await counters.hold('wait', 50);
    expect((await counters.read('wait'))!.resetInMs).toBeGreaterThan(200);
    await counters.increment('wait', 10_000);
    await counters.hold('wait', 5_000);
    const longer = await counters.read('wait');
    expect(longer?.count).toBe(2);
    expect(longer!.resetInMs).toBeGreaterThan(4_000);
    await counters.hold('brief', 100);
    await sleep(150);
    expect(await counters.read('brief')).toBeUndefined();
  });
});

describe('memory counters', () => {
  it('let go of the windows that have ended, so that every address ever seen is not kept', async () => {
    const clock = { now: 0 };
    const counters = new MemoryCounters(() => clock.now);
    for (let i = 0; i < 1000; i++) await counters.increment(`address:${i}`, 60_000);
    await counters.increment('long', 3_600_000);
    expect(counters.size).toBe(1001);
    clock.now = 61_000;
    expect((await counters.increment('address:0', 60_000)).count).toBe(1);
    expect(counters.size).toBe(2);
    expect((await counters.read('long'))?.count).toBe(1);
  });
});

describe.skipIf(!redisUrl)('shared through Redis', () => {
  it('gives two processes one count: concurrent hits are never lost', async () => {
    const prefix = `${unique()}:`;
    const [first, second] = [
      new RedisCounters(connect(), prefix),
      new RedisCounters(connect(), prefix),
    ];
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).increment('shared', 10_000)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('delivers a message to the other processes, not back to its sender', async () => {
    const channel = unique();
    const sender = redisMessageBus(new RedisLink(connect(), silentLog), channel, silentLog);
    const receiver = redisMessageBus(new RedisLink(connect(), silentLog), channel, silentLog);
    const heardBySender: string[] = [];
    const heardByReceiver: string[] = [];
    sender.subscribe((message) => heardBySender.push(message));
    receiver.subscribe((message) => heardByReceiver.push(message));
    await subscribed(channel, 2);
    sender.publish('item:');
    sender.publish('');
    await expect.poll(() => heardByReceiver).toEqual(['item:', '']);
    expect(heardBySender).toEqual([]);
    await Promise.all([sender.close(), receiver.close()]);
  });
});

describe.skipIf(!redisUrl)(
  'while Redis is away (a TCP proxy between the process and Redis)',
  () => {
    const proxies: TcpProxy[] = [];
    afterAll(() => Promise.all(proxies.map((proxy) => proxy.stop())));

    /** A connection as the server opens one (connectRedis), through a proxy of its own. */
    const throughProxy = async () => {
      const target = new URL(redisUrl!);
      const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      await proxy.start();
      proxies.push(proxy);
      const url = new URL(redisUrl!);
      url.host = `127.0.0.1:${proxy.port}`;
      const client = connectRedis(url.toString());
      client.on('error', () => {});
      clients.push(client);
      const link = new RedisLink(client, silentLog);
      await expect.poll(() => link.available).toBe(true);
      return { proxy, link };
    };
    const timed = async <T>(work: Promise<T>) => {
      const started = performance.now();
      const value = await work;
      return { value, ms: performance.now() - started };
    };

    it('counts in this process at once when Redis is cut, and in Redis again once it is back', async () => {
      const { proxy, link } = await throughProxy();
      const counters = new SharedOrLocalCounters(link, new MemoryCounters(), `${unique()}:`);
      await counters.increment('hits', 60_000);
      expect((await counters.increment('hits', 60_000)).count).toBe(2);

      await proxy.cut();
      const away = await timed(counters.increment('hits', 60_000));
      expect(away.value.count).toBe(1); // this process's own count
      expect(away.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
      expect((await counters.increment('hits', 60_000)).count).toBe(2);
      await counters.hold('wait', 60_000);
      expect((await counters.read('wait'))?.count).toBe(1);

      await proxy.restore();
      await expect.poll(() => link.available, { timeout: 3_000 }).toBe(true);
      // The shared count as it was (the local hits stay local).
      expect((await counters.increment('hits', 60_000)).count).toBe(3);
      expect(await counters.read('wait')).toBeUndefined();
    });

    it('gives up on a Redis that stops answering within the timeout, then skips it for a while', async () => {
      const { proxy, link } = await throughProxy();
      const counters = new SharedOrLocalCounters(link, new MemoryCounters(), `${unique()}:`);
      expect((await counters.increment('hits', 60_000)).count).toBe(1);

      proxy.stall();
      const first = await timed(counters.increment('hits', 60_000));
      expect(first.value.count).toBe(1);
      expect(first.ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 1);
      expect(first.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 100);
      // Taken as away: the next calls do not wait for it at all.
      const next = await timed(counters.increment('hits', 60_000));
      expect(next.value.count).toBe(2);
      expect(next.ms).toBeLessThan(10);

      await proxy.restore();
      await expect.poll(() => link.available, { timeout: 3_000 }).toBe(true);
      expect((await counters.increment('hits', 60_000)).count).toBe(2);
    });

    it('tells a process that its connection dropped that it missed messages, once it is back', async () => {
      const channel = unique();
      const sender = redisMessageBus(new RedisLink(connect(), silentLog), channel, silentLog);
      const { proxy, link } = await throughProxy();
      const receiver = redisMessageBus(link, channel, silentLog);
      const heard: string[] = [];
      let missed = 0;
      receiver.subscribe((message) => heard.push(message));
      receiver.onMissed(() => (missed += 1));
      await subscribed(channel, 2);
      sender.publish('before');
      await expect.poll(() => heard).toEqual(['before']);

      await proxy.cut();
      sender.publish('while away');
      await sleep(200);
      expect(missed).toBe(0); // told once it can read again, not before
      await proxy.restore();
      await expect.poll(() => missed, { timeout: 3_000 }).toBe(1);
      sender.publish('after');
      await expect.poll(() => heard).toEqual(['before', 'after']);
      expect(missed).toBe(1);
      await Promise.all([sender.close(), receiver.close()]);
    });

    it('tells the others they missed a message it could not send, once it can', async () => {
      const channel = unique();
      const { proxy, link } = await throughProxy();
      const sender = redisMessageBus(link, channel, silentLog);
      const receiver = redisMessageBus(new RedisLink(connect(), silentLog), channel, silentLog);
      const heard: string[] = [];
      let missed = 0;
      receiver.subscribe((message) => heard.push(message));
      receiver.onMissed(() => (missed += 1));
      await subscribed(`${channel}:missed`, 2);

      await proxy.cut();
      const publishing = await timed(Promise.resolve(sender.publish('lost')));
      expect(publishing.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
      await proxy.restore();
      await expect.poll(() => missed, { timeout: 3_000 }).toBe(1);
      expect(heard).toEqual([]);
      await expect.poll(() => link.available).toBe(true);
      sender.publish('sent');
      await expect.poll(() => heard).toEqual(['sent']);
      await Promise.all([sender.close(), receiver.close()]);
    });
  },
);
