import {
  CATALOG_SORTS,
  PRICE_BANDS,
  toCents,
  type CatalogFacets,
  type CatalogSort,
} from '@marketplace/shared';
import type { CatalogFilters, FacetList, SortKey } from '../items.repository';
import { inBand, priceRangeCents } from '../catalog-match';
import { allOf, codesIn, Dictionary } from './dictionary';
import { FacetTallies, LISTS, type FacetCounts } from './facet-tallies';
import { ProductNames, type NamedProduct, type ProductNameRow } from './product-names';
import { grownArray, SlotCodes } from './slot-codes';
import { SlotLists } from './slot-lists';
import { compareText, SlotOrder } from './slot-order';
import { ranksOf, sortedByRank } from './slot-ranks';
import {
  andBits,
  forEachSlot,
  hasSlot,
  popcount,
  SlotSet,
  spanOf,
  type Bits,
  type SlotSpace,
  type Span,
} from './slot-set';

/** A product as the index takes it from the database (catalog-index.repository.ts). */
export interface IndexRow extends ProductNameRow {
  id: number;
  /** Listed and not deleted: a row that is not leaves the index. */
  listed: boolean;
  storeName: string;
  /** lower(store_name), as the database lowers it. */
  storeKey: string;
  city: string;
  category: string;
  /** Lower case, as stored. */
  colors: string[];
  sizes: string[];
  salePriceCents: number;
  inStock: boolean;
  onSale: boolean;
  /** Microseconds since 1970, as stored. */
  createdAt: number;
  /** The lexemes of the search vector ('simple') and of the French one ('french'). */
  words: string[];
  frenchWords: string[];
}

/** A keyword's lexemes, as PostgreSQL parses it for each vector (empty: that vector matches nothing). */
export interface KeywordLexemes {
  words: string[];
  frenchWords: string[];
}

export interface IndexPage {
  /** Product ids, in the page's order. */
  ids: number[];
  total: number;
  bounds?: { first: SortKey; last: SortKey };
}

const bandOf = (priceCents: number) => PRICE_BANDS.findIndex((band) => inBand(band, priceCents));

/** A change touching more than this share of the index rebuilds the orders once instead. */
const REBUILD_SHARE = 0.02;

/**
 * The catalog's listed products in memory, for searches, lists, facets and suggestions
 * (decision 034): per filter value and per word the set of products holding it, the products in
 * each of the catalog's orders, and their names (ProductNames). A query is a few intersections
 * of sets, a count and a walk of an order (or a sort of few matches); facets count each value's
 * set over the matches of the other chosen filters (FacetTallies). What it answers is what the
 * database's query would: the same filters, words and orders.
 */
export class CatalogIndex {
  private readonly space: SlotSpace = { slots: 0 };
  /** Each listed product's slot plus one, by id (0: not in the index); a Map of a million took 28 MB. */
  private slotById = new Int32Array(0);
  /** Slots given back, per city (by code): a city's new products go where its old ones were. */
  private readonly freeSlots: number[][] = [];
  private usedSlots = 0;
  private id = new Int32Array(0);
  private inStock = new Uint8Array(0);
  private onSale = new Uint8Array(0);
  private createdAt = new Float64Array(0);
  private salePriceCents = new Float64Array(0);
  private readonly codes = new SlotCodes();
  private readonly listed = new SlotSet(this.space);
  private readonly cities = new Dictionary(this.space);
  private readonly categories = new Dictionary(this.space);
  private readonly stores = new Dictionary(this.space);
  /** Stores' codes by lower(store_name): the store filter compares lower-case names. */
  private readonly storesByKey = new Map<string, Set<number>>();
  private readonly colors = new Dictionary(this.space);
  private readonly sizes = new Dictionary(this.space);
  private readonly bands = PRICE_BANDS.map(() => new SlotSet(this.space));
  private readonly words = new Dictionary(this.space);
  private readonly frenchWords = new Dictionary(this.space);
  private readonly colorLists = new SlotLists();
  private readonly sizeLists = new SlotLists();
  private readonly wordLists = new SlotLists();
  private readonly frenchWordLists = new SlotLists();
  private readonly orders: Record<CatalogSort, SlotOrder>;
  private readonly names = new ProductNames(this.space);
  /** The facet counts, over these same sets and codes. */
  private readonly tallies = new FacetTallies({
    listed: this.listed,
    codes: this.codes,
    cities: this.cities,
    categories: this.categories,
    stores: this.stores,
    storesByKey: this.storesByKey,
    colors: this.colors,
    sizes: this.sizes,
    bands: this.bands,
    colorLists: this.colorLists,
    sizeLists: this.sizeLists,
  });
  /** Bitsets a query works in (queries run one at a time: nothing here awaits). */
  private scratch: Bits[] = [];

