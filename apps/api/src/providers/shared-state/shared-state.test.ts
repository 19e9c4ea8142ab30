import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCounters, RedisCounters, type Counters } from './counters';
import { redisMessageBus } from './message-bus';

// CI runs Redis on this machine; without TEST_REDIS_URL only the in-memory counters are tested.
const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
const connect = () => {
  const client = new Redis(redisUrl!);
  clients.push(client);
  return client;
};
afterAll(() => clients.forEach((client) => client.disconnect()));

const silentLog = { error: () => {} } as never;
const unique = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

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
    const sender = redisMessageBus(connect(), channel, silentLog);
    const receiver = redisMessageBus(connect(), channel, silentLog);
    const heardBySender: string[] = [];
    const heardByReceiver: string[] = [];
    sender.subscribe((message) => heardBySender.push(message));
    receiver.subscribe((message) => heardByReceiver.push(message));
    await sleep(200); // subscriptions are set up asynchronously
    sender.publish('item:');
    sender.publish('');
    await expect.poll(() => heardByReceiver).toEqual(['item:', '']);
    expect(heardBySender).toEqual([]);
    await Promise.all([sender.close(), receiver.close()]);
  });
});
