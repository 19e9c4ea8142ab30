import { Redis } from 'ioredis';

/**
 * The connection to REDIS_URL for state that every API process shares (rate limits, login
 * throttling, catalog invalidation). Commands fail fast while Redis is away instead of queueing,
 * so a Redis outage degrades those features (see their callers) rather than hanging requests.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
}
