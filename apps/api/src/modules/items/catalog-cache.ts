/**
 * Answers to public catalog reads (searches, lists, facets, store pages, product pages), kept
 * per query until the catalog changes. Every product or store write on this process clears it at once; `ttlMs`
 * bounds how stale another process of the API can be, since it does not see those writes.
 * Concurrent misses for one query share one database call. A ttl of 0 turns it off.
 * Decision record: docs/decisions/008-catalog-cache.md.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

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
    this.entries.clear();
  }

  /** Forgets the entries whose key starts with `prefix` (stock moved: product pages only). */
  clearPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
