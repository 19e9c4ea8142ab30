import type { Redis } from 'ioredis';
import type { RedisLink } from './redis';

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
  /**
   * Makes the key's window last at least `ms` from now (a new window counts 1), never shortening
   * it: a required wait that concurrent failures can only lengthen.
   */
  hold(key: string, ms: number): Promise<void>;
}

/** How often the in-memory counters drop the windows that have ended. */
const SWEEP_EVERY_MS = 60_000;

export class MemoryCounters implements Counters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Windows held, ended ones included until the next sweep. */
  get size(): number {
    return this.windows.size;
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    // Every anonymous reader's address gets a window: without this, one per address ever seen
    // would be kept for good (Redis expires its keys by itself).
    if (now >= this.nextSweepAt) {
      for (const [held, window] of this.windows)
        if (window.resetAt <= now) this.windows.delete(held);
      this.nextSweepAt = now + SWEEP_EVERY_MS;
    }
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

  async hold(key: string, ms: number): Promise<void> {
    const now = this.now();
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + ms });
    else entry.resetAt = Math.max(entry.resetAt, now + ms);
  }
}

// INCR and the expiry of a new window in one step, so a crash between them cannot leave a
// counter that never expires.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

// Lengthens (or starts) a window in one step, so two processes holding at once keep the longer.
const HOLD_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl < tonumber(ARGV[1]) then
  if ttl < 0 then redis.call('SET', KEYS[1], 1, 'PX', ARGV[1])
  else redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
end
return 0`;

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

  async hold(key: string, ms: number): Promise<void> {
    await this.redis.eval(HOLD_SCRIPT, 1, this.prefix + key, String(Math.ceil(ms)));
  }
}

/**
 * The counters of several API processes: Redis while it answers (`link`), and this process's own
 * (`local`) while it does not, so a Redis outage neither stops logins nor lifts every limit:
 * each process counts on its own meanwhile (N processes then allow up to N times a limit), and
 * a call never waits more than the link's timeout for Redis. Counts made locally stay local:
 * once Redis is back the shared counts, as they were, hold again.
 */
export class SharedOrLocalCounters implements Counters {
  private readonly shared: RedisCounters;

  constructor(
    private readonly link: RedisLink,
    private readonly local: Counters = new MemoryCounters(),
    prefix?: string,
  ) {
    this.shared = new RedisCounters(link.redis, prefix);
  }

  increment(key: string, windowMs: number): Promise<WindowCount> {
    return this.either((counters) => counters.increment(key, windowMs));
  }

  read(key: string): Promise<WindowCount | undefined> {
    return this.either((counters) => counters.read(key));
  }

  remove(key: string): Promise<void> {
    return this.either((counters) => counters.remove(key));
  }

  hold(key: string, ms: number): Promise<void> {
    return this.either((counters) => counters.hold(key, ms));
  }

  private async either<T>(work: (counters: Counters) => Promise<T>): Promise<T> {
    if (!this.link.available) return work(this.local);
    try {
      return await this.link.run(() => work(this.shared));
    } catch {
      // RedisLink has said Redis went away (once per outage, not once per call).
      return work(this.local);
    }
  }
}
