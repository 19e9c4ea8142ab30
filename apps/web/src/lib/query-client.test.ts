import { describe, expect, it } from 'vitest';
import { createQueryClient, replaceQueryData } from './query-client';

describe('replaceQueryData', () => {
  it("keeps a write's answer when a read sent before the write lands after it", async () => {
    const queryClient = createQueryClient();
    const key = ['cart'];
    let answerRead: (count: number) => void = () => {};
    const read = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<number>((resolve) => (answerRead = resolve)),
    });

    await replaceQueryData(queryClient, key, 2);
    answerRead(0);
    await read.catch(() => {});

    expect(queryClient.getQueryData(key)).toBe(2);
  });
});
