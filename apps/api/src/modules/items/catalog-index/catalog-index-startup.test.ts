import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import { createTestDatabase, testAppOptions } from '../../../../test/helper';
import { CatalogIndexRepository } from './catalog-index.repository';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('starting with a catalog index that is slow to load', () => {
  // Loading 100,000 products took 4 s on a quick machine and past Fastify's 10 s plugin limit
  // on a loaded one: the server then exited at start-up instead of serving.
  it('waits for the load however long it takes instead of failing to start', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testAppOptions(database));
    try {
      const load = CatalogIndexRepository.prototype.loadListed;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(CatalogIndexRepository.prototype, 'loadListed').mockImplementation(function (
        this: CatalogIndexRepository,
        take,
      ) {
        return new Promise((resolve) => setTimeout(resolve, 60_000)).then(() =>
          load.call(this, take),
        );
      });
      let started = false;
      const ready = app.ready().then(() => (started = true));
      await vi.advanceTimersByTimeAsync(59_000);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      vi.useRealTimers();
      await ready;
      expect(started).toBe(true);
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await app.close();
      await database.dispose();
    }
  });
});
