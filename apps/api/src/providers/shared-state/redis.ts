import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * How long a command to Redis may take before the caller goes on without it. Redis answers in
 * well under a millisecond on a working network; a command still unanswered after this is on
 * a connection that went silent, and a request must not wait for it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 50;
/** After a command timed out, how long the link is taken as away before one is tried again. */
export const REDIS_RETRY_AFTER_MS = 1000;
/** Timed-out commands in a row (each one a retry apart) after which the connection is opened again. */
const TIMEOUTS_BEFORE_RECONNECT = 3;
/** The longest wait between two attempts to reach Redis again. */
export const REDIS_RECONNECT_MAX_MS = 1000;

/**
 * How ioredis reaches REDIS_URL for the state every API process shares (rate limits, login
 * throttling, catalog and page invalidation). Nothing waits for Redis: a command sent while it
 * is away fails at once (no offline queue) and its caller carries on without it (`RedisLink`),
 * and a command that failed is never sent again once Redis is back (it was counted locally).
 * Attempts to reach it again come at most REDIS_RECONNECT_MAX_MS apart.
 */
export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  autoResendUnfulfilledCommands: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1000,
  retryStrategy: (attempt) => Math.min(attempt * 50, REDIS_RECONNECT_MAX_MS),
};

export function connectRedis(url: string): Redis {
  return new Redis(url, REDIS_OPTIONS);
}

/** Settles like `work`, or rejects after `ms` when it has not (see `RedisLink.run`). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      // An event loop busy past the timer would fire it before reading a reply already waiting
      // on the socket: one turn of I/O first (setImmediate runs after it), so only a reply that
      // truly has not come counts as a timeout.
      () => setImmediate(() => settled || reject(new Error(`${what} timed out after ${ms} ms`))),
      ms,
    );
    work.then(
      (value) => {
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        settled = true;
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}

/**
 * One Redis connection as the API uses it: `run` sends a command only while Redis is reachable
 * and gives it `timeoutMs`, so a caller (counters, the message bus) learns within tens of
 * milliseconds, never seconds, that it must do without. Away means not connected, or a command
 * timed out less than `retryAfterMs` ago (a connection that went silent: nothing tells ioredis);
 * after a few such timeouts in a row the connection is dropped and opened again.
 */
export class RedisLink {
  private silentUntil = 0;
  private timeoutsInARow = 0;
  private away = false;
  private readonly timeoutMs: number;
  private readonly retryAfterMs: number;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    options: { timeoutMs?: number; retryAfterMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
    this.retryAfterMs = options.retryAfterMs ?? REDIS_RETRY_AFTER_MS;
    // ioredis reconnects by itself; each failed attempt is an 'error' event, which must be
    // heard (an unheard one is thrown). One line per outage, not one per attempt.
    redis.on('error', (error: Error) => this.wentAway(error));
    // Not 'close': a connection closed on purpose (shutdown) is not one that went away.
    redis.on('reconnecting', () => this.wentAway());
    redis.on('ready', () => {
      this.silentUntil = 0;
      this.timeoutsInARow = 0;
      this.cameBack();
    });
  }

  /** Whether a command would be sent now. */
  get available(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.silentUntil;
  }

  /**
   * Runs `command` on Redis, or rejects at once when it is away, or after `timeoutMs` (the
   * link's by default; what no request waits for, a publish, may give Redis longer).
   */
  async run<T>(command: (redis: Redis) => Promise<T>, timeoutMs = this.timeoutMs): Promise<T> {
    if (!this.available) throw new Error('Redis unreachable');
    try {
      const result = await withTimeout(command(this.redis), timeoutMs, 'Redis command');
      this.timeoutsInARow = 0;
      this.cameBack();
      return result;
    } catch (error) {
      this.wentAway(error as Error);
      if (error instanceof Error && error.message.startsWith('Redis command timed out')) {
        this.silentUntil = Date.now() + this.retryAfterMs;
        this.timeoutsInARow += 1;
        if (this.timeoutsInARow >= TIMEOUTS_BEFORE_RECONNECT) {
          this.timeoutsInARow = 0;
          this.redis.disconnect(true);
        }
      }
      throw error;
    }
  }

  private cameBack(): void {
    if (!this.away) return;
    this.away = false;
    this.log.info('Redis answers again: limits and login throttling are shared again');
  }

  private wentAway(error?: Error): void {
    if (this.away) return;
    this.away = true;
    this.log.warn(
      { err: error },
      'Redis unreachable: each API process counts limits and throttles logins on its own until it is back',
    );
  }
}
