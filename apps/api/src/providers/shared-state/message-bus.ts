import type { FastifyBaseLogger } from 'fastify';
import { withTimeout, type RedisLink } from './redis';

/** Messages to every other API process (Redis pub/sub); a process does not hear its own. */
export interface MessageBus {
  publish(message: string): void;
  subscribe(handler: (message: string) => void): void;
  /**
   * `handler` runs when messages may have been lost since the last it heard (this process's
   * connection to Redis, or a sender's, was away): whatever they would have told is to be taken
   * as changed. It runs once Redis is reachable again, so what is read then is current.
   */
  onMissed(handler: () => void): void;
  close(): Promise<void>;
}

/** How often the subscribed connection is asked whether it still hears (a silent one is reopened). */
export const SUBSCRIBER_PING_EVERY_MS = 2000;
/** How long a ping may go unanswered before the subscribed connection is taken as dead. */
const SUBSCRIBER_PING_TIMEOUT_MS = 1000;
/**
 * How long a publish may take before it counts as lost: no request waits for one, so Redis gets
 * longer than a counter's call (a late answer would only make the others refresh everything).
 */
const PUBLISH_TIMEOUT_MS = 1000;
/** How often a sender whose messages were lost tries again to tell the others so. */
const MISSED_NOTICE_RETRY_MS = 250;

/**
 * One Redis channel. Delivery is best effort, but a loss is never silent: a process whose
 * subscription dropped (or went quiet: a ping every SUBSCRIBER_PING_EVERY_MS finds out) runs its
 * `onMissed` handlers once subscribed again, and a process that could not publish tells every
 * other one, on `<channel>:missed`, as soon as it can, so they run theirs too. Publishing never
 * holds up its caller.
 */
export function redisMessageBus(
  link: RedisLink,
  channel: string,
  log: FastifyBaseLogger,
): MessageBus {
  const missedChannel = `${channel}:missed`;
  // Each process tags what it sends, to skip its own messages when Redis echoes them back.
  const sender = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  // Subscribing waits for a connection (a queue, no retry limit) and is done again on each.
  const subscriber = link.redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  const handlers: ((message: string) => void)[] = [];
  const missedHandlers: (() => void)[] = [];
  let closed = false;
  const missed = () => {
    for (const handler of missedHandlers) handler();
  };

  /** Since the last subscription, the connection dropped: messages may have gone by unheard. */
  let lost = false;
  let unheardSince = false;
  subscriber.on('error', (error: Error) => {
    if (!unheardSince)
      log.warn({ err: error, channel }, 'Redis unreachable: not hearing other processes');
    unheardSince = true;
  });
  subscriber.on('reconnecting', () => {
    lost = true;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel, missedChannel).then(
      () => {
        if (unheardSince) log.info({ channel }, 'hearing other processes again');
        unheardSince = false;
        if (lost) {
          lost = false;
          missed();
        }
      },
      (error: unknown) => {
        if (closed) return;
        log.error({ err: error, channel }, 'subscribing to the message bus failed; reconnecting');
        subscriber.disconnect(true);
      },
    );
  });
  subscriber.on('message', (heardOn: string, raw: string) => {
    const separator = raw.indexOf(' ');
    const from = separator < 0 ? raw : raw.slice(0, separator);
    if (from === sender) return;
    if (heardOn === missedChannel) missed();
    else for (const handler of handlers) handler(raw.slice(separator + 1));
  });
  // A connection that went silent without closing (a lost network) tells ioredis nothing: a
  // ping that goes unanswered reopens it, and the reconnection counts as a loss.
  const pings = setInterval(() => {
    if (subscriber.status !== 'ready') return;
    withTimeout(subscriber.ping(), SUBSCRIBER_PING_TIMEOUT_MS, 'Redis ping').catch(() => {
      if (closed || subscriber.status !== 'ready') return;
      lost = true;
      subscriber.disconnect(true);
    });
  }, SUBSCRIBER_PING_EVERY_MS);
  pings.unref();

  // A message that could not be sent: the others are told they missed something once one can be.
  let notice: NodeJS.Timeout | undefined;
  let unsentSince = false;
  const tellMissed = () => {
    notice = undefined;
    if (closed) return;
    link
      .run((redis) => redis.publish(missedChannel, sender), PUBLISH_TIMEOUT_MS)
      .then(
        () => {
          unsentSince = false;
        },
        () => {
          notice = setTimeout(tellMissed, MISSED_NOTICE_RETRY_MS);
          notice.unref();
        },
      );
  };
  const unsent = (error: unknown) => {
    if (!unsentSince) {
      log.warn(
        { err: error, channel },
        'publishing to the message bus failed: the others will be told they missed it',
      );
    }
    unsentSince = true;
    if (!notice) {
      notice = setTimeout(tellMissed, MISSED_NOTICE_RETRY_MS);
      notice.unref();
    }
  };

  return {
    publish(message) {
      link
        .run((redis) => redis.publish(channel, `${sender} ${message}`), PUBLISH_TIMEOUT_MS)
        .catch(unsent);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onMissed(handler) {
      missedHandlers.push(handler);
    },
    async close() {
      closed = true;
      clearInterval(pings);
      clearTimeout(notice);
      subscriber.disconnect();
    },
  };
}
