import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachSlot, popcount, SlotSet } from './slot-set';

const slotsOf = (bits: Uint32Array) => {
  const slots: number[] = [];
  forEachSlot(bits, (slot) => slots.push(slot));
  return slots;
};

const bitsOf = (slots: Iterable<number>, words: number) => {
  const bits = new Uint32Array(words);
  for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
  return bits;
};

describe('SlotSet', () => {
  it('answers as a set would through adds and deletes, as a list and as bits (the space growing)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 2047 })), { maxLength: 400 }),
        fc.array(fc.integer({ min: 0, max: 2047 }), { maxLength: 300 }),
        (moves, other) => {
          const space = { slots: 1024 };
          const set = new SlotSet(space);
          const model = new Set<number>();
          for (const [add, slot] of moves) {
            // The index grows its space before it hands out a slot past it.
            if (slot >= space.slots) space.slots = 2048;
            if (add) {
              set.add(slot);
              model.add(slot);
            } else {
              set.delete(slot);
              model.delete(slot);
            }
            expect(set.size).toBe(model.size);
          }
          for (let slot = 0; slot < 2048; slot += 7) expect(set.has(slot)).toBe(model.has(slot));
          if (other.some((slot) => slot >= space.slots)) space.slots = 2048;
          const words = space.slots >>> 5;
          const union = bitsOf(other, words);
          set.orInto(union);
          expect(slotsOf(union)).toEqual([...new Set([...other, ...model])].sort((a, b) => a - b));
          const intersection = bitsOf(other, words);
          set.andInto(intersection);
          expect(slotsOf(intersection)).toEqual(
            [...new Set(other)].filter((slot) => model.has(slot)).sort((a, b) => a - b),
          );
          expect(popcount(intersection)).toBe(slotsOf(intersection).length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a common value as bits and a rare one as a list', () => {
    const space = { slots: 1024 };
    const common = new SlotSet(space);
    for (let slot = 0; slot < 500; slot++) common.add(slot);
    const rare = new SlotSet(space);
    rare.add(3);
    rare.add(900);
    expect(common['bits']).not.toBeNull();
    expect(rare['bits']).toBeNull();
    // Back to a list once it thins out below one slot in 64.
    for (let slot = 10; slot < 500; slot++) common.delete(slot);
    expect(common['bits']).toBeNull();
    expect(common.size).toBe(10);
  });
});
