import type { MessageBus } from '../../providers/shared-state/message-bus';

/**
 * Answers to public catalog reads (searches, lists, facets, store pages, product pages), kept
 * per query until the catalog changes. Every product or store write clears it at once, on this
 * process and, through the message `bus` (Redis pub/sub), on every other API process; `ttlMs`
 * bounds how stale a process can be when it misses a message (or runs without a bus).
 * Concurrent misses for one query share one database call. A ttl of 0 turns it off.
 * Decision record: docs/decisions/008-catalog-cache.md.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      now?: () => number;
      bus?: MessageBus;
    },
  ) {
    options.bus?.subscribe((prefix) => this.forget(prefix));
  }

  get size(): number {
    return this.entries.size;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.options.ttlMs <= 0) return load();
    const now = this.options.now?.() ?? Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Map order is insertion order: moving the hit to the end keeps the oldest first to go.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const entry = { expires: now + this.options.ttlMs, value: load() as Promise<unknown> };
    this.entries.set(key, entry);
    // A failure (404, database error) is not an answer to keep.
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return entry.value as Promise<T>;
  }

  /** The catalog changed: nothing read before may be served again (loads in flight included). */
  clear(): void {
    this.clearPrefix('');
  }

  /** Forgets the entries whose key starts with `prefix` (stock moved: product pages only). */
  clearPrefix(prefix: string): void {
    this.forget(prefix);
    this.options.bus?.publish(prefix);
  }

  private forget(prefix: string): void {
    if (prefix === '') return this.entries.clear();
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
