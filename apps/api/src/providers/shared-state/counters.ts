import type { Redis } from 'ioredis';

export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

/**
 * Fixed-window counters shared by every process that uses the same store: in memory for one
 * process, in Redis when the API runs as several processes (REDIS_URL).
 */
export interface Counters {
  /** Adds one; the first hit of a window starts it. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** The current window's count; undefined when there is none. */
  read(key: string): Promise<WindowCount | undefined>;
  remove(key: string): Promise<void>;
}

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async read(key: string): Promise<WindowCount | undefined> {
    const entry = this.windows.get(key);
    if (!entry) return undefined;
    const remaining = entry.resetAt - this.now();
    if (remaining <= 0) {
      this.windows.delete(key);
      return undefined;
    }
    return { count: entry.count, resetInMs: remaining };
  }

  async remove(key: string): Promise<void> {
    this.windows.delete(key);
  }
}

// INCR and the expiry of a new window in one step, so a crash between them cannot leave a
// counter that never expires.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

export class RedisCounters implements Counters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'counters:',
  ) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(
      INCREMENT_SCRIPT,
      1,
      this.prefix + key,
      String(windowMs),
    )) as [number, number];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async read(key: string): Promise<WindowCount | undefined> {
    const [count, ttl] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    if (count === null || ttl <= 0) return undefined;
    return { count: Number(count), resetInMs: ttl };
  }

  async remove(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
