import { setTimeout as sleep } from 'node:timers/promises';
import type { CatalogFacets, CatalogSort, Locale } from '@marketplace/shared';
import type { CardsPage, CatalogFilters } from '../items.repository';
import { CatalogIndex, type KeywordLexemes } from './catalog-index';
import type { NamedProduct } from './product-names';
import type { CatalogIndexRepository } from './catalog-index.repository';

/**
 * How often each process on PostgreSQL looks for writes it was not told of (another process's, a
 * script's, a missed message).
 */
export const DEFAULT_INDEX_POLL_MS = 250;
/** Keywords whose lexemes are kept (a keyword's parse never changes). */
const KEPT_KEYWORDS = 10_000;
/** How long a process waits to load its index again after a load failed (the database away). */
export const LOAD_RETRY_MS = 2_000;

interface Log {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

/** What a load stopped by `stop` rejects with: the process is closing, nothing failed. */
class LoadStopped extends Error {}

/**
 * The catalog's searches, lists and facets, answered by the catalog index of this process and
 * the database's stored cards (decision 034). The index is loaded once, then kept up to date:
 * `catchUp` reads every product written since it last looked (a write here calls it before
 * answering, so its writer sees it; a change heard from another process calls it before the
 * catalog cache refreshes), and, given `pollMs`, a timer does the same that often for what
 * nobody told.
 */
export class CatalogSearch {
  private index = new CatalogIndex();
  private loaded: Promise<void> | undefined;
  private horizon: string | undefined;
  private reading: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private loading: Promise<void> | undefined;
  private readonly keywords = new Map<string, Promise<KeywordLexemes>>();

  constructor(
    private readonly repository: CatalogIndexRepository,
    private readonly options: { pollMs?: number; log?: Log } = {},
  ) {}

  /**
   * Begins loading the index, again after a failure until it is loaded, and, given `pollMs`,
   * looking for changes nobody told of. It does not wait for the load (a million products take
   * tens of seconds): the server listens meanwhile, its health check answers 503 until `ready`,
   * and each catalog read waits for the load instead of answering from a partial index.
   */
  start(): void {
    this.stopped = false;
    this.loading ??= this.loadUntilLoaded();
    if (this.options.pollMs === undefined) return;
    this.timer ??= setInterval(() => void this.catchUp(), this.options.pollMs);
    this.timer.unref();
  }

  /** Whether the whole index is loaded: the catalog answers without waiting. */
  get ready(): boolean {
    return this.horizon !== undefined;
  }

  /** Resolves once the index is loaded after `start` (or stopped); never rejects. */
  whenReady(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  /** Stops the poll and a load under way (at its next batch), and waits for that load to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.loaded?.catch(() => undefined);
  }

  private async loadUntilLoaded(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.load();
        break;
      } catch (error) {
        if (error instanceof LoadStopped) break;
        this.options.log?.error(
          { err: error },
          `catalog index: loading failed; trying again in ${LOAD_RETRY_MS / 1000} s`,
        );
        await sleep(LOAD_RETRY_MS, undefined, { ref: false });
      }
    }
    this.loading = undefined;
  }

  /**
   * Resolves once every product write committed before the call is in the index (a read that
   * began before it does not count: the next one is awaited). Never rejects: a failed read is
   * logged, and the next one reads the same changes again.
   */
  catchUp(): Promise<void> {
    // Not loaded yet: the load under way reads the write (a failed one is retried by `start`).
    if (this.horizon === undefined) return this.loaded?.catch(() => undefined) ?? Promise.resolve();
    if (!this.reading) {
      this.reading = this.readChanges().finally(() => (this.reading = undefined));
      return this.reading;
    }
    this.next ??= this.reading.then(() => {
      this.next = undefined;
      return this.catchUp();
    });
    return this.next;
  }

  /** A page of cards in the reader's language and the list's exact total. */
  async search(
    filters: CatalogFilters,
    sort: CatalogSort,
    limit: number,
    offset: number,
    locale: Locale,
  ): Promise<CardsPage> {
    const keyword = await this.prepare(filters);
    const page = this.index.search(filters, keyword, sort, limit, offset);
    const json = page.ids.length > 0 ? await this.repository.cards(page.ids, locale) : '[]';
    return { json, total: page.total, ...(page.bounds ? { bounds: page.bounds } : {}) };
  }

  async facets(filters: CatalogFilters): Promise<CatalogFacets> {
    const keyword = await this.prepare(filters);
    return this.index.facets(filters, keyword);
  }

  /**
   * Listed products (of the city, given one) whose lower-case name (or French name) starts with
   * `prefix`, by that name.
   */
  async namesStartingWith(
    prefix: string,
    limit: number,
    french = false,
    city?: string,
  ): Promise<NamedProduct[]> {
    await this.load();
    return this.index.namesStartingWith(prefix, limit, french, city);
  }

  /** Listed products (of the city, given one) whose name has, for each typed word, a word that starts with it. */
  async namesWithWordsStartingWith(
    words: string[],
    limit: number,
    except: readonly number[],
    city?: string,
  ): Promise<NamedProduct[]> {
    await this.load();
    return this.index.namesWithWordsStartingWith(words, limit, except, city);
  }

  /** How many products match the filters, their city aside, in each city that has some. */
  async cityCounts(filters: CatalogFilters): Promise<{ city: string; count: number }[]> {
    const keyword = await this.prepare(filters);
    return this.index.cityCounts(filters, keyword);
  }

  /** The index loaded, and the keyword's lexemes if there is one. */
  private async prepare(filters: CatalogFilters): Promise<KeywordLexemes | undefined> {
    await this.load();
    return filters.keyword ? this.lexemes(filters.keyword) : undefined;
  }

  private load(): Promise<void> {
    this.loaded ??= this.repository
      .loadListed((rows) => {
        if (this.stopped) throw new LoadStopped('the catalog index was stopped while loading');
        this.index.load(rows);
      })
      .then(
        (horizon) => {
          this.index.loaded();
          this.horizon = horizon;
          // The load leaves its rows and the arrays it outgrew as garbage (about 100 MB at a
          // million products): collected now, before serving, rather than carried into the
          // first minute of traffic on top of it. Where Node runs with --expose-gc (npm start).
          (globalThis as { gc?: () => void }).gc?.();
        },
        (error: unknown) => {
          // What a failed load put in goes with it: the next try starts afresh.
          this.index = new CatalogIndex();
          this.loaded = undefined;
          throw error;
        },
      );
    return this.loaded;
  }

  private async readChanges(): Promise<void> {
    try {
      const batch = await this.repository.changedSince(this.horizon!);
      this.index.apply(batch.rows);
      this.horizon = batch.horizon;
    } catch (error) {
      this.options.log?.warn({ err: error }, 'catalog index: reading changes failed');
    }
  }

  private lexemes(keyword: string): Promise<KeywordLexemes> {
    let lexemes = this.keywords.get(keyword);
    if (lexemes) {
      this.keywords.delete(keyword);
    } else {
      lexemes = this.repository.lexemes(keyword);
      lexemes.catch(() => this.keywords.delete(keyword));
      if (this.keywords.size >= KEPT_KEYWORDS)
        this.keywords.delete(this.keywords.keys().next().value!);
    }
    this.keywords.set(keyword, lexemes);
    return lexemes;
  }
}
