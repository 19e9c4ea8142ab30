import {
  CATALOG_SORTS,
  PRICE_BANDS,
  type CatalogFacets,
  type CatalogSort,
  type FacetValue,
} from '@marketplace/shared';
import type { CatalogFilters, FacetList, SortKey } from '../items.repository';
import { SlotLists } from './slot-lists';
import { forEachSlot, hasSlot, popcount, SlotSet, type Bits, type SlotSpace } from './slot-set';

/** A product as the index takes it from the database (catalog-index.repository.ts). */
export interface IndexRow {
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
  salePrice: number;
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

/** Values and the slots holding each (a city, a colour, a word...). */
class Dictionary {
  private readonly codes = new Map<string, number>();
  readonly values: string[] = [];
  readonly sets: SlotSet[] = [];

  constructor(private readonly space: SlotSpace) {}

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
      this.sets.push(new SlotSet(this.space));
    }
    return code;
  }

  find(value: string): SlotSet | undefined {
    const code = this.codes.get(value);
    return code === undefined ? undefined : this.sets[code];
  }
}

/** A sort's slots in order; a product is taken out before its keys change and put back after. */
class SlotOrder {
  slots = new Int32Array(0);
  count = 0;

  constructor(readonly before: (a: number, b: number) => number) {}

  grow(slots: number): void {
    if (slots <= this.slots.length) return;
    const longer = new Int32Array(slots);
    longer.set(this.slots.subarray(0, this.count));
    this.slots = longer;
  }

  insert(slot: number): void {
    const at = this.position(slot);
    this.slots.copyWithin(at + 1, at, this.count);
    this.slots[at] = slot;
    this.count += 1;
  }

  remove(slot: number): void {
    const at = this.position(slot);
    if (this.slots[at] !== slot) throw new Error(`catalog index: slot ${slot} is not in order`);
    this.slots.copyWithin(at, at + 1, this.count);
    this.count -= 1;
  }

  rebuild(slots: Int32Array): void {
    this.slots.set(slots);
    this.count = slots.length;
    this.slots.subarray(0, this.count).sort(this.before);
  }

