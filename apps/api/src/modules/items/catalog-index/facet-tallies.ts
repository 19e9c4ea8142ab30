import { PRICE_BANDS, type CatalogFacets, type FacetValue } from '@marketplace/shared';
import type { CatalogFilters, FacetList } from '../items.repository';
import type { Dictionary } from './dictionary';
import { grownArray, type SlotCodes } from './slot-codes';
import type { SlotLists } from './slot-lists';
import { forEachSlot, popcount, popcountOf, type Bits, type SlotSet, type Span } from './slot-set';

/** Spec 4's five lists, each a filter and a facet. */
export const LISTS: FacetList[] = ['category', 'store', 'color', 'size', 'price'];

/** A facets answer's counts per value (by code) of each list, as they are gathered. */
export type FacetCounts = Partial<Record<FacetList, ArrayLike<number>>>;

/** Counts per value of each list. */
type Tallies = Record<FacetList, number[]>;
const noTallies = (): Tallies => ({ category: [], store: [], color: [], size: [], price: [] });

/**
 * A city's listed products per value of each list (its facets with no filter), and per value
 * of one list, per value of every other (its facets with that value ticked).
 */
type Kept = { all: Tallies; given: Map<number, Tallies> } | undefined;

/** A value of a list, as the kept counts name it (a number: a million products' keys as text took a second to build). */
const givenKeyOf = (list: FacetList, code: number) => LIST_NUMBER[list] * 2 ** 24 + code;
const LIST_NUMBER: Record<FacetList, number> = {
  category: 0,
  store: 1,
  color: 2,
  size: 3,
  price: 4,
};
const add = (tally: number[], code: number, sign: number) =>
  (tally[code] = (tally[code] ?? 0) + sign);

/** The key of a value no product holds: no kept counts. */
const NO_VALUE = -1;

/** What the tallies read of the catalog index: its own sets, dictionaries and codes, shared. */
export interface FacetSource {
  readonly listed: SlotSet;
  readonly codes: SlotCodes;
  readonly cities: Dictionary;
  readonly categories: Dictionary;
  readonly stores: Dictionary;
  /** Stores' codes by lower(store_name): the store filter compares lower-case names. */
  readonly storesByKey: ReadonlyMap<string, ReadonlySet<number>>;
  readonly colors: Dictionary;
  readonly sizes: Dictionary;
  /** Each price band's products, in PRICE_BANDS' order. */
  readonly bands: readonly SlotSet[];
  readonly colorLists: SlotLists;
  readonly sizeLists: SlotLists;
}

/**
 * The catalog index's facet counts (decision 034): how many of a query's matches hold each
 * value of a list (`tally`), and the counts kept per city as products come and go, which answer
 * a facets query nothing but the city narrows (`fromKept`). The index picks the matches each
 * list is counted over; this counts them.
 */
export class FacetTallies {
  /** Per word of 32 slots, the one brand all its listed products are of (-1: several or none). */
  private wordStore = new Int32Array(0);
  /** Per city (by code), its kept counts. */
  private readonly kept: Kept[] = [];
  /** The lists and codes of the values of the slot `count` counts. */
  private readonly countedLists: FacetList[] = [];
  private readonly countedCodes: number[] = [];

  constructor(private readonly index: FacetSource) {}

  /** Room for `slots` slots (the index grows them together). */
  grow(slots: number): void {
    this.wordStore = grownArray(this.wordStore, slots >>> 5);
  }

  /**
   * Puts in `counts` the lists the kept counts answer, and returns the others, to tally: a list
   * nothing but the city (and its own values) narrows, or any list when but one value of one
   * list is chosen. `chosen`: the lists with values chosen, in LISTS' order.
   */
  fromKept(
    filters: CatalogFilters,
    chosen: readonly FacetList[],
    counts: FacetCounts,
  ): FacetList[] {
    // Nothing but the city (and a list's own values) narrows a list: its kept counts answer it.
    const plain =
      !filters.keyword && filters.minPrice === undefined && filters.maxPrice === undefined;
    // Or but one value of one list: the other lists' counts with it are kept too.
    const given =
      plain && chosen.length === 1 && filters[chosen[0]!].length === 1
        ? this.givenKey(chosen[0]!, filters)
        : undefined;
    return LISTS.filter((list) => {
      if (plain && chosen.every((other) => other === list))
        counts[list] = this.keptCounts(list, filters.city);
      else if (given !== undefined) counts[list] = this.keptCounts(list, filters.city, given);
      else return true;
      return false;
    });
  }

