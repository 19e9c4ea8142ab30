import { codesIn, Dictionary } from './dictionary';
import { SlotLists } from './slot-lists';
import {
  forEachSlot,
  hasSlot,
  popcount,
  type Bits,
  type SlotSet,
  type SlotSpace,
} from './slot-set';
import { grownArray } from './slot-codes';
import { compareText, SlotOrder } from './slot-order';
import { sortedByRank, textRanksOf } from './slot-ranks';

/** A listed product as the search box suggests it. */
export interface NamedProduct {
  id: number;
  name: string;
  /** The brand's French name, null when it wrote none. */
  nameFr: string | null;
}

/** What the names need of a product (IndexRow's fields). */
export interface ProductNameRow {
  id: number;
  name: string;
  /** lower(name), as the database lowers it. */
  nameKey: string;
  nameFr: string | null;
  nameFrKey: string | null;
  /** The name's words as the 'simple' parser splits them (to_tsvector's lexemes). */
  nameWords: string[];
}

/**
 * The names of the catalog index's products, for the search box (decision 034): the products
 * in name order and in French-name order (lower case, "C" order: a typed prefix is a range),
 * and per word of a name the products whose name has it. Slots are the index's.
 */
export class ProductNames {
  private id = new Int32Array(0);
  private readonly name: string[] = [];
  private readonly nameFr: (string | null)[] = [];
  /**
   * lower(name) and lower(name_fr) where JavaScript's toLowerCase gives another text (few names,
   * if any): every other key is the name lowered when asked for, not a second copy of each name
   * (64 MB at a million products, issue 41).
   */
  private readonly unusualKeys = new Map<number, string>();
  private readonly unusualFrenchKeys = new Map<number, string>();
  private readonly words: Dictionary;
  private readonly wordLists = new SlotLists();
  private readonly byName = new SlotOrder(
    (a, b) => compareText(this.nameKey(a), this.nameKey(b)) || this.id[a]! - this.id[b]!,
  );
  private readonly byId = new SlotOrder((a, b) => this.id[a]! - this.id[b]!);
  private readonly byFrenchName = new SlotOrder(
    (a, b) => compareText(this.nameFrKey(a)!, this.nameFrKey(b)!) || this.id[a]! - this.id[b]!,
  );

  constructor(private readonly space: SlotSpace) {
    this.words = new Dictionary(space);
  }

  grow(slots: number): void {
    this.id = grownArray(this.id, slots);
    this.wordLists.grow(slots);
    for (const order of [this.byName, this.byId, this.byFrenchName]) order.grow(slots);
  }

  insert(slot: number, row: ProductNameRow, keepOrders: boolean): void {
    this.id[slot] = row.id;
    this.name[slot] = row.name;
    this.nameFr[slot] = row.nameFr;
    keepUnusual(this.unusualKeys, slot, row.name, row.nameKey);
    keepUnusual(this.unusualFrenchKeys, slot, row.nameFr, row.nameFrKey);
    this.wordLists.set(slot, codesIn(this.words, row.nameWords, slot));
    if (!keepOrders) return;
    this.byName.insert(slot);
    this.byId.insert(slot);
    if (row.nameFr !== null) this.byFrenchName.insert(slot);
  }

  remove(slot: number, keepOrders: boolean): void {
    if (keepOrders) {
      this.byName.remove(slot);
      this.byId.remove(slot);
      if (this.nameFr[slot] !== null) this.byFrenchName.remove(slot);
    }
    this.wordLists.forEach(slot, (code) => this.words.sets[code]!.delete(slot));
    this.wordLists.clear(slot);
    this.unusualKeys.delete(slot);
    this.unusualFrenchKeys.delete(slot);
  }

  /** Sorts the orders of every listed slot once (after a load), given them in id order. */
  rebuild(byId: Int32Array): void {
    const byText = (slots: Int32Array, keyOf: (slot: number) => string) =>
      sortedByRank(slots, textRanksOf(slots, keyOf, this.space.slots));
    this.byId.replace(byId);
    this.byName.replace(byText(byId, (slot) => this.nameKey(slot)));
    this.byFrenchName.replace(
      byText(
        byId.filter((slot) => this.nameFr[slot] !== null),
        (slot) => this.nameFrKey(slot)!,
      ),
    );
  }

  /**
   * Products whose lower-case name (or French name) starts with `prefix` (lower case), in that
   * name's order, then by id: the range of the order that starts with it.
   */
  startingWith(
    prefix: string,
    limit: number,
    french: boolean,
    /** The city's products (issue 39.6): others are passed over. */
    within?: SlotSet,
  ): NamedProduct[] {
    const order = french ? this.byFrenchName : this.byName;
    const keyOf = (slot: number) => (french ? this.nameFrKey(slot)! : this.nameKey(slot));
    const found: NamedProduct[] = [];
    const first = order.firstWhere((slot) => compareText(keyOf(slot), prefix) >= 0);
    for (let i = first; i < order.count && found.length < limit; i++) {
      const slot = order.slots[i]!;
      if (!keyOf(slot).startsWith(prefix)) break;
      if (within && !within.has(slot)) continue;
      found.push(this.named(slot));
    }
    return found;
  }

