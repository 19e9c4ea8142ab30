import type { Locale } from '@marketplace/shared';
import type { MessageBus } from '../../providers/shared-state/message-bus';

/** What the cache's answers may add up to, as JSON, unless told otherwise. */
export const DEFAULT_CATALOG_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * How long an answer is kept at most, unless told otherwise: what a process that misses a
 * change (Redis away) may show. Every write this process makes or hears refreshes what it
 * touched long before; the time only makes every kept answer load again (decision 035).
 */
export const DEFAULT_CATALOG_CACHE_SECONDS = 60;

/**
 * What a product write changed: the product as it was and as it is (either may be absent). An
 * edit is the two versions of one product, in that order.
 */
export interface CatalogChange {
  items: CatalogItemFacts[];
  /**
   * Products whose stock moved (a checkout took it, a lapsed one gave it back): their product
   * pages only, since lists show no counts (a product that sold out or came back is in `items`).
   */
  stockOf?: number[];
  /**
   * When the write began (before its transaction), on the writer's clock: an answer that arrived
   * before then cannot hold the edit, so it can take the edit as a patch (Dependency.patch).
   */
  since?: number;
}

/**
 * How long before a write began an answer must have arrived to be patched: covers the clocks of
 * two hosts disagreeing (a process hears another's writes through the bus).
 */
const PATCH_MARGIN_MS = 1000;

/**
 * An answer is kept for its time less up to this share of it, drawn for each answer: the
 * answers a burst of traffic filled together then expire spread over a span, not in one
 * reload of every one of them.
 */
const EXPIRY_SPREAD = 0.2;

/** The facts of a product that decide which catalog answers it appears in. */
export interface CatalogItemFacts {
  id: number;
  storeId: string;
  storeName: string;
  city: string;
  category: string;
  listed: boolean;
  colors: string[];
  sizes: string[];
  salePriceCents: number;
  /** Lower-case name. */
  name: string;
  /** Lower-case text of every searchable field (a superset of the search vector's words). */
  text: string;
  /** Lower-case French texts of the brand (issue 19), matched by their stems' first letters. */
  frenchText?: string;
  /** The product's card in each language, as lists, searches and store pages show it. */
  cards: string;
  /** What the lists' orders read (absent in a change from a process of an older version). */
  inStock?: boolean;
  onSale?: boolean;
  /** Microseconds since 1970, as stored. */
  createdAt?: number;
}

/** How an answer depends on the catalog, so a write refreshes only the answers it touched. */
export interface Dependency {
  /** Whether this product, as it was or is now, can be part of the answer. */
  affectedBy: (item: CatalogItemFacts) => boolean;
  /** Never served stale after a change (a product page: its owner expects to see the edit). */
  fresh?: boolean;
  /** The product a product page shows: dropped when its stock moves. */
  product?: number;
  /**
   * What the answer takes from a product, as a comparable text: an edit that leaves it the same
   * leaves the answer as it is (facets count a product's category, brand, colours, sizes and
   * price band, not its name or its sale; a list shows its card, not its description). Unset:
   * every edit touches it.
   */
  footprint?: (item: CatalogItemFacts) => string;
  /**
   * The answer after an edit from `was` to `is`, worked out from the answer itself (facets move
   * the product's counts; a page the product is not on and did not cross is the same answer):
   * it replaces the answer at once, with no refresh (the answer itself: it stays as it is).
   * Undefined when it cannot be told exactly: the answer is refreshed as any other.
   */
  patch?: (answer: never, was: CatalogItemFacts, is: CatalogItemFacts) => unknown;
}

/**
 * The two versions of one product, when the change is an edit. A change heard from a process
 * of an older version (during a deploy) may lack the cards: it touches what it would have.
 */
function editOf(change: CatalogChange): [CatalogItemFacts, CatalogItemFacts] | undefined {
  const [was, is] = change.items;
  if (change.items.length !== 2 || was!.id !== is!.id) return undefined;
  return typeof was!.cards === 'string' && typeof is!.cards === 'string' ? [was!, is!] : undefined;
}

