import type { MessageBus } from '../../providers/shared-state/message-bus';

/** What the cache's answers may add up to, as JSON, unless told otherwise. */
export const DEFAULT_CATALOG_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** The answer's size as JSON; 0 until it has arrived. */
  bytes: number;
}

/** An answer's size as the JSON it is sent as (what sendShared keeps beside it, too). */
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

/**
 * Answers to public catalog reads (searches, lists, facets, store pages, product pages), kept
 * per query until the catalog changes. Every product or store write clears it at once, on this
 * process and, through the message `bus` (Redis pub/sub), on every other API process; `ttlMs`
 * bounds how stale a process can be when it misses a message (or runs without a bus).
 * Concurrent misses for one query share one database call. A ttl of 0 turns it off.
 * The answers together stay under `maxBytes` (and `maxEntries`), least recently used out first:
 * anyone can ask for as many distinct queries as they like, and a count of entries alone let
 * 5,000 large answers hold 168 MB.
 * Decision record: docs/decisions/008-catalog-cache.md.
 */
export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private readonly sizeOf: (value: unknown) => number;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      maxBytes?: number;
      /** An answer's size in bytes (default: its JSON's length). */
      sizeOf?: (value: unknown) => number;
      now?: () => number;
      bus?: MessageBus;
    },
  ) {
    this.sizeOf = options.sizeOf ?? jsonBytes;
    options.bus?.subscribe((prefix) => this.forget(prefix));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept answers' total size (answers still loading count once they arrive). */
  get bytes(): number {
    return this.totalBytes;
  }

  get maxBytes(): number {
    return this.options.maxBytes ?? DEFAULT_CATALOG_CACHE_MAX_BYTES;
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
    if (hit) this.drop(key);
    const entry: Entry = { expires: now + this.options.ttlMs, value: load(), bytes: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        // Forgotten (a write, a newer load) while it loaded: nothing to count.
        if (this.entries.get(key) !== entry) return;
        entry.bytes = this.sizeOf(value);
        this.totalBytes += entry.bytes;
        this.evict();
      },
      // A failure (404, database error) is not an answer to keep.
      () => {
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    this.evict();
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
    if (prefix === '') {
      this.entries.clear();
      this.totalBytes = 0;
      return;
    }
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.drop(key);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Least recently used first, until both bounds hold (an answer over the budget alone goes too). */
  private evict(): void {
    while (this.entries.size > this.options.maxEntries || this.totalBytes > this.maxBytes) {
      this.drop(this.entries.keys().next().value!);
    }
  }
}
