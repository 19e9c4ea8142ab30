import { compareText } from './slot-order';

/**
 * Sorting a whole order at once (the first load, a bulk change) by ranks: numbers sorted by the
 * engine's own sort of a Float64Array, with no comparator called from JavaScript. The orders'
 * comparators took 7 s to sort a million products' seven orders; ranks take well under one
 * (issue 41, `npm run bench:index`).
 */

/** Each slot's place among the distinct values of `valueOf` over `slots`, ascending (equal values share one); indexed by slot. */
export function ranksOf(
  slots: Int32Array,
  valueOf: (slot: number) => number,
  space: number,
): Int32Array {
  // Loops rather than Float64Array.from with a mapper, which took longer than the sort.
  const values = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) values[i] = valueOf(slots[i]!);
  values.sort();
  let distinct = 0;
  for (let i = 0; i < values.length; i++)
    if (i === 0 || values[i] !== values[distinct - 1]) values[distinct++] = values[i]!;
  const ranks = new Int32Array(space);
  for (let i = 0; i < slots.length; i++)
    ranks[slots[i]!] = firstAtLeast(values, distinct, valueOf(slots[i]!));
  return ranks;
}

/** As ranksOf, of texts in "C" order (compareText): a text is compared once per distinct text. */
export function textRanksOf(
  slots: Int32Array,
  textOf: (slot: number) => string,
  space: number,
): Int32Array {
  const texts: string[] = [];
  for (let i = 0; i < slots.length; i++) texts.push(textOf(slots[i]!));
  const rankOf = new Map<string, number>();
  for (const text of texts) rankOf.set(text, 0);
  [...rankOf.keys()].sort(compareText).forEach((text, rank) => rankOf.set(text, rank));
  const ranks = new Int32Array(space);
  for (let i = 0; i < slots.length; i++) ranks[slots[i]!] = rankOf.get(texts[i]!)!;
  return ranks;
}

/**
 * The slots of `order` sorted by `ranks` (indexed by slot; whole numbers from 0, as ranksOf's
 * or ids and prices in cents are), ascending or descending, ties kept in `order`'s order:
 * sorting by the least significant key first and then by each more significant one sorts by
 * all of them.
 */
export function sortedByRank(
  order: Int32Array,
  ranks: ArrayLike<number>,
  descending = false,
): Int32Array {
  const n = order.length;
  let top = 0;
  let whole = true;
  for (let i = 0; i < n; i++) {
    const rank = ranks[order[i]!]!;
    top = Math.max(top, rank);
    whole &&= Number.isInteger(rank) && rank >= 0;
  }
  const rankOf = (slot: number) => (descending ? top - ranks[slot]! : ranks[slot]!);
  // rank × 2^k + position: one double, exact while it stays below 2^53.
  const shift = 2 ** Math.ceil(Math.log2(n + 1));
  if (!whole || (top + 1) * shift > Number.MAX_SAFE_INTEGER) {
    const positions = Array.from(order.keys());
    positions.sort((a, b) => rankOf(order[a]!) - rankOf(order[b]!) || a - b);
    return Int32Array.from(positions, (position) => order[position]!);
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = rankOf(order[i]!) * shift + i;
  keys.sort();
  const sorted = new Int32Array(n);
  for (let i = 0; i < n; i++) sorted[i] = order[keys[i]! % shift]!;
  return sorted;
}

/** The first index of the sorted `values` (the first `length`) holding `value` or more. */
function firstAtLeast(values: Float64Array, length: number, value: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