  /** The first position whose slot does not come before `slot`. */
  private position(slot: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.before(this.slots[middle]!, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const bandOf = (price: number) =>
  PRICE_BANDS.findIndex(
    (band) => price >= band.min && (band.max === undefined || price < band.max),
  );

/** Code-point order, as the database's "C" collation sorts (JavaScript's < compares UTF-16 units). */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const difference = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return x.length - y.length;
}

/** A change touching more than this share of the index rebuilds the orders once instead. */
const REBUILD_SHARE = 0.02;
const LISTS: FacetList[] = ['category', 'store', 'color', 'size', 'price'];

/**
 * The catalog's listed products in memory, for searches, lists and facets (decision 034): per
 * filter value and per word the set of products holding it, and the products in each of the
 * catalog's orders. A query is a few intersections of bitsets, a count and a walk of an order
 * (or a sort of few matches); facets are one pass over the matches per list filter ticked.
 * What it answers is what the database's query would: the same filters, words and orders.
 */
export class CatalogIndex {
  private readonly space: SlotSpace = { slots: 0 };
  private readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  private id = new Int32Array(0);
  private inStock = new Uint8Array(0);
  private onSale = new Uint8Array(0);
  private createdAt = new Float64Array(0);
  private salePrice = new Float64Array(0);
  private city = new Uint16Array(0);
  private category = new Uint16Array(0);
  private store = new Int32Array(0);
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
        (a, b) => this.salePrice[a]! - this.salePrice[b]! || this.id[a]! - this.id[b]!,
      ),
      'price-desc': new SlotOrder(
        (a, b) => this.salePrice[b]! - this.salePrice[a]! || this.id[b]! - this.id[a]!,
      ),
      newest: new SlotOrder(
        (a, b) => this.createdAt[b]! - this.createdAt[a]! || this.id[b]! - this.id[a]!,
      ),
    };
  }

  /** How many listed products it holds. */
  get size(): number {
    return this.listed.size;
  }

  /**
   * Takes products as they now are: a listed one is put in (or moved), any other taken out.
   * A batch touching many products (the first load, a store withheld) sorts the orders once.
   */
  apply(rows: readonly IndexRow[]): void {
    const bulk = rows.length > Math.max(1000, this.listed.size * REBUILD_SHARE);
    for (const row of rows) {
      const slot = this.slotOf.get(row.id);
      if (slot !== undefined) this.remove(slot, !bulk);
      if (row.listed) this.insert(row, !bulk);
    }
    if (bulk) {
      const slots = this.listedSlots();
      for (const sort of CATALOG_SORTS) this.orders[sort].rebuild(slots);
    }
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
    this.common(filters, keyword, matches);
    for (const list of LISTS) {
      const union = this.bits(1);
      if (this.listUnion(list, filters, union)) andBits(matches, union);
    }
    const inRange = this.priceRange(filters);
    const total = inRange ? countWhere(matches, inRange) : popcount(matches);
    if (offset >= total) return { ids: [], total };
    const wanted = Math.min(offset + limit, total);
    const order = this.orders[sort];
    // Walking the order reads about wanted × (listed / total) slots; sorting reads and sorts the matches.
    const walk = (wanted * this.listed.size) / total;
    const page: number[] = [];
    if (walk <= 8 * total * Math.log2(total + 1)) {
      let skipped = 0;
      for (let i = 0; i < order.count && page.length < wanted - offset; i++) {
        const slot = order.slots[i]!;
        if (!hasSlot(matches, slot) || (inRange && !inRange(slot))) continue;
        if (skipped < offset) skipped += 1;
        else page.push(slot);
      }
    } else {
      const found = new Int32Array(total);
      let n = 0;
      forEachSlot(matches, (slot) => {
        if (!inRange || inRange(slot)) found[n++] = slot;
      });
      found.sort(order.before);
      page.push(...found.subarray(offset, wanted));
    }
    if (page.length === 0) return { ids: [], total };
    return {
      ids: page.map((slot) => this.id[slot]!),
      total,
      bounds: { first: this.sortKey(page[0]!), last: this.sortKey(page.at(-1)!) },
    };
  }

  /**
   * Counts per filter value (spec 4's five lists), disjunctive as the repository counted them:
   * each list over the matches of every other chosen filter but not its own. Lists whose own
   * filter is not chosen share one pass over the matches of all of them.
   */
  facets(filters: CatalogFilters, keyword: KeywordLexemes | undefined): CatalogFacets {
    const common = this.bits(0);
    this.common(filters, keyword, common);
    const chosen = LISTS.filter((list) => filters[list].length > 0);
    const unions = new Map<FacetList, Bits>();
    for (const [i, list] of chosen.entries()) {
      const union = this.bits(2 + i);
      this.listUnion(list, filters, union);
      unions.set(list, union);
    }
    const inRange = this.priceRange(filters);
    const counts = {
      category: new Int32Array(this.categories.values.length),
      store: new Int32Array(this.stores.values.length),
      color: new Int32Array(this.colors.values.length),
      size: new Int32Array(this.sizes.values.length),
      price: new Int32Array(PRICE_BANDS.length),
    };
    const base = this.bits(7);
    const pass = (lists: FacetList[], except?: FacetList) => {
      if (lists.length === 0) return;
      base.set(common);
      for (const [list, union] of unions) if (list !== except) andBits(base, union);
      const [category, store, price] = [
        lists.includes('category'),
        lists.includes('store'),
        lists.includes('price'),
      ];
      const [color, size] = [lists.includes('color'), lists.includes('size')];
      forEachSlot(base, (slot) => {
        if (inRange && !inRange(slot)) return;
        if (category) counts.category[this.category[slot]!]! += 1;
        if (store) counts.store[this.store[slot]!]! += 1;
        if (price) counts.price[bandOf(this.salePrice[slot]!)]! += 1;
        if (color) this.colorLists.forEach(slot, (code) => (counts.color[code]! += 1));
        if (size) this.sizeLists.forEach(slot, (code) => (counts.size[code]! += 1));
      });
    };
    pass(LISTS.filter((list) => !unions.has(list)));
    for (const list of chosen) pass([list], list);
    const valuesOf = (dictionary: Dictionary, tally: Int32Array): FacetValue[] =>
      dictionary.values
        .flatMap((value, code) => (tally[code]! > 0 ? [{ value, count: tally[code]! }] : []))
        .sort((a, b) => b.count - a.count || compareText(a.value, b.value));
    return {
      category: valuesOf(this.categories, counts.category),
      store: valuesOf(this.stores, counts.store),
      color: valuesOf(this.colors, counts.color),
      size: valuesOf(this.sizes, counts.size).map((s) => ({ ...s, value: s.value.toUpperCase() })),
      price: PRICE_BANDS.map((band, i) => ({ value: band.id, count: counts.price[i]! })),
    };
  }

  /** Listed, with the keyword's words, in the city: what every list filter narrows further. */
  private common(filters: CatalogFilters, keyword: KeywordLexemes | undefined, into: Bits): void {
    into.fill(0);
    this.listed.orInto(into);
    if (filters.city) andSet(into, this.cities.find(filters.city));
    if (filters.keyword) {
      const english = this.bits(8);
      const french = this.bits(9);
      allOf(this.words, keyword?.words ?? [], english);
      allOf(this.frenchWords, keyword?.frenchWords ?? [], french);
      for (let w = 0; w < english.length; w++) english[w]! |= french[w]!;
      andBits(into, english);
    }
  }

  /** The products holding any of the list's chosen values; false when none is chosen. */
  private listUnion(list: FacetList, filters: CatalogFilters, into: Bits): boolean {
    if (filters[list].length === 0) return false;
    into.fill(0);
    for (const set of this.setsOf(list, filters)) set?.orInto(into);
    return true;
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

  /** The price range as a test of a slot, when the filters give one. */
  private priceRange(filters: CatalogFilters): ((slot: number) => boolean) | undefined {
    const { minPrice, maxPrice } = filters;
    if (minPrice === undefined && maxPrice === undefined) return undefined;
    return (slot) => {
      const price = this.salePrice[slot]!;
      return (
        (minPrice === undefined || price >= minPrice) &&
        (maxPrice === undefined || price <= maxPrice)
      );
    };
  }

  private sortKey(slot: number): SortKey {
    return [
      this.inStock[slot] === 1,
      this.onSale[slot] === 1,
      this.createdAt[slot]!,
      this.id[slot]!,
      this.salePrice[slot]!,
    ];
  }

  /** Scratch bitset `n`, sized to the index, contents undefined. */
  private bits(n: number): Bits {
    const words = this.space.slots >>> 5;
    if (this.scratch[n]?.length !== words) this.scratch[n] = new Uint32Array(words);
    return this.scratch[n]!;
  }

  private listedSlots(): Int32Array {
    const slots = new Int32Array(this.listed.size);
    let n = 0;
    for (const slot of this.slotOf.values()) slots[n++] = slot;
    return slots;
  }

  private insert(row: IndexRow, keepOrders: boolean): void {
    const slot = this.freeSlots.pop() ?? this.newSlot();
    this.slotOf.set(row.id, slot);
    this.id[slot] = row.id;
    this.inStock[slot] = row.inStock ? 1 : 0;
    this.onSale[slot] = row.onSale ? 1 : 0;
    this.createdAt[slot] = row.createdAt;
    this.salePrice[slot] = row.salePrice;
    this.listed.add(slot);
    this.city[slot] = this.cities.code(row.city);
    this.category[slot] = this.categories.code(row.category);
    const store = this.stores.code(row.storeName);
    this.store[slot] = store;
    let named = this.storesByKey.get(row.storeKey);
    if (!named) this.storesByKey.set(row.storeKey, (named = new Set()));
    named.add(store);
    const sets = [
      this.cities.sets[this.city[slot]!]!,
      this.categories.sets[this.category[slot]!]!,
      this.stores.sets[store]!,
      this.bands[bandOf(row.salePrice)]!,
    ];
    for (const set of sets) set.add(slot);
    this.colorLists.set(slot, codesIn(this.colors, row.colors, slot));
    this.sizeLists.set(slot, codesIn(this.sizes, row.sizes, slot));
    this.wordLists.set(slot, codesIn(this.words, row.words, slot));
    this.frenchWordLists.set(slot, codesIn(this.frenchWords, row.frenchWords, slot));
    if (keepOrders) for (const sort of CATALOG_SORTS) this.orders[sort].insert(slot);
  }

  private remove(slot: number, keepOrders: boolean): void {
    if (keepOrders) for (const sort of CATALOG_SORTS) this.orders[sort].remove(slot);
    this.slotOf.delete(this.id[slot]!);
    this.listed.delete(slot);
    this.cities.sets[this.city[slot]!]!.delete(slot);
    this.categories.sets[this.category[slot]!]!.delete(slot);
    this.stores.sets[this.store[slot]!]!.delete(slot);
    this.bands[bandOf(this.salePrice[slot]!)]!.delete(slot);
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
    this.freeSlots.push(slot);
  }

  /** A slot never used; the index doubles its room (every array, and sets as they grow) when full. */
  private newSlot(): number {
    const slot = this.slotOf.size + this.freeSlots.length;
    if (slot >= this.space.slots) {
      const slots = Math.max(1024, this.space.slots * 2);
      this.space.slots = slots;
      this.id = grownArray(this.id, slots);
      this.inStock = grownArray(this.inStock, slots);
      this.onSale = grownArray(this.onSale, slots);
      this.createdAt = grownArray(this.createdAt, slots);
      this.salePrice = grownArray(this.salePrice, slots);
      this.city = grownArray(this.city, slots);
      this.category = grownArray(this.category, slots);
      this.store = grownArray(this.store, slots);
      for (const lists of [this.colorLists, this.sizeLists, this.wordLists, this.frenchWordLists])
        lists.grow(slots);
      for (const sort of CATALOG_SORTS) this.orders[sort].grow(slots);
    }
    return slot;
  }
}

