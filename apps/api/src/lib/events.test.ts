import { describe, expect, it } from 'vitest';
import { InProcessEvents } from './events';

type Events = { 'thing.happened': { id: number } };

describe('InProcessEvents', () => {
  it('runs every handler, one after another in the order they subscribed, before announce resolves', async () => {
    const events = new InProcessEvents<Events>();
    const seen: string[] = [];
    events.on('thing.happened', async ({ id }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`first ${id}`);
    });
    events.on('thing.happened', ({ id }) => {
      seen.push(`second ${id}`);
    });
    await events.announce('thing.happened', { id: 7 });
    expect(seen).toEqual(['first 7', 'second 7']);
  });

  it("fails the announcing call with a handler's error, and runs no later handler", async () => {
    const events = new InProcessEvents<Events>();
    let later = false;
    events.on('thing.happened', () => {
      throw new Error('listing fee not recorded');
    });
    events.on('thing.happened', () => {
      later = true;
    });
    await expect(events.announce('thing.happened', { id: 1 })).rejects.toThrow(
      'listing fee not recorded',
    );
    expect(later).toBe(false);
  });

  it('announces to nobody when nothing listens', async () => {
    await expect(
      new InProcessEvents<Events>().announce('thing.happened', { id: 1 }),
    ).resolves.toBeUndefined();
  });
});