  /**
   * Products with, for each typed word, a word of the name that starts with it, but `except`.
   * One word: in the order of that word, then by id (a name with two such words comes once, at
   * its first). Several: in name order.
   */
  withWordsStartingWith(
    typed: string[],
    limit: number,
    except: readonly number[],
    /** Two bitsets of the index's size to work in. */
    scratch: [Bits, Bits],
    /** The city's products (issue 39.6): others are left out. */
    within?: SlotSet,
  ): NamedProduct[] {
    const excluded = new Set(except);
    const keep = (slot: number) =>
      !excluded.has(this.id[slot]!) && (within === undefined || within.has(slot));
    if (typed.length === 1) {
      const found: number[] = [];
      const earlier: SlotSet[] = [];
      for (const code of this.wordsStartingWith(typed[0]!)) {
        const set = this.words.sets[code]!;
        const bits = scratch[0];
        bits.fill(0);
        set.orInto(bits);
        found.push(
          ...this.takeInOrder(
            this.byId,
            bits,
            set.size,
            limit - found.length,
            (slot) => keep(slot) && !earlier.some((word) => word.has(slot)),
          ),
        );
        if (found.length === limit) break;
        earlier.push(set);
      }
      return found.map((slot) => this.named(slot));
    }
    // Products holding a word starting with each typed word: the union of each word's sets,
    // intersected.
    const [matches, either] = scratch;
    for (const [i, word] of typed.entries()) {
      const into = i === 0 ? matches : either;
      into.fill(0);
      for (const code of this.wordsStartingWith(word)) this.words.sets[code]!.orInto(into);
      if (i > 0) for (let w = 0; w < matches.length; w++) matches[w]! &= either[w]!;
    }
    return this.takeInOrder(this.byName, matches, popcount(matches), limit, keep).map((slot) =>
      this.named(slot),
    );
  }

  /**
   * Up to `limit` of the `count` slots in `bits` that pass `keep`, in `order`: the order is
   * walked when they are many (a few steps find them), they are sorted when few.
   */
  private takeInOrder(
    order: SlotOrder,
    bits: Bits,
    count: number,
    limit: number,
    keep: (slot: number) => boolean,
  ): number[] {
    const taken: number[] = [];
    if (count === 0 || limit <= 0) return taken;
    if (count * Math.log2(count + 1) * 8 < (limit * order.count) / count) {
      const slots: number[] = [];
      forEachSlot(bits, (slot) => {
        if (keep(slot)) slots.push(slot);
      });
      return slots.sort(order.before).slice(0, limit);
    }
    for (let i = 0; i < order.count && taken.length < limit; i++) {
      const slot = order.slots[i]!;
      if (hasSlot(bits, slot) && keep(slot)) taken.push(slot);
    }
    return taken;
  }

  /** lower(name), as the database lowers it. */
  private nameKey(slot: number): string {
    return this.unusualKeys.get(slot) ?? this.name[slot]!.toLowerCase();
  }

  /** lower(name_fr), null without a French name. */
  private nameFrKey(slot: number): string | null {
    const nameFr = this.nameFr[slot]!;
    return nameFr === null ? null : (this.unusualFrenchKeys.get(slot) ?? nameFr.toLowerCase());
  }

  private named(slot: number): NamedProduct {
    return { id: this.id[slot]!, name: this.name[slot]!, nameFr: this.nameFr[slot]! };
  }

  /** The codes of the names' words that start with `prefix`, in "C" order. */
  private wordsStartingWith(prefix: string): number[] {
    const sorted = this.words.inOrder();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareText(this.words.values[sorted[middle]!]!, prefix) < 0) low = middle + 1;
      else high = middle;
    }
    const codes: number[] = [];
    for (let i = low; i < sorted.length; i++) {
      const code = sorted[i]!;
      if (!this.words.values[code]!.startsWith(prefix)) break;
      if (this.words.sets[code]!.size > 0) codes.push(code);
    }
    return codes;
  }
}

/** Keeps the database's lower-case key of a slot's text where JavaScript would lower it otherwise. */
function keepUnusual(
  unusual: Map<number, string>,
  slot: number,
  text: string | null,
  key: string | null,
): void {
  if (text !== null && key !== null && !lowersTo(text, key)) unusual.set(slot, key);
  else unusual.delete(slot);
}

/** Whether JavaScript lowers `text` to `key`; an ASCII text is compared as it is read (no copy made). */
function lowersTo(text: string, key: string): boolean {
  if (text.length !== key.length) return key === text.toLowerCase();
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return key === text.toLowerCase();
    if ((code >= 0x41 && code <= 0x5a ? code + 0x20 : code) !== key.charCodeAt(i)) return false;
  }
  return true;
}