  constructor() {
    // The orders read the arrays through `this`: they are replaced as the index grows.
    this.orders = {
      featured: new SlotOrder(
        (a, b) =>
          this.inStock[b]! - this.inStock[a]! ||
          this.onSale[b]! - this.onSale[a]! ||
          this.createdAt[b]! - this.createdAt[a]! ||
          this.id[b]! - this.id[a]!,
      ),
      'price-asc': new SlotOrder(
        (a, b) => this.salePriceCents[a]! - this.salePriceCents[b]! || this.id[a]! - this.id[b]!,
      ),
      'price-desc': new SlotOrder(
        (a, b) => this.salePriceCents[b]! - this.salePriceCents[a]! || this.id[b]! - this.id[a]!,
      ),
      newest: new SlotOrder(
        (a, b) => this.createdAt[b]! - this.createdAt[a]! || this.id[b]! - this.id[a]!,
      ),
    };
  }

  /**
   * Takes products as they now are: a listed one is put in (or moved), any other taken out.
   * A batch touching many products (the first load, a store withheld) sorts the orders once.
   */
  apply(rows: readonly IndexRow[]): void {
    const bulk = rows.length > Math.max(1000, this.listed.size * REBUILD_SHARE);
    for (const row of rows) {
      const slot = (this.slotById[row.id] ?? 0) - 1;
      if (slot >= 0) this.remove(slot, !bulk);
    }
    const listed = rows.filter((row) => row.listed);
    // A city's products side by side, and a brand's within it: a city's query then reads one run
    // of each set's words, and the values of its products lie together in memory.
    if (bulk)
      listed.sort(
        (a, b) => compareText(a.city, b.city) || compareText(a.storeKey, b.storeKey) || a.id - b.id,
      );
    for (const row of listed) this.insert(row, !bulk);
    if (bulk) this.loaded();
  }

  /**
   * The first load, a batch at a time, products already in city and brand order (they are laid
   * out as they come): the orders are sorted once, by `loaded`.
   */
  load(rows: readonly IndexRow[]): void {
    for (const row of rows) if (row.listed) this.insert(row, false);
  }

  /** Sorts every order once, after a load or a bulk change: by ranks, least significant key first. */
  loaded(): void {
    const slots = this.listedSlots();
    // Ids and prices in cents are whole numbers: their own ranks.
    const byId = sortedByRank(slots, this.id);
    const newest = sortedByRank(
      byId.slice().reverse(),
      ranksOf(slots, (slot) => this.createdAt[slot]!, this.space.slots),
      true,
    );
    const stockAndSale = new Uint8Array(this.space.slots);
    for (const slot of slots) stockAndSale[slot] = 2 * this.inStock[slot]! + this.onSale[slot]!;
    const priceAscending = sortedByRank(byId, this.salePriceCents);
    const sorted: Record<CatalogSort, Int32Array> = {
      featured: sortedByRank(newest, stockAndSale, true),
      newest,
      'price-asc': priceAscending,
      'price-desc': priceAscending.slice().reverse(),
    };
    for (const sort of CATALOG_SORTS) this.orders[sort].replace(sorted[sort]);
    this.names.rebuild(byId);
  }

  /** Listed products (of the city, given one) whose lower-case name (or French name) starts with `prefix`. */
  namesStartingWith(prefix: string, limit: number, french: boolean, city?: string): NamedProduct[] {
    if (city === undefined) return this.names.startingWith(prefix, limit, french);
    const within = this.cities.find(city);
    return within ? this.names.startingWith(prefix, limit, french, within) : [];
  }

  /** Listed products (of the city, given one) whose name has, for each typed word, a word starting with it. */
  namesWithWordsStartingWith(
    words: string[],
    limit: number,
    except: readonly number[],
    city?: string,
  ): NamedProduct[] {
    const scratch: [Bits, Bits] = [this.bits(10), this.bits(11)];
    if (city === undefined) return this.names.withWordsStartingWith(words, limit, except, scratch);
    const within = this.cities.find(city);
    return within ? this.names.withWordsStartingWith(words, limit, except, scratch, within) : [];
  }

