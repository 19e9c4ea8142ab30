import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MemoryCounters,
  RedisCounters,
  type Counters,
} from '../../providers/shared-state/counters';
import { LoginThrottle, type LoginAttempt } from './login-throttle';

// Without TEST_REDIS_URL only the in-memory counters are tested (CI runs Redis).
const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
afterAll(() => clients.forEach((client) => client.disconnect()));
const unique = () => `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;

const kinds: [string, () => Counters][] = [['memory', () => new MemoryCounters()]];
if (redisUrl) {
  kinds.push([
    'redis',
    () => {
      const client = new Redis(redisUrl);
      clients.push(client);
      return new RedisCounters(client, `${unique()}:`);
    },
  ]);
}

const account = (id: string): LoginAttempt => ({
  subject: { accountId: id },
  address: '192.0.2.1',
});

describe.each(kinds)('login throttle on %s counters', (_kind, create) => {
  it('lets the first failures through, then makes each wait double, up to the cap', async () => {
    const throttle = new LoginThrottle(create(), {
      freeFailures: 2,
      firstDelayMs: 2_000,
      maxDelayMs: 7_000,
    });
    const attempt = account('a');
    const waits: number[] = [];
    for (let failure = 0; failure < 6; failure++) {
      waits.push(await throttle.retryAfterSeconds(attempt));
      await throttle.recordFailure(attempt);
    }
    waits.push(await throttle.retryAfterSeconds(attempt));
    expect(waits).toEqual([0, 0, 2, 4, 7, 7, 7]);
    // Another account, and the same account from a known device, do not wait.
    expect(await throttle.retryAfterSeconds(account('b'))).toBe(0);
    expect(await throttle.retryAfterSeconds({ ...attempt, deviceId: 'laptop' })).toBe(0);
  });

  it('forgets the failures after a success the wait did not hold back, not after one that got past it', async () => {
    const throttle = new LoginThrottle(create(), { freeFailures: 1, firstDelayMs: 60_000 });
    const attempt = account('c');
    await throttle.recordFailure(attempt);
    // The owner past the wait, on a known device or from an address that never failed on it.
    await throttle.recordSuccess({ ...attempt, deviceId: 'laptop', trustedDevice: true });
    await throttle.recordSuccess({ ...attempt, address: '198.51.100.7', trustedDevice: false });
    expect(await throttle.retryAfterSeconds(attempt)).toBe(60);
  });

  it('holds only the addresses that failed on the account, and a signed-in confirmation (issue 38)', async () => {
    const throttle = new LoginThrottle(create(), { freeFailures: 1, firstDelayMs: 60_000 });
    const attempt = account('h');
    await throttle.recordFailure(attempt);
    expect(await throttle.retryAfterSeconds(attempt)).toBe(60);
    expect(await throttle.retryAfterSeconds({ ...attempt, address: '192.0.2.2' })).toBe(0);
    expect(await throttle.retryAfterSeconds({ subject: attempt.subject })).toBe(60);
    // A second address that fails is held too, by the doubled wait.
    await throttle.recordFailure({ ...attempt, address: '192.0.2.2' });
    expect(await throttle.retryAfterSeconds({ ...attempt, address: '192.0.2.2' })).toBe(120);
    expect(await throttle.retryAfterSeconds({ ...attempt, address: '192.0.2.3' })).toBe(0);
  });

  it("spends a known device's own budget with its failures", async () => {
    const throttle = new LoginThrottle(create(), { perDevice: 2 });
    const attempt = { ...account('d'), deviceId: 'stolen' };
    expect(await throttle.trustsDevice('stolen')).toBe(true);
    await throttle.recordFailure(attempt);
    await throttle.recordFailure(attempt);
    expect(await throttle.trustsDevice('stolen')).toBe(false);
    expect(await throttle.trustsDevice('laptop')).toBe(true);
    // The right password from it (after the account's wait) makes it known again.
    await throttle.recordSuccess({ ...attempt, trustedDevice: false });
    expect(await throttle.trustsDevice('stolen')).toBe(true);
  });

  it('counts only unknown accounts against the address, and holds only unknown names there', async () => {
    const throttle = new LoginThrottle(create(), { freeFailures: 100, perAddress: 2 });
    await throttle.recordFailure(account('e'));
    await throttle.recordFailure(account('e'));
    expect(await throttle.retryAfterSeconds(account('f'))).toBe(0);
    expect(await throttle.addressHoldSeconds('192.0.2.1')).toBe(0);
    const unknown: LoginAttempt = { subject: { unknownLogin: 'Nobody' }, address: '192.0.2.1' };
    await throttle.recordFailure(unknown);
    await throttle.recordFailure({ ...unknown, subject: { unknownLogin: 'nobody2' } });
    const another: LoginAttempt = { ...unknown, subject: { unknownLogin: 'nobody3' } };
    expect(await throttle.retryAfterSeconds(another)).toBeGreaterThan(0);
    expect(await throttle.retryAfterSeconds({ ...another, address: '192.0.2.2' })).toBe(0);
    // A known account is not held there (issue 38); its wrong password answers like a wait.
    expect(await throttle.retryAfterSeconds(account('f'))).toBe(0);
    expect(await throttle.addressHoldSeconds('192.0.2.1')).toBeGreaterThan(0);
  });

  it('limits successes per account per minute', async () => {
    const throttle = new LoginThrottle(create(), { successesPerMinute: 2 });
    const attempt = account('g');
    await throttle.recordSuccess({ ...attempt, trustedDevice: false });
    expect(await throttle.retryAfterSeconds(attempt)).toBe(0);
    await throttle.recordSuccess({ ...attempt, trustedDevice: false });
    const wait = await throttle.retryAfterSeconds({ ...attempt, deviceId: 'laptop' });
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });
});

describe('login throttle over time', () => {
  it('forgets the failures after a success once the wait is over', async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(new MemoryCounters(() => now), {
      freeFailures: 1,
      firstDelayMs: 60_000,
    });
    const attempt = account('t');
    await throttle.recordFailure(attempt);
    await throttle.recordFailure(attempt);
    expect(await throttle.retryAfterSeconds(attempt)).toBe(120);
    now += 121_000;
    expect(await throttle.retryAfterSeconds(attempt)).toBe(0);
    await throttle.recordSuccess({ ...attempt, trustedDevice: false });
    await throttle.recordFailure(attempt);
    // Counted from one again: the first delay, not a doubled one.
    expect(await throttle.retryAfterSeconds(attempt)).toBe(60);
  });
});
