import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import { createItem, sellerWithStore, validItem } from '../../../../test/catalog';
import { createTestDatabase, testAppOptions } from '../../../../test/helper';
import { CatalogIndexRepository } from './catalog-index.repository';
import { LOAD_RETRY_MS } from './catalog-search';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Holds each load of the index until the returned `release` is called. */
function holdLoads() {
  const load = CatalogIndexRepository.prototype.loadListed;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(CatalogIndexRepository.prototype, 'loadListed').mockImplementation(function (
    this: CatalogIndexRepository,
    take,
  ) {
    return released.then(() => load.call(this, take));
  });
  return { release };
}

describe('starting while the catalog index loads (issue 41.5)', () => {
  // A million products take tens of seconds to load: the server listens meanwhile, and a balancer
  // sends it nothing until its health check says ready.
  it('is not ready until the index is loaded, and a search made meanwhile waits for the whole catalog', async () => {
    const database = await createTestDatabase();
    const seeding = await buildApp(testAppOptions(database));
    await seeding.ready();
    const item = await createItem(seeding, await sellerWithStore(seeding), validItem());
    await seeding.close();

    const loads = holdLoads();
    const app = await buildApp(testAppOptions(database));
    try {
      await app.ready();
      const loading = await app.inject({ url: '/api/health' });
      expect(loading.statusCode).toBe(503);
      expect(loading.json()).toEqual({ message: 'The catalog is still loading.' });
      expect(app.catalogSearch.ready).toBe(false);

      const search = app.inject({ url: '/api/item/public/search' });
      loads.release();
      const answer = await search;
      expect(answer.statusCode).toBe(200);
      expect(answer.json<{ id: number }[]>().map((card) => card.id)).toEqual([item.id]);

      await app.catalogSearch.whenReady();
      expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it('loads again after a failed load, staying unready until one succeeds', async () => {
    const database = await createTestDatabase();
    const load = CatalogIndexRepository.prototype.loadListed;
    let failures = 1;
    vi.spyOn(CatalogIndexRepository.prototype, 'loadListed').mockImplementation(function (
      this: CatalogIndexRepository,
      take,
    ) {
      if (failures-- > 0) return Promise.reject(new Error('the database is away'));
      return load.call(this, take);
    });
    const app = await buildApp(testAppOptions(database));
    try {
      const started = performance.now();
      await app.ready();
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
      await app.catalogSearch.whenReady();
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOAD_RETRY_MS - 50);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it('stops a load under way when the server closes', async () => {
    const database = await createTestDatabase();
    const loads = holdLoads();
    const app = await buildApp(testAppOptions(database));
    await app.ready();
    const stop = vi.spyOn(app.catalogSearch, 'stop');
    const closing = app.close();
    await vi.waitFor(() => expect(stop).toHaveBeenCalled());
    loads.release();
    await closing;
    expect(app.catalogSearch.ready).toBe(false);
    await database.dispose();
  });
});