  /**
   * How many products match the filters (their city aside) in each city that has some: what an
   * empty list in one city offers instead (issue 39.6).
   */
  cityCounts(
    filters: CatalogFilters,
    keyword: KeywordLexemes | undefined,
  ): { city: string; count: number }[] {
    const matches = this.bits(0);
    const span = this.common({ ...filters, city: undefined }, keyword, matches);
    for (const list of LISTS) this.narrow(list, filters, matches, span);
    const inCity = this.bits(1);
    const counts: { city: string; count: number }[] = [];
    for (const [code, city] of this.cities.values.entries()) {
      const set = this.cities.sets[code]!;
      if (set.size === 0) continue;
      inCity.fill(0, span.lo, span.hi);
      set.orInto(inCity, span.lo, span.hi);
      andBits(inCity, matches, span);
      const count = popcount(inCity, span.lo, span.hi);
      if (count > 0) counts.push({ city, count });
    }
    return counts;
  }

  /**
   * One page of a list and how many products it has in all, exactly: the ids in the list's
   * order, and the first and last products' sort keys (the catalog cache's page patch).
   */
  search(
    filters: CatalogFilters,
    keyword: KeywordLexemes | undefined,
    sort: CatalogSort,
    limit: number,
    offset: number,
  ): IndexPage {
    const matches = this.bits(0);
    const span = this.common(filters, keyword, matches);
    for (const list of LISTS) this.narrow(list, filters, matches, span);
    const total = popcount(matches, span.lo, span.hi);
    if (offset >= total) return { ids: [], total };
    const wanted = Math.min(offset + limit, total);
    const order = this.orders[sort];
    const [from, to] = this.priceRun(sort, order, filters);
    // Walking the order reads about wanted × (run / total) slots; sorting reads and sorts the matches.
    const walk = (wanted * (to - from)) / total;
    const page: number[] = [];
    if (walk <= 8 * total * Math.log2(total + 1)) {
      let skipped = 0;
      for (let i = from; i < to && page.length < wanted - offset; i++) {
        const slot = order.slots[i]!;
        if (!hasSlot(matches, slot)) continue;
        if (skipped < offset) skipped += 1;
        else page.push(slot);
      }
    } else {
      const found = new Int32Array(total);
      let n = 0;
      forEachSlot(matches, (slot) => (found[n++] = slot), span.lo, span.hi);
      found.sort(order.before);
      page.push(...found.subarray(offset, wanted));
    }
    return {
      ids: page.map((slot) => this.id[slot]!),
      total,
      bounds: { first: this.sortKey(page[0]!), last: this.sortKey(page.at(-1)!) },
    };
  }

  /**
   * The positions of the sort's order that can hold a match: for an order by price, those
   * within the price filters' bounds (a walk then skips the cheaper products it would otherwise
   * read past first); for any other order, all of them.
   */
  private priceRun(sort: CatalogSort, order: SlotOrder, filters: CatalogFilters): [number, number] {
    if (sort !== 'price-asc' && sort !== 'price-desc') return [0, order.count];
    const range = priceRangeCents(filters);
    const bands = PRICE_BANDS.filter((band) => filters.price.includes(band.id));
    const low = Math.max(
      range.min ?? 0,
      bands.length === 0 ? 0 : Math.min(...bands.map((band) => toCents(band.min))),
    );
    const high = Math.min(
      range.max ?? Infinity,
      bands.length === 0 || bands.some((band) => band.max === undefined)
        ? Infinity
        : Math.max(...bands.map((band) => toCents(band.max!))),
    );
    const price = this.salePriceCents;
    return sort === 'price-asc'
      ? [
          order.firstWhere((slot) => price[slot]! >= low),
          order.firstWhere((slot) => price[slot]! > high),
        ]
      : [
          order.firstWhere((slot) => price[slot]! <= high),
          order.firstWhere((slot) => price[slot]! < low),
        ];
  }

  /**
   * Counts per filter value (spec 4's five lists), disjunctive as the repository counted them:
   * each list over the matches of every other chosen filter but not its own (`tally`), or from
   * the counts kept per city when nothing but the city narrows it.
   */
  facets(filters: CatalogFilters, keyword: KeywordLexemes | undefined): CatalogFacets {
    const chosen = LISTS.filter((list) => filters[list].length > 0);
    const counts: FacetCounts = {};
    const counted = this.tallies.fromKept(filters, chosen, counts);
    if (counted.length > 0) {
      const common = this.bits(0);
      const span = this.common(filters, keyword, common);
      const unions = new Map<FacetList, Bits>();
      for (const [i, list] of chosen.entries()) {
        const union = this.bits(2 + i);
        this.listUnion(list, filters, union, span);
        unions.set(list, union);
      }
      // A list chosen is counted without its own filter; the others share the matches of all.
      const groups = [
        counted.filter((list) => !unions.has(list)),
        ...counted.filter((list) => unions.has(list)).map((list) => [list]),
      ];
      const base = this.bits(7);
      for (const group of groups.filter((lists) => lists.length > 0)) {
        base.set(common.subarray(span.lo, span.hi), span.lo);
        for (const [list, union] of unions) if (!group.includes(list)) andBits(base, union, span);
        Object.assign(counts, this.tallies.tally(base, group, span));
      }
    }
    return this.tallies.facetsOf(counts);
  }

