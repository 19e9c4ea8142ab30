import { describe, expect, it, vi } from 'vitest';
import { batchedReads } from './batched-reads';

describe('batchedReads', () => {
  it('runs the calls of one round of the event loop together, per key, each getting its own answer', async () => {
    const run = vi.fn(async (key: string, args: number[]) => args.map((n) => `${key}:${n * 2}`));
    const read = batchedReads(run);
    const first = await Promise.all([read('en', 1), read('fr', 2), read('en', 3)]);
    expect(first).toEqual(['en:2', 'fr:4', 'en:6']);
    expect(run.mock.calls).toEqual([
      ['en', [1, 3]],
      ['fr', [2]],
    ]);
    // A later round is a round trip of its own.
    expect(await read('en', 4)).toBe('en:8');
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('gives every call of a failed round the error', async () => {
    const read = batchedReads<number, string>(async () => {
      throw new Error('connection lost');
    });
    const results = await Promise.allSettled([read('en', 1), read('en', 2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