  /** The five lists' values with their counts, as spec 4's facets answer them. */
  facetsOf(counts: FacetCounts): CatalogFacets {
    // Most first; of one count, in the values' order (the sort is stable).
    const valuesOf = (list: Exclude<FacetList, 'price'>) => {
      const tallies = counts[list]!;
      const dictionary = this.dictionaryOf(list);
      const found: FacetValue[] = [];
      for (const code of dictionary.inOrder()) {
        const count = tallies[code] ?? 0;
        if (count > 0) found.push({ value: dictionary.values[code]!, count });
      }
      return found.sort((a, b) => b.count - a.count);
    };
    return {
      category: valuesOf('category'),
      store: valuesOf('store'),
      color: valuesOf('color'),
      size: valuesOf('size').map((s) => ({ ...s, value: s.value.toUpperCase() })),
      price: PRICE_BANDS.map((band, i) => ({ value: band.id, count: counts.price![i] ?? 0 })),
    };
  }

  /**
   * How many products in `bits` have each value of each list. Brands are tallied a word at a
   * time: a brand's products lie together, so the 32 slots of a word are mostly one brand's.
   * The other lists have few values: each value's set is intersected with `bits` and counted,
   * or, when `bits` holds few products, each of them is read.
   */
  tally(bits: Bits, lists: FacetList[], span: Span): Partial<Record<FacetList, Int32Array>> {
    const counts: Partial<Record<FacetList, Int32Array>> = {};
    const matches = popcount(bits, span.lo, span.hi);
    for (const list of lists) {
      if (list === 'store') {
        counts.store = this.tallyStores(bits, span);
        continue;
      }
      const sets = list === 'price' ? this.index.bands : this.dictionaryOf(list).sets;
      // A product's slot costs about four times a word of one value's set.
      if (matches * 4 < (span.hi - span.lo) * sets.length) {
        counts[list] = this.tallySlots(list, bits, span);
        continue;
      }
      const tallies = new Int32Array(sets.length);
      for (let code = 0; code < sets.length; code++)
        tallies[code] = sets[code]!.countIn(bits, span.lo, span.hi);
      counts[list] = tallies;
    }
    return counts;
  }

  /**
   * Adds the slot's values to its city's kept counts (sign 1), or takes them out (-1): to the
   * city's, and to those of each of its values with every value of its other lists.
   */
  count(slot: number, sign: 1 | -1): void {
    const { codes } = this.index;
    const kept = (this.kept[codes.city[slot]!] ??= { all: noTallies(), given: new Map() });
    // The slot's values, in arrays kept from call to call: counting a million products made
    // a tuple per value and took 3.5 s of the load (issue 41).
    const lists = this.countedLists;
    const values = this.countedCodes;
    lists[0] = 'category';
    values[0] = codes.category[slot]!;
    lists[1] = 'store';
    values[1] = codes.store[slot]!;
    lists[2] = 'price';
    values[2] = codes.band[slot]!;
    let n = this.putCodes(slot, 'color', this.index.colorLists, 3);
    n = this.putCodes(slot, 'size', this.index.sizeLists, n);
    for (let i = 0; i < n; i++) {
      const list = lists[i]!;
      const code = values[i]!;
      add(kept.all[list], code, sign);
      const key = givenKeyOf(list, code);
      let given = kept.given.get(key);
      if (!given) kept.given.set(key, (given = noTallies()));
      for (let j = 0; j < n; j++) if (lists[j] !== list) add(given[lists[j]!], values[j]!, sign);
    }
  }

  /** Puts the slot's codes in `list` after the first `n` counted values; returns the new count. */
  private putCodes(slot: number, list: FacetList, slotLists: SlotLists, n: number): number {
    const { pool, start, length } = slotLists.arrays();
    for (let i = start[slot]!, end = i + length[slot]!; i < end; i++) {
      this.countedLists[n] = list;
      this.countedCodes[n++] = pool[i]!;
    }
    return n;
  }