  /**
   * Listed, with the keyword's words, in the city, in the price range: what every list filter
   * narrows further. Its span: the words outside which it is all zero (a city's products lie
   * together), to which every later step keeps.
   */
  private common(filters: CatalogFilters, keyword: KeywordLexemes | undefined, into: Bits): Span {
    into.fill(0);
    // Every set holds listed products only: a city's is already listed and in the city.
    const within = filters.city ? this.cities.find(filters.city) : this.listed;
    within?.orInto(into);
    const span = spanOf(into);
    const { min: minPrice, max: maxPrice } = priceRangeCents(filters);
    if (minPrice !== undefined || maxPrice !== undefined)
      forEachSlot(
        into,
        (slot) => {
          const price = this.salePriceCents[slot]!;
          if (
            (minPrice !== undefined && price < minPrice) ||
            (maxPrice !== undefined && price > maxPrice)
          )
            into[slot >>> 5]! &= ~(1 << (slot & 31));
        },
        span.lo,
        span.hi,
      );
    if (filters.keyword) {
      // The English words or the French ones (each vector alone needs all of its words).
      const english = this.bits(8);
      const french = this.bits(9);
      const inEnglish = allOf(this.words, keyword?.words ?? [], english, span);
      const inFrench = allOf(this.frenchWords, keyword?.frenchWords ?? [], french, span);
      if (inEnglish && inFrench) for (let w = span.lo; w < span.hi; w++) english[w]! |= french[w]!;
      if (inEnglish || inFrench) andBits(into, inEnglish ? english : french, span);
      else into.fill(0);
    }
    return span;
  }

  /**
   * Keeps of `matches` the products holding any of the list's chosen values (all of them when
   * none is chosen). One value, as a shopper mostly picks, is one pass over the span, not three.
   */
  private narrow(list: FacetList, filters: CatalogFilters, matches: Bits, span: Span): void {
    if (filters[list].length === 0) return;
    const sets = this.setsOf(list, filters);
    if (sets.length === 1) {
      if (sets[0]) sets[0].andInto(matches, span.lo, span.hi);
      else matches.fill(0, span.lo, span.hi);
      return;
    }
    const union = this.bits(1);
    this.listUnion(list, filters, union, span);
    andBits(matches, union, span);
  }

  /** The products holding any of the list's chosen values (none when none is chosen). */
  private listUnion(list: FacetList, filters: CatalogFilters, into: Bits, span: Span): void {
    into.fill(0, span.lo, span.hi);
    for (const set of this.setsOf(list, filters)) set?.orInto(into, span.lo, span.hi);
  }

  private setsOf(list: FacetList, filters: CatalogFilters): (SlotSet | undefined)[] {
    switch (list) {
      case 'category':
        return filters.category.map((value) => this.categories.find(value));
      case 'store':
        return filters.store.flatMap((name) =>
          [...(this.storesByKey.get(name.toLowerCase()) ?? [])].map(
            (code) => this.stores.sets[code],
          ),
        );
      case 'color':
        return filters.color.map((value) => this.colors.find(value.toLowerCase()));
      case 'size':
        return filters.size.map((value) => this.sizes.find(value.toLowerCase()));
      case 'price':
        return filters.price.map((id) => this.bands[PRICE_BANDS.findIndex((b) => b.id === id)]);
    }
  }

  private sortKey(slot: number): SortKey {
    return [
      this.inStock[slot] === 1,
      this.onSale[slot] === 1,
      this.createdAt[slot]!,
      this.id[slot]!,
      this.salePriceCents[slot]!,
    ];
  }

  /** Scratch bitset `n`, sized to the index, contents undefined. */
  private bits(n: number): Bits {
    // Up to the last slot ever used: the space beyond it (up to half of it) holds nothing.
    const words = (this.usedSlots + 31) >>> 5;
    if (this.scratch[n]?.length !== words) this.scratch[n] = new Uint32Array(words);
    return this.scratch[n]!;
  }

