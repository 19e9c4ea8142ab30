/**
 * Code-point order, as the database's "C" collation sorts. JavaScript's < compares UTF-16 units,
 * which puts a character past U+FFFF (two surrogate units) before U+E000–U+FFFF.
 */
export function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const [astralX, astralY] = [x >= 0xd800 && x <= 0xdfff, y >= 0xd800 && y <= 0xdfff];
    return astralX === astralY ? x - y : astralX ? 1 : -1;
  }
  return a.length - b.length;
}

/** A sort's slots in order; a product is taken out before its keys change and put back after. */
export class SlotOrder {
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

  /** Takes every slot at once, already in this order (sorted by ranks: slot-ranks.ts). */
  replace(sorted: Int32Array): void {
    this.slots.set(sorted);
    this.count = sorted.length;
  }

  /** The first position whose slot does not come before `slot`. */
  private position(slot: number): number {
    return this.firstWhere((other) => this.before(other, slot) >= 0);
  }

  /** The first position whose slot passes `reached` (false for every slot before it, true after). */
  firstWhere(reached: (slot: number) => boolean): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (reached(this.slots[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