  /** Records whether the listed products of word `w` are all one brand's (its code, else -1). */
  refreshWordStore(w: number): void {
    const { listed, codes } = this.index;
    const storeOf = codes.store;
    let store = -1;
    for (let slot = w << 5; slot < (w + 1) << 5; slot++) {
      if (!listed.has(slot)) continue;
      if (store === -1) store = storeOf[slot]!;
      else if (storeOf[slot] !== store) {
        store = -1;
        break;
      }
    }
    this.wordStore[w] = store;
  }

  private dictionaryOf(list: Exclude<FacetList, 'price'>): Dictionary {
    const { categories, stores, colors, sizes } = this.index;
    return { category: categories, store: stores, color: colors, size: sizes }[list];
  }

  private tallyStores(bits: Bits, span: Span): Int32Array {
    const counts = new Int32Array(this.index.stores.values.length);
    const [storeOf, wordStore] = [this.index.codes.store, this.wordStore];
    for (let w = span.lo; w < span.hi; w++) {
      let word = bits[w]!;
      if (word === 0) continue;
      if (wordStore[w]! >= 0) {
        counts[wordStore[w]!]! += popcountOf(word);
        continue;
      }
      const first = w << 5;
      while (word !== 0) {
        const lowest = word & -word;
        counts[storeOf[first + 31 - Math.clz32(lowest)]!]! += 1;
        word ^= lowest;
      }
    }
    return counts;
  }

  private tallySlots(list: Exclude<FacetList, 'store'>, bits: Bits, span: Span): Int32Array {
    if (list === 'color' || list === 'size') {
      const counts = new Int32Array(this.dictionaryOf(list).values.length);
      const { pool, start, length } = (
        list === 'color' ? this.index.colorLists : this.index.sizeLists
      ).arrays();
      forEachSlot(
        bits,
        (slot) => {
          for (let i = start[slot]!, end = i + length[slot]!; i < end; i++) counts[pool[i]!]! += 1;
        },
        span.lo,
        span.hi,
      );
      return counts;
    }
    const codeOf = list === 'category' ? this.index.codes.category : this.index.codes.band;
    const counts = new Int32Array(
      list === 'category' ? this.index.categories.values.length : PRICE_BANDS.length,
    );
    forEachSlot(bits, (slot) => (counts[codeOf[slot]!]! += 1), span.lo, span.hi);
    return counts;
  }

  /**
   * The listed products of the city (or of every city) per value of the list, kept as they
   * change; with `given` (a value of another list, as `givenKey` names it), of those holding it.
   */
  private keptCounts(list: FacetList, city: string | undefined, given?: number): ArrayLike<number> {
    const tallies = (kept: Kept) =>
      (given === undefined ? kept?.all : kept?.given.get(given))?.[list] ?? [];
    if (city !== undefined) return tallies(this.kept[this.index.cities.codeOf(city) ?? -1]);
    const sum: number[] = [];
    for (const kept of this.kept)
      tallies(kept).forEach((count, value) => (sum[value] = (sum[value] ?? 0) + count));
    return sum;
  }

  /**
   * The kept counts' name for the one value chosen in `list` (one no product holds names counts
   * of nothing), or undefined when they cannot tell: a store name several stores write in
   * different cases.
   */
  private givenKey(list: FacetList, filters: CatalogFilters): number | undefined {
    const value = filters[list][0]!;
    let code: number | undefined;
    if (list === 'store') {
      const codes = [...(this.index.storesByKey.get(value.toLowerCase()) ?? [])];
      if (codes.length > 1) return undefined;
      code = codes[0];
    } else if (list === 'price') {
      code = PRICE_BANDS.findIndex((band) => band.id === value);
    } else {
      const dictionary = this.dictionaryOf(list);
      code = dictionary.codeOf(list === 'category' ? value : value.toLowerCase());
    }
    return code === undefined || code < 0 ? NO_VALUE : givenKeyOf(list, code);
  }
}
