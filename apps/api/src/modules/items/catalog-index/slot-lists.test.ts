import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotLists } from './slot-lists';

const listOf = (lists: SlotLists, slot: number) => {
  const codes: number[] = [];
  lists.forEach(slot, (code) => codes.push(code));
  return codes;
};

describe('SlotLists', () => {
  it('gives back each slot its last list, through growth, compaction and codes past 16 bits', () => {
    const code = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    );
    const write = fc.record({
      slot: fc.integer({ min: 0, max: 63 }),
      codes: fc.array(code, { maxLength: 40 }),
    });
    fc.assert(
      fc.property(fc.array(write, { maxLength: 300 }), (writes) => {
        const lists = new SlotLists();
        lists.grow(64);
        const expected = new Map<number, number[]>();
        for (const { slot, codes } of writes) {
          lists.set(slot, codes);
          expected.set(slot, codes);
        }
        for (let slot = 0; slot < 64; slot++)
          expect(listOf(lists, slot)).toEqual(expected.get(slot) ?? []);
      }),
    );
  });

  it('keeps codes in 16 bits until one does not fit', () => {
    const lists = new SlotLists();
    lists.grow(2);
    lists.set(0, [1, 0xffff]);
    expect(lists.arrays().pool).toBeInstanceOf(Uint16Array);
    lists.set(1, [0x10000]);
    expect(lists.arrays().pool).toBeInstanceOf(Int32Array);
    expect([listOf(lists, 0), listOf(lists, 1)]).toEqual([[1, 0xffff], [0x10000]]);
  });
});
