/**
 * Sets of slots for the catalog index (decision 034). A slot is a listed product's place in the
 * index's arrays; a query's matches are a bitset over the slots, 32 a word.
 */
export type Bits = Uint32Array;

/** The index's size in slots, a multiple of 32; it only grows. Every set sized by it reads it here. */
export interface SlotSpace {
  slots: number;
}

const EMPTY = new Int32Array(0);

/** Set bits of every 16-bit number: two lookups count a word. */
const BITS_IN = Uint8Array.from({ length: 1 << 16 }, (_, n) => {
  let count = 0;
  for (let x = n; x !== 0; x &= x - 1) count += 1;
  return count;
});

export const popcountOf = (word: number) => BITS_IN[word & 0xffff]! + BITS_IN[word >>> 16]!;

export function popcount(bits: Bits, lo = 0, hi = bits.length): number {
  let count = 0;
  for (let w = lo; w < hi; w++) count += popcountOf(bits[w]!);
  return count;
}

/** Calls `visit` with each slot in `bits` (in its words lo to hi), in slot order. */
export function forEachSlot(
  bits: Bits,
  visit: (slot: number) => void,
  lo = 0,
  hi = bits.length,
): void {
  for (let w = lo; w < hi; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      visit((w << 5) + 31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
}

export const hasSlot = (bits: Bits, slot: number) =>
  ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;

/** Words of a query's matches: nothing is set outside lo to hi. */
export interface Span {
  lo: number;
  hi: number;
}

export function spanOf(bits: Bits): Span {
  let lo = 0;
  let hi = bits.length;
  while (lo < hi && bits[lo] === 0) lo++;
  while (hi > lo && bits[hi - 1] === 0) hi--;
  return { lo, hi };
}

/** target = target ∩ other, in the span's words. */
export function andBits(target: Bits, other: Bits, span: Span): void {
  for (let w = span.lo; w < span.hi; w++) target[w]! &= other[w]!;
}

/**
 * A set of slots: a sorted list while it is small, bits once the list would take more room
 * than one bit a slot (past one slot in 32), back to a list below one in 64. A rare word costs
 * its few slots; a colour, a city or a common word one bit a product.
 */
export class SlotSet {
  /** Sorted slots, the first `size` used; unused while `bits` is set. */
  private list: Int32Array = EMPTY;
  private bits: Bits | null = null;
  size = 0;

  constructor(private readonly space: SlotSpace) {}

  has(slot: number): boolean {
    if (this.bits) return hasSlot(this.bits, slot);
    return this.find(slot) >= 0;
  }

  add(slot: number): void {
    if (this.bits) {
      if (slot >= this.bits.length << 5) this.bits = grown(this.bits, this.space.slots >>> 5);
      const mask = 1 << (slot & 31);
      if ((this.bits[slot >>> 5]! & mask) === 0) {
        this.bits[slot >>> 5]! |= mask;
        this.size += 1;
      }
      return;
    }
    const at = this.find(slot);
    if (at >= 0) return;
    const position = ~at;
    if (this.size === this.list.length) {
      const longer = new Int32Array(Math.max(4, this.list.length * 2));
      longer.set(this.list);
      this.list = longer;
    }
    this.list.copyWithin(position + 1, position, this.size);
    this.list[position] = slot;
    this.size += 1;
    if (this.size > this.space.slots >>> 5) this.toBits();
  }

  delete(slot: number): void {
    if (this.bits) {
      const mask = 1 << (slot & 31);
      if (((this.bits[slot >>> 5] ?? 0) & mask) === 0) return;
      this.bits[slot >>> 5]! &= ~mask;
      this.size -= 1;
      if (this.size < this.space.slots >>> 6) this.toList();
      return;
    }
    const at = this.find(slot);
    if (at < 0) return;
    this.list.copyWithin(at, at + 1, this.size);
    this.size -= 1;
  }

  /** target = target ∩ this, in the target's words lo to hi (the caller's span: zero elsewhere). */
  andInto(target: Bits, lo = 0, hi = target.length): void {
    if (this.bits) {
      const bits = this.bits;
      const shared = Math.min(bits.length, hi);
      for (let w = lo; w < shared; w++) target[w]! &= bits[w]!;
      if (shared < hi) target.fill(0, Math.max(lo, shared), hi);
      return;
    }
    let i = lo === 0 ? 0 : this.find(lo << 5);
    if (i < 0) i = ~i;
    for (let w = lo; w < hi; w++) {
      if (target[w] === 0) {
        while (i < this.size && this.list[i]! >>> 5 === w) i++;
        continue;
      }
      let mask = 0;
      while (i < this.size && this.list[i]! >>> 5 === w) mask |= 1 << (this.list[i++]! & 31);
      target[w]! &= mask;
    }
  }

  /** target = target ∪ this, in the target's words lo to hi. */
  orInto(target: Bits, lo = 0, hi = target.length): void {
    if (this.bits) {
      const shared = Math.min(this.bits.length, hi);
      for (let w = lo; w < shared; w++) target[w]! |= this.bits[w]!;
      return;
    }
    for (let i = 0; i < this.size; i++) {
      const slot = this.list[i]!;
      if (slot >>> 5 >= lo && slot >>> 5 < hi) target[slot >>> 5]! |= 1 << (slot & 31);
    }
  }

  /** How many of this set's slots are in `bits` (in its words lo to hi). */
  countIn(bits: Bits, lo = 0, hi = bits.length): number {
    let count = 0;
    if (this.bits) {
      const shared = Math.min(this.bits.length, hi);
      for (let w = lo; w < shared; w++) count += popcountOf(this.bits[w]! & bits[w]!);
      return count;
    }
    for (let i = 0; i < this.size; i++) {
      const slot = this.list[i]!;
      if (slot >>> 5 >= lo && slot >>> 5 < hi && hasSlot(bits, slot)) count += 1;
    }
    return count;
  }

  /** Where `slot` is in the list, or ~(where it would go). */
  private find(slot: number): number {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.list[middle]!;
      if (value < slot) low = middle + 1;
      else if (value > slot) high = middle - 1;
      else return middle;
    }
    return ~low;
  }

  private toBits(): void {
    const bits = new Uint32Array(this.space.slots >>> 5);
    for (let i = 0; i < this.size; i++) {
      const slot = this.list[i]!;
      bits[slot >>> 5]! |= 1 << (slot & 31);
    }
    this.bits = bits;
    this.list = EMPTY;
  }

  private toList(): void {
    const list = new Int32Array(Math.max(4, this.size * 2));
    let i = 0;
    forEachSlot(this.bits!, (slot) => {
      list[i++] = slot;
    });
    this.list = list;
    this.bits = null;
  }
}

function grown(bits: Bits, words: number): Bits {
  const longer = new Uint32Array(words);
  longer.set(bits);
  return longer;
}