  private listedSlots(): Int32Array {
    const slots = new Int32Array(this.listed.size);
    let n = 0;
    for (let slot = 0; slot < this.usedSlots; slot++) if (this.listed.has(slot)) slots[n++] = slot;
    return slots;
  }

  private insert(row: IndexRow, keepOrders: boolean): void {
    const city = this.cities.code(row.city);
    const slot = this.freeSlots[city]?.pop() ?? this.newSlot();
    if (row.id >= this.slotById.length)
      this.slotById = grownArray(
        this.slotById,
        Math.max(1024, 2 ** Math.ceil(Math.log2(row.id + 1))),
      );
    this.slotById[row.id] = slot + 1;
    this.id[slot] = row.id;
    this.inStock[slot] = row.inStock ? 1 : 0;
    this.onSale[slot] = row.onSale ? 1 : 0;
    this.createdAt[slot] = row.createdAt;
    this.salePriceCents[slot] = row.salePriceCents;
    this.listed.add(slot);
    this.codes.city[slot] = city;
    this.codes.category[slot] = this.categories.code(row.category);
    const store = this.stores.code(row.storeName);
    this.codes.store[slot] = store;
    let named = this.storesByKey.get(row.storeKey);
    if (!named) this.storesByKey.set(row.storeKey, (named = new Set()));
    named.add(store);
    const sets = [
      this.cities.sets[this.codes.city[slot]!]!,
      this.categories.sets[this.codes.category[slot]!]!,
      this.stores.sets[store]!,
      this.bands[bandOf(row.salePriceCents)]!,
    ];
    for (const set of sets) set.add(slot);
    this.codes.band[slot] = bandOf(row.salePriceCents);
    this.colorLists.set(slot, codesIn(this.colors, row.colors, slot));
    this.sizeLists.set(slot, codesIn(this.sizes, row.sizes, slot));
    this.wordLists.set(slot, codesIn(this.words, row.words, slot));
    this.frenchWordLists.set(slot, codesIn(this.frenchWords, row.frenchWords, slot));
    this.tallies.count(slot, 1);
    this.tallies.refreshWordStore(slot >>> 5);
    this.names.insert(slot, row, keepOrders);
    if (keepOrders) for (const sort of CATALOG_SORTS) this.orders[sort].insert(slot);
  }

  private remove(slot: number, keepOrders: boolean): void {
    if (keepOrders) for (const sort of CATALOG_SORTS) this.orders[sort].remove(slot);
    this.tallies.count(slot, -1);
    this.names.remove(slot, keepOrders);
    this.slotById[this.id[slot]!] = 0;
    this.listed.delete(slot);
    this.cities.sets[this.codes.city[slot]!]!.delete(slot);
    this.categories.sets[this.codes.category[slot]!]!.delete(slot);
    this.stores.sets[this.codes.store[slot]!]!.delete(slot);
    this.tallies.refreshWordStore(slot >>> 5);
    this.bands[this.codes.band[slot]!]!.delete(slot);
    const lists: [SlotLists, Dictionary][] = [
      [this.colorLists, this.colors],
      [this.sizeLists, this.sizes],
      [this.wordLists, this.words],
      [this.frenchWordLists, this.frenchWords],
    ];
    for (const [list, dictionary] of lists) {
      list.forEach(slot, (code) => dictionary.sets[code]!.delete(slot));
      list.clear(slot);
    }
    (this.freeSlots[this.codes.city[slot]!] ??= []).push(slot);
  }

  /** A slot never used; the index doubles its room (every array, and sets as they grow) when full. */
  private newSlot(): number {
    const slot = this.usedSlots++;
    if (slot >= this.space.slots) {
      const slots = Math.max(1024, this.space.slots * 2);
      this.space.slots = slots;
      this.id = grownArray(this.id, slots);
      this.inStock = grownArray(this.inStock, slots);
      this.onSale = grownArray(this.onSale, slots);
      this.createdAt = grownArray(this.createdAt, slots);
      this.salePriceCents = grownArray(this.salePriceCents, slots);
      this.codes.grow(slots);
      this.tallies.grow(slots);
      for (const lists of [this.colorLists, this.sizeLists, this.wordLists, this.frenchWordLists])
        lists.grow(slots);
      for (const sort of CATALOG_SORTS) this.orders[sort].grow(slots);
      this.names.grow(slots);
    }
    return slot;
  }
}