interface Entry {
  expires: number;
  value: Promise<unknown>;
  /** What `value` resolved to, once it has, and when. */
  answer?: unknown;
  arrivedAt?: number;
  /** The answer's size as JSON; 0 until it has arrived. */
  bytes: number;
  /** Unset: every product write touches it. */
  dependency?: Dependency;
  load: () => Promise<unknown>;
  /** Since when a write has made this answer old (it is served, refreshed behind, until staleMs). */
  staleSince?: number;
  /** Bumped by each change that touches it, so a refresh started before a change stays stale. */
  version: number;
  /**
   * The first change that came while a refresh ran: the refreshed answer is old from then on,
   * not from the first change before it (writes that keep coming would otherwise leave the
   * answer "too old" for good, and every read would wait for the database).
   */
  changedDuringRefresh?: number;
  refreshing?: Promise<unknown>;
  settled: boolean;
}

const CHANGE = 'change ';

/** An answer's size as the JSON it is sent as (what sendShared keeps beside it, too). */
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');

/**
 * Answers to public catalog reads (searches, lists, facets, store pages, product pages), kept
 * per query until the catalog changes. A product write touches only the answers that product
 * is or was part of (each answer says what it depends on): a product page is dropped, a list
 * is served as it was for at most `staleMs` while one refresh runs behind it. A store write
 * clears everything. Other API processes do the same through the message `bus` (Redis
 * pub/sub); `ttlMs` bounds how stale a process can be when it misses a message (or runs
 * without a bus); each answer is kept for that time less up to a fifth, drawn for each.
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
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      maxBytes?: number;
      /** An answer's size in bytes (default: its JSON's length). */
      sizeOf?: (value: unknown) => number;
      now?: () => number;
      /** Draws each answer's share of the expiry spread (default Math.random). */
      random?: () => number;
      bus?: MessageBus;
      /**
       * Runs before a change heard from another process touches any answer (the catalog index
       * reads the write first, so a refresh cannot read the catalog as it was). Never rejects.
       */
      beforeHeard?: () => Promise<void>;
      /**
       * After a write, how long an answer it touched may still be served while one refresh runs
       * behind it (stale-while-revalidate); 0: touched answers are dropped at once.
       */
      staleMs?: number;
      /**
       * How long after a write a touched answer is served as it was before its refresh starts
       * (below staleMs): the writes of that time share one refresh, where each used to start
       * its own (issue 20: 5 edits a second refreshed the whole catalog's pages 5 times a
       * second). 0: the first read after a write starts it.
       */
      refreshDelayMs?: number;
    },
  ) {
    this.sizeOf = options.sizeOf ?? jsonBytes;
    options.bus?.subscribe((message) => {
      const hear = () =>
        message.startsWith(CHANGE)
          ? this.touch(JSON.parse(message.slice(CHANGE.length)) as CatalogChange)
          : this.forget(message);
      if (options.beforeHeard) void options.beforeHeard().then(hear);
      else hear();
    });
    // Changes may have gone unheard (Redis was away): every answer is taken as touched.
    options.bus?.onMissed(() => {
      if (options.beforeHeard) void options.beforeHeard().then(() => this.touchAll());
      else this.touchAll();
    });
  }

  /**
   * Called after every change this cache hears of, made here or heard from another process
   * (kept server-rendered pages drawn from its answers stop being trusted: decision 026).
   */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept answers' total size (answers still loading count once they arrive). */
  get bytes(): number {
    return this.totalBytes;
  }

  /** When an answer that arrives now expires. */
  private expiryFrom(now: number): number {
    const spread = EXPIRY_SPREAD * (this.options.random ?? Math.random)();
    return now + this.options.ttlMs * (1 - spread);
  }

  get maxBytes(): number {
    return this.options.maxBytes ?? DEFAULT_CATALOG_CACHE_MAX_BYTES;
  }

  get<T>(key: string, load: () => Promise<T>, dependency?: Dependency): Promise<T> {
    if (this.options.ttlMs <= 0) return load();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      if (hit.staleSince === undefined) {
        // Map order is insertion order: moving the hit to the end keeps the oldest first to go.
        this.entries.delete(key);
        this.entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      hit.load = load;
      if (hit.settled && now - hit.staleSince <= (this.options.staleMs ?? 0)) {
        if (now - hit.staleSince >= (this.options.refreshDelayMs ?? 0)) this.refresh(key, hit);
        return hit.value as Promise<T>;
      }
      // Too old to serve: wait for the refresh (shared with every other request for it).
      return this.refresh(key, hit) as Promise<T>;
    }
    if (hit) this.drop(key);
    const entry: Entry = {
      expires: this.expiryFrom(now),
      value: load(),
      bytes: 0,
      dependency,
      load,
      version: 0,
      settled: false,
    };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.settled = true;
        // Forgotten (a write, a newer load) while it loaded: nothing to count.
        if (this.entries.get(key) !== entry) return;
        entry.answer = value;
        entry.arrivedAt = this.now();
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

  /** One refresh per stale answer; it replaces the answer unless another change came meanwhile. */
  private refresh(key: string, entry: Entry): Promise<unknown> {
    if (entry.refreshing) return entry.refreshing;
    const version = entry.version;
    const refreshing = entry.load();
    entry.refreshing = refreshing;
    refreshing.then(
      (value) => {
        entry.refreshing = undefined;
        if (this.entries.get(key) !== entry) return;
        this.replace(entry, refreshing, value);
        entry.arrivedAt = this.now();
        entry.expires = this.expiryFrom(this.now());
        entry.staleSince = entry.version === version ? undefined : entry.changedDuringRefresh;
        entry.changedDuringRefresh = undefined;
        this.evict();
      },
      () => {
        entry.refreshing = undefined;
        entry.changedDuringRefresh = undefined;
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    return refreshing;
  }

  /**
   * Products changed: the answers they are or were part of are refreshed (served stale up to
   * staleMs meanwhile) or, for product pages, dropped; so are the pages of products whose stock
   * moved; every other answer stays. Other processes hear the change through the bus and do
   * the same.
   */
  changed(change: CatalogChange): void {
    this.touch(change);
    this.options.bus?.publish(`${CHANGE}${JSON.stringify(change)}`);
  }

  private touch(change: CatalogChange): void {
    const now = this.now();
    const stockOf = new Set(change.stockOf ?? []);
    const edit = editOf(change);
    for (const [key, entry] of [...this.entries]) {
      const dependency = entry.dependency;
      const stockShown = dependency?.product !== undefined && stockOf.has(dependency.product);
      if (!stockShown) {
        if (change.items.length === 0) continue;
        if (dependency && !change.items.some((item) => dependency.affectedBy(item))) continue;
        const footprint = dependency?.footprint;
        if (edit && footprint && footprint(edit[0]) === footprint(edit[1])) continue;
        // An answer as it was read (not one waiting for a refresh) that the edit leaves as it is
        // stays, whenever it was read; one the edit changes is patched if it was read before the
        // write began (else the database may have answered with the edit in already).
        const asRead = entry.settled && entry.staleSince === undefined && !entry.refreshing;
        if (edit && dependency?.patch && asRead) {
          const patched = dependency.patch(entry.answer as never, edit[0], edit[1]);
          if (patched === entry.answer) continue;
          const readBefore =
            change.since !== undefined &&
            (entry.arrivedAt ?? Infinity) <= change.since - PATCH_MARGIN_MS;
          if (patched !== undefined && readBefore) {
            this.replace(entry, Promise.resolve(patched), patched);
            continue;
          }
        }
      }
      if (stockShown) this.drop(key);
      else this.stale(key, entry, now);
    }
    this.evict();
    this.notify();
  }

  /**
   * Any product may have changed (changes were missed while Redis was away): every answer is
   * touched as by a write, product pages dropped and the others refreshed behind.
   */
  private touchAll(): void {
    const now = this.now();
    for (const [key, entry] of [...this.entries]) {
      if (entry.dependency?.product !== undefined) this.drop(key);
      else this.stale(key, entry, now);
    }
    this.notify();
  }

  /** A change touched the answer: it is served as it was for at most staleMs, while it refreshes. */
  private stale(key: string, entry: Entry, now: number): void {
    if (entry.dependency?.fresh || (this.options.staleMs ?? 0) <= 0 || !entry.settled) {
      this.drop(key);
      return;
    }
    entry.version += 1;
    entry.staleSince ??= now;
    if (entry.refreshing) entry.changedDuringRefresh ??= now;
  }

  private replace(entry: Entry, value: Promise<unknown>, answer: unknown): void {
    this.totalBytes -= entry.bytes;
    entry.value = value;
    entry.answer = answer;
    entry.bytes = this.sizeOf(answer);
    this.totalBytes += entry.bytes;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
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
    } else {
      for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.drop(key);
    }
    this.notify();
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

/**
 * A cached answer's key in a language: English keys are as they were, French ones carry the
 * locale, so one language's text is never served for the other (decision 030).
 */
export const inLocale = (key: string, locale: Locale) =>
  locale === 'en' ? key : `${key}|${locale}`;