type TypedArray = Int32Array | Uint8Array | Uint16Array | Float64Array;

function grownArray<T extends TypedArray>(array: T, length: number): T {
  const longer = new (array.constructor as new (length: number) => T)(length);
  longer.set(array as never);
  return longer;
}

/** Each value's code, with the slot added to the value's set. */
function codesIn(dictionary: Dictionary, values: readonly string[], slot: number): number[] {
  const codes = [...new Set(values)].map((value) => dictionary.code(value));
  for (const code of codes) dictionary.sets[code]!.add(slot);
  return codes;
}

/** into = the slots holding every one of `values` (none when `values` is empty or one is unknown). */
function allOf(dictionary: Dictionary, values: readonly string[], into: Bits): void {
  into.fill(0);
  const sets = values.map((value) => dictionary.find(value));
  if (sets.length === 0 || sets.some((set) => !set || set.size === 0)) return;
  sets.sort((a, b) => a!.size - b!.size);
  sets[0]!.orInto(into);
  for (const set of sets.slice(1)) set!.andInto(into);
}

function andSet(bits: Bits, set: SlotSet | undefined): void {
  if (set) set.andInto(bits);
  else bits.fill(0);
}

function andBits(target: Bits, other: Bits): void {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
}

function countWhere(bits: Bits, test: (slot: number) => boolean): number {
  let count = 0;
  forEachSlot(bits, (slot) => {
    if (test(slot)) count += 1;
  });
  return count;
}
