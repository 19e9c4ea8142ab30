import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareText } from './slot-order';
import { ranksOf, sortedByRank, textRanksOf } from './slot-ranks';

const product = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  price: fc.integer({ min: 0, max: 50 }),
  createdAt: fc.constantFrom(1.7e15, 1.7e15 + 1, 1.8e15, 0),
  inStock: fc.boolean(),
  name: fc.string({ maxLength: 3, unit: fc.constantFrom('a', 'B', 'é', '😀', '\uffff') }),
});
const products = fc.uniqueArray(product, { selector: (p) => p.id, maxLength: 60 });

describe('sorting by ranks', () => {
  it('sorts as the comparators do, key by key, whatever slots the products hold', () => {
    fc.assert(
      fc.property(products, fc.integer({ min: 0, max: 40 }), (rows, gap) => {
        // Slots with holes, in no order: as the index's listed slots are.
        const slotOf = rows.map((_, i) => (i * 7 + gap) % (rows.length * 2 + 1));
        const at: (typeof rows)[number][] = [];
        rows.forEach((row, i) => (at[slotOf[i]!] = row));
        const slots = Int32Array.from(new Set(slotOf));
        const space = rows.length * 2 + 1;
        const byId = sortedByRank(
          slots,
          ranksOf(slots, (s) => at[s]!.id, space),
        );
        const featured = sortedByRank(
          sortedByRank(
            byId.slice().reverse(),
            ranksOf(slots, (s) => at[s]!.createdAt, space),
            true,
          ),
          ranksOf(slots, (s) => (at[s]!.inStock ? 1 : 0), space),
          true,
        );
        const byName = sortedByRank(
          byId,
          textRanksOf(slots, (s) => at[s]!.name, space),
        );
        const expected = (before: (a: number, b: number) => number) =>
          [...new Set(slotOf)].sort(before);
        expect([...byId]).toEqual(expected((a, b) => at[a]!.id - at[b]!.id));
        expect([...featured]).toEqual(
          expected(
            (a, b) =>
              Number(at[b]!.inStock) - Number(at[a]!.inStock) ||
              at[b]!.createdAt - at[a]!.createdAt ||
              at[b]!.id - at[a]!.id,
          ),
        );
        expect([...byName]).toEqual(
          expected((a, b) => compareText(at[a]!.name, at[b]!.name) || at[a]!.id - at[b]!.id),
        );
      }),
    );
  });

  it('keeps ties in the order given, ascending and descending, also past what one number holds', () => {
    const order = Int32Array.from([4, 0, 3, 1, 2]);
    expect([...sortedByRank(order, [5, 0, 5, 0, 7])]).toEqual([3, 1, 0, 2, 4]);
    expect([...sortedByRank(order, [5, 0, 5, 0, 7], true)]).toEqual([4, 0, 2, 3, 1]);
    // A rank times the positions' power of two past 2^53: sorted by comparing instead.
    expect([...sortedByRank(order, [2 ** 52, 0, 2 ** 52, 0, 7])]).toEqual([3, 1, 4, 0, 2]);
    // Or a rank that is not a whole number.
    expect([...sortedByRank(order, [5, 0.5, 5, 0.25, 7])]).toEqual([3, 1, 0, 2, 4]);
  });
});
