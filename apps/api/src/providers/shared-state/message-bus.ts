import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Messages to every other API process (Redis pub/sub); a process does not hear its own. */
export interface MessageBus {
  publish(message: string): void;
  subscribe(handler: (message: string) => void): void;
  close(): Promise<void>;
}

/** One Redis channel. Delivery is best effort: a process that was disconnected misses messages. */
export function redisMessageBus(redis: Redis, channel: string, log: FastifyBaseLogger): MessageBus {
  // Each process tags what it sends, to skip its own messages when Redis echoes them back.
  const sender = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const subscriber = redis.duplicate();
  subscriber.on('error', (error: Error) => log.warn({ err: error, channel }, 'Redis unreachable'));
  const handlers: ((message: string) => void)[] = [];
  subscriber.on('message', (_channel: string, raw: string) => {
    const separator = raw.indexOf(' ');
    if (raw.slice(0, separator) === sender) return;
    for (const handler of handlers) handler(raw.slice(separator + 1));
  });
  subscriber.subscribe(channel).catch((error: unknown) => {
    log.error({ err: error, channel }, 'subscribing to the message bus failed');
  });
  return {
    publish(message) {
      redis.publish(channel, `${sender} ${message}`).catch((error: unknown) => {
        log.error({ err: error, channel }, 'publishing to the message bus failed');
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
