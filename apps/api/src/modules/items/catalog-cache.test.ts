import { describe, expect, it, vi } from 'vitest';
import { catalogQuerySchema, type CatalogFacets, type ItemSummary } from '@marketplace/shared';
import {
  createItem,
  multipart,
  sellerWithStore,
  updateItem,
  validItem,
} from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';
import type { MessageBus } from '../../providers/shared-state/message-bus';
import { CatalogCache, type CatalogItemFacts } from './catalog-cache';

/** A listed product's facts, as a write sends them to the cache: a coat in Vancouver. */
const coatFacts = (facts: Partial<CatalogItemFacts> & { id: number }): CatalogItemFacts => ({
  storeId: 's',
  storeName: 'Store',
  city: 'VANCOUVER',
  category: 'men',
  listed: true,
  colors: [],
  sizes: [],
  salePriceCents: 1000,
  name: 'coat',
  text: 'coat',
  cards: '',
  ...facts,
});

describe('CatalogCache', () => {
  // random 0: each answer is kept for its whole time, none of it drawn off.
  const cacheAt = (clock: { now: number }, maxEntries = 10) =>
    new CatalogCache({ ttlMs: 1000, maxEntries, now: () => clock.now, random: () => 0 });

  it('answers a repeated query from memory until its time is up', async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('q', load)).toBe(1);
    clock.now = 999;
    expect(await cache.get('q', load)).toBe(1);
    clock.now = 1000;
    expect(await cache.get('q', load)).toBe(2);
  });

  it('spreads the expiry of answers that arrived together over the last fifth of their time', async () => {
    const clock = { now: 0 };
    const draws = [0, 0.5, 0.999];
    const cache = new CatalogCache({
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock.now,
      random: () => draws.shift()!,
    });
    const loads = new Map<string, number>();
    const load = (key: string) => async () => {
      loads.set(key, (loads.get(key) ?? 0) + 1);
      return key;
    };
    for (const key of ['a', 'b', 'c']) await cache.get(key, load(key));
    const reloadedAt = (now: number) => {
      clock.now = now;
      return Promise.all(['a', 'b', 'c'].map((key) => cache.get(key, load(key)))).then(() =>
        ['a', 'b', 'c'].filter((key) => loads.get(key)! > 1),
      );
    };
    draws.push(0, 0, 0);
    expect(await reloadedAt(800)).toEqual([]);
    expect(await reloadedAt(801)).toEqual(['c']);
    expect(await reloadedAt(900)).toEqual(['b', 'c']);
    expect(await reloadedAt(1000)).toEqual(['a', 'b', 'c']);
  });

  it('tells the other processes what to forget, through the message bus', async () => {
    // Two processes' buses joined in memory: what one publishes, the other hears.
    const handlers: ((message: string) => void)[][] = [[], []];
    const busOf = (self: 0 | 1): MessageBus => ({
      publish: (message) => handlers[1 - self]!.forEach((handler) => handler(message)),
      subscribe: (handler) => void handlers[self]!.push(handler),
      onMissed: () => {},
      close: async () => {},
    });
    const [first, second] = ([0, 1] as const).map(
      (self) => new CatalogCache({ ttlMs: 60_000, maxEntries: 10, bus: busOf(self) }),
    );
    let loads = 0;
    const load = async () => ++loads;
    await second!.get('item:1', load);
    await second!.get('search:a', load);
    first!.clearPrefix('item:');
    expect(await second!.get('item:1', load)).toBe(3);
    expect(await second!.get('search:a', load)).toBe(2);
    first!.clear();
    expect(second!.size).toBe(0);
  });

  it('takes every answer as touched when the bus says changes may have gone unheard (Redis away)', async () => {
    let missed = () => {};
    const bus: MessageBus = {
      publish: () => {},
      subscribe: () => {},
      onMissed: (handler) => void (missed = handler),
      close: async () => {},
    };
    let caughtUp = 0;
    const cache = new CatalogCache({
      ttlMs: 60_000,
      maxEntries: 10,
      staleMs: 500,
      bus,
      beforeHeard: async () => void (caughtUp += 1),
    });
    let heard = 0;
    cache.onChange(() => void (heard += 1));
    const loads = { list: 0, item: 0 };
    const list = () =>
      cache.get('list', async () => ++loads.list, { affectedBy: (item) => item.id === 99 });
    const item = () =>
      cache.get('item:1', async () => ++loads.item, {
        affectedBy: (i) => i.id === 1,
        fresh: true,
        product: 1,
      });
    await Promise.all([list(), item()]);

    missed();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The index read the catalog first; the product page is read again at once, the list is
    // served as it was while it refreshes; kept pages drawn from them are told.
    expect(caughtUp).toBe(1);
    expect(heard).toBe(1);
    expect(await item()).toBe(2);
    expect(await list()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await list()).toBe(2);
  });

  it('tells its listeners of every change, made here or heard from another process (decision 026)', () => {
    const handlers: ((message: string) => void)[][] = [[], []];
    const busOf = (self: 0 | 1): MessageBus => ({
      publish: (message) => handlers[1 - self]!.forEach((handler) => handler(message)),
      subscribe: (handler) => void handlers[self]!.push(handler),
      onMissed: () => {},
      close: async () => {},
    });
    const [first, second] = ([0, 1] as const).map(
      (self) => new CatalogCache({ ttlMs: 60_000, maxEntries: 10, bus: busOf(self) }),
    );
    const heard: [number, number] = [0, 0];
    first!.onChange(() => void (heard[0] += 1));
    second!.onChange(() => void (heard[1] += 1));
    first!.changed({ items: [], stockOf: [7] });
    expect(heard).toEqual([1, 1]);
    second!.clearPrefix('item:');
    expect(heard).toEqual([2, 2]);
    first!.clear();
    expect(heard).toEqual([3, 3]);
  });

  it('refreshes only the answers a product write touched, serving them at most staleMs old', async () => {
    const clock = { now: 0 };
    const cache = new CatalogCache({
      ttlMs: 60_000,
      maxEntries: 10,
      staleMs: 500,
      now: () => clock.now,
    });
    const facts = (id: number, city: string) => coatFacts({ id, city });
    const loads = { vancouver: 0, toronto: 0, item: 0 };
    const inCity = (city: string) => ({
      affectedBy: (item: { city: string }) => item.city === city,
    });
    const vancouver = () => cache.get('v', async () => ++loads.vancouver, inCity('VANCOUVER'));
    const toronto = () => cache.get('t', async () => ++loads.toronto, inCity('TORONTO'));
    const item = () =>
      cache.get('item:1', async () => ++loads.item, { affectedBy: (i) => i.id === 1, fresh: true });
    await Promise.all([vancouver(), toronto(), item()]);

    cache.changed({ items: [facts(1, 'VANCOUVER')] });
    // The product page is read again at once; the touched list is served as it was while one
    // refresh runs; the untouched list stays.
    expect(await item()).toBe(2);
    expect(await vancouver()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await vancouver()).toBe(2);
    expect(await toronto()).toBe(1);
    expect(loads).toEqual({ vancouver: 2, toronto: 1, item: 2 });

    // Past staleMs, a touched answer is not served: the read waits for the refresh.
    let release = () => {};
    const slow = () =>
      cache.get(
        'v',
        () => new Promise<number>((resolve) => (release = () => resolve(++loads.vancouver))),
        inCity('VANCOUVER'),
      );
    cache.changed({ items: [facts(2, 'VANCOUVER')] });
    clock.now = 501;
    const waiting = slow();
    let answered: number | undefined;
    void waiting.then((value) => (answered = value));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBeUndefined();
    release();
    expect(await waiting).toBe(3);
  });

  it('leaves an answer as it is through an edit that changes nothing it takes from the product', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000, maxEntries: 10, staleMs: 500 });
    const coat = coatFacts({ id: 1, colors: ['red'], sizes: ['m'], salePriceCents: 4000 });
    let loads = 0;
    // Counts by price band, as facets do: a product's name is not part of them.
    const counts = () =>
      cache.get('facets', async () => ++loads, {
        affectedBy: (item) => item.city === 'VANCOUVER',
        footprint: (item) => (item.salePriceCents < 5000 ? 'under 50' : '50 and up'),
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const readTwice = async () => {
      await counts();
      await settle();
      return counts();
    };
    expect(await counts()).toBe(1);

    cache.changed({ items: [coat, { ...coat, name: 'long coat', salePriceCents: 4500 }] });
    expect(await readTwice()).toBe(1);

    // Into another band: refreshed.
    cache.changed({ items: [coat, { ...coat, salePriceCents: 6000 }] });
    expect(await readTwice()).toBe(2);

    // Not an edit (a new product; products of a checkout that sold out): refreshed.
    cache.changed({ items: [{ ...coat, id: 2 }] });
    expect(await readTwice()).toBe(3);
    cache.changed({ items: [coat, { ...coat, id: 2 }] });
    expect(await readTwice()).toBe(4);
  });

  it('patches an answer that can take an edit, if it arrived well before the write began', async () => {
    const clock = { now: 10_000 };
    const cache = new CatalogCache({
      ttlMs: 60_000,
      maxEntries: 10,
      staleMs: 500,
      now: () => clock.now,
    });
    const coat = coatFacts({ id: 1, salePriceCents: 6000 });
    let loads = 0;
    // Products under $50, as a count the edit can move.
    const under50 = () =>
      cache.get('under 50', async () => (++loads, 3), {
        affectedBy: () => true,
        patch: (count: number, was, is) =>
          count - Number(was.salePriceCents < 5000) + Number(is.salePriceCents < 5000),
      });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    expect(await under50()).toBe(3);

    clock.now += 1000;
    cache.changed({ items: [coat, { ...coat, salePriceCents: 4500 }], since: clock.now });
    expect(await under50()).toBe(4);
    await settle();
    expect(await under50()).toBe(4);
    expect(loads).toBe(1);

    // Not an edit (a new product): it cannot be told from the count.
    cache.changed({ items: [{ ...coat, id: 2 }], since: clock.now });
    expect(await under50()).toBe(4);
    await settle();
    expect(loads).toBe(2);
    // The refreshed answer arrived less than a second before this write began: the database
    // may have answered it with the edit already in, so it is read again, not moved twice.
    cache.changed({ items: [coat, { ...coat, salePriceCents: 4500 }], since: clock.now + 999 });
    await under50();
    await settle();
    expect(loads).toBe(3);
    // A write that does not say when it began (a process of an older version) is read again too.
    clock.now += 1000;
    cache.changed({ items: [coat, { ...coat, salePriceCents: 4500 }] });
    await under50();
    await settle();
    expect(loads).toBe(4);
  });

  it('lets the writes of refreshDelayMs share one refresh, still within staleMs (issue 20)', async () => {
    const clock = { now: 0 };
    const cache = new CatalogCache({
      ttlMs: 60_000,
      maxEntries: 10,
      staleMs: 1000,
      refreshDelayMs: 500,
      now: () => clock.now,
    });
    const product = (id: number) => coatFacts({ id });
    let loads = 0;
    const list = () => cache.get('list', async () => ++loads, { affectedBy: () => true });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    expect(await list()).toBe(1);

    // Three writes and reads within the delay: served as it was, nothing reloaded yet.
    for (const [id, now] of [
      [1, 100],
      [2, 250],
      [3, 400],
    ] as const) {
      cache.changed({ items: [product(id)] });
      clock.now = now;
      expect(await list()).toBe(1);
      await settle();
    }
    expect(loads).toBe(1);

    // Past the delay (counted from the first write), one refresh covers all three.
    clock.now = 600;
    expect(await list()).toBe(1);
    await settle();
    expect(await list()).toBe(2);
    expect(loads).toBe(2);
  });

  it('under writes that keep coming, an answer is as old as the first write its refresh missed', async () => {
    const clock = { now: 0 };
    const cache = new CatalogCache({
      ttlMs: 60_000,
      maxEntries: 10,
      staleMs: 500,
      now: () => clock.now,
    });
    const anyProduct = { affectedBy: () => true };
    const write = {
      items: [coatFacts({ id: 1 })],
    };
    let loads = 0;
    let release = () => {};
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const list = () => cache.get('list', load, anyProduct);
    const first = list();
    release();
    expect(await first).toBe(1);

    cache.changed(write); // t=0: stale; the next read starts a refresh and is served the old answer
    expect(await list()).toBe(1);
    clock.now = 400;
    cache.changed(write); // a write while that refresh runs
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // At 700 the refreshed answer misses only the write of 400: 300 ms old, still served.
    clock.now = 700;
    let answered: number | undefined;
    void list().then((value) => (answered = value));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBe(2);
    // Past 400 + 500 it is too old: the read waits for the refresh.
    clock.now = 901;
    answered = undefined;
    const waiting = list();
    void waiting.then((value) => (answered = value));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBeUndefined();
    release();
    expect(await waiting).toBe(3);
  });

  it('drops only the product pages of a stock move; a product that sold out touches its lists too', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000, maxEntries: 10, staleMs: 500 });
    const loads = new Map<string, number>();
    const read = (key: string, dependency: Parameters<CatalogCache['get']>[2]) =>
      cache.get(key, async () => loads.set(key, (loads.get(key) ?? 0) + 1).get(key), dependency);
    const page = (id: number) =>
      read(`item:${id}`, { affectedBy: (i) => i.id === id, fresh: true, product: id });
    const list = () => read('list', { affectedBy: (i) => i.city === 'VANCOUVER' });
    const related = () => read('related', undefined);
    await Promise.all([page(1), page(2), list(), related()]);

    // A checkout took stock of product 1: its page only (issue 20: not every page, no list).
    cache.changed({ items: [], stockOf: [1] });
    await Promise.all([page(1), page(2), list(), related()]);
    expect(Object.fromEntries(loads)).toEqual({ 'item:1': 2, 'item:2': 1, list: 1, related: 1 });

    // Product 2 sold out: its page, and the lists it is in (refreshed behind the old answer).
    const soldOut = coatFacts({ id: 2 });
    cache.changed({ items: [soldOut], stockOf: [2] });
    await Promise.all([page(1), page(2), list(), related()]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(Object.fromEntries(loads)).toEqual({ 'item:1': 2, 'item:2': 2, list: 2, related: 2 });
  });

  it('makes one database call for concurrent misses of one query', async () => {
    const cache = cacheAt({ now: 0 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return loads;
    };
    expect(await Promise.all([cache.get('q', load), cache.get('q', load)])).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('keeps no failure, forgets everything on clear, and drops the least recently used first', async () => {
    const cache = cacheAt({ now: 0 }, 2);
    await expect(cache.get('broken', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.get('broken', async () => 'ok')).toBe('ok');

    await cache.get('a', async () => 'a1');
    await cache.get('broken', async () => 'not loaded again');
    await cache.get('b', async () => 'b1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b1');

    cache.clear();
    expect(await cache.get('b', async () => 'b3')).toBe('b3');
  });

  it('keeps its answers under a byte budget, dropping the least recently used first', async () => {
    const cache = new CatalogCache({ ttlMs: 60_000, maxEntries: 10_000, maxBytes: 10_000 });
    const answer = (n: number) => ({ n, text: 'x'.repeat(1000) });
    await cache.get('first', async () => answer(0));
    for (let n = 1; n <= 100; n++) {
      await cache.get(`q${n}`, async () => answer(n));
      // The first answer is in use all along: it stays.
      await cache.get('first', async () => answer(-1));
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size).toBeLessThan(10);
    expect((await cache.get('first', async () => answer(-1))).n).toBe(0);
    expect((await cache.get('q100', async () => answer(-1))).n).toBe(100);
    expect((await cache.get('q1', async () => answer(-1))).n).toBe(-1);

    // An answer bigger than the whole budget is answered, never kept.
    const huge = await cache.get('huge', async () => ({ text: 'x'.repeat(20_000) }));
    expect(huge.text).toHaveLength(20_000);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('is off with a time of zero', async () => {
    const cache = new CatalogCache({ ttlMs: 0, maxEntries: 10 });
    let loads = 0;
    await cache.get('q', async () => ++loads);
    await cache.get('q', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('cached catalog reads', () => {
  // A long time to live: only the writes themselves can make these tests see a change.
  // A small byte budget (a few search answers), so that a test can fill it.
  const ctx = setupTestApp({ catalogCacheSeconds: 3600, catalogCacheMaxBytes: 8 * 1024 });

  const searchFor = async (keyword: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/item/public/search?keyword=${keyword}&pageSize=10`,
    });
    return json<ItemSummary[]>(response);
  };

  it('shows a new, changed or deleted product at once', async () => {
    const seller = await sellerWithStore(ctx.app);
    expect(await searchFor('quokka')).toEqual([]);

    const created = await createItem(ctx.app, seller, validItem({ name: 'Quokka Tee', price: 40 }));
    expect((await searchFor('quokka')).map((i) => i.price)).toEqual([40]);

    const body = await multipart({
      itemDto: { ...validItem({ name: 'Quokka Tee', price: 55 }), id: created.id },
    });
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/item',
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
    expect(updated.statusCode).toBe(200);
    expect((await searchFor('quokka')).map((i) => i.price)).toEqual([55]);

    const storePage = `/api/store/public/items/${encodeURIComponent(seller.storeName)}`;
    expect(json<ItemSummary[]>(await ctx.app.inject({ url: storePage }))).toHaveLength(1);

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${created.id}`,
      headers: seller.headers,
    });
    expect(await searchFor('quokka')).toEqual([]);
    expect(json<ItemSummary[]>(await ctx.app.inject({ url: storePage }))).toEqual([]);
  });

  it('shows the stock a checkout took, and gave back, on the product page at once', async () => {
    const steps = orderSteps(ctx);
    const item = await steps.product();
    expect(await steps.stockOf(item)).toBe(5);
    const buyer = await loginAs(ctx.app);
    await steps.addToBag(buyer, item, 2);
    expect((await steps.checkout(buyer)).statusCode).toBe(201);
    expect(await steps.stockOf(item)).toBe(3);
    // What a lapsed or abandoned checkout does.
    const { items } = ctx.app.services;
    const lines = [{ itemOptionId: item.itemOptions[0]!.id, quantity: 2 }];
    await items.stockMoved(
      await ctx.database.db.transaction((tx) => items.releaseStock(tx, lines)),
    );
    expect(await steps.stockOf(item)).toBe(5);
  });

  it('counts facets again after an edit that moves a count, and only then (issue 20)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const tee = { name: 'Tapir Tee', price: 40, category: 'men' as const, tags: [] };
    const created = await createItem(ctx.app, seller, validItem(tee));
    const counted = vi.spyOn(ctx.app.catalogSearch, 'facets');
    const facets = async () => {
      const answer = json<CatalogFacets>(
        await ctx.app.inject({ url: '/api/item/public/facets?keyword=tapir' }),
      );
      return {
        category: answer.category,
        price: answer.price.filter((band) => band.count > 0),
      };
    };
    expect(await facets()).toEqual({
      category: [{ value: 'men', count: 1 }],
      price: [{ value: '0-50', count: 1 }],
    });

    await updateItem(ctx.app, seller, created.id, { ...tee, price: 45 });
    expect(await facets()).toEqual({
      category: [{ value: 'men', count: 1 }],
      price: [{ value: '0-50', count: 1 }],
    });
    expect(counted).toHaveBeenCalledTimes(1);

    await updateItem(ctx.app, seller, created.id, { ...tee, price: 60 });
    expect((await facets()).price).toEqual([{ value: '50-100', count: 1 }]);
    await updateItem(ctx.app, seller, created.id, { ...tee, price: 60, sale: 25 });
    expect((await facets()).price).toEqual([{ value: '0-50', count: 1 }]);
    await updateItem(ctx.app, seller, created.id, { ...tee, category: 'women' });
    expect((await facets()).category).toEqual([{ value: 'women', count: 1 }]);
    expect(counted).toHaveBeenCalledTimes(4);
  });

  it('moves facet counts through an edit, as a fresh count would have them (issue 20)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const option = (color: string, size: string) => ({
      color,
      size,
      price: 0,
      sale: 0,
      count: 5,
      isAvailable: true,
    });
    const made = [
      { name: 'Ibex Coat', price: 60, itemOptions: [option('RED', 'M')] },
      { name: 'Ibex Vest', price: 40, itemOptions: [option('RED', 'L')] },
      { name: 'Ibex Tee', price: 30, itemOptions: [option('RED', 'M')] },
      { name: 'Ibex Cap', price: 20, itemOptions: [option('BLUE', 'M')] },
      { name: 'Ibex Belt', price: 25, itemOptions: [option('RED', 'M')] },
      { name: 'Ibex Scarf', price: 120, category: 'women' as const },
      { name: 'Ibex Shawl', price: 130, category: 'women' as const },
    ];
    const ids = [];
    for (const item of made) ids.push((await createItem(ctx.app, seller, validItem(item))).id);
    const store = encodeURIComponent(seller.storeName);
    const queries = [`store=${store}`, `store=${store}&color=red`, `store=${store}&price=0-50`];
    const counted = vi.spyOn(ctx.app.catalogSearch, 'facets');
    const cached = (query: string) =>
      ctx.app.inject({ url: `/api/item/public/facets?${query}` }).then(json<CatalogFacets>);
    const fresh = async (query: string) => {
      const filters = catalogQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const { sort: _sort, page: _page, pageSize: _pageSize, ...rest } = filters;
      return ctx.app.catalogSearch.facets(rest);
    };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (const query of queries) await cached(query);
      const edits = [
        { ...made[0]!, sale: 25 }, // $45: into the band under $50
        { ...made[1]!, category: 'kids' as const },
        { ...made[2]!, itemOptions: [option('BLUE', 'M')] },
        { ...made[3]!, isAvailable: false },
      ];
      for (const [index, edit] of edits.entries()) {
        // The answers arrived well before the edit began, so they can take it.
        vi.setSystemTime(Date.now() + 2000);
        await updateItem(ctx.app, seller, ids[index]!, edit);
        counted.mockClear();
        const answers = await Promise.all(queries.map(cached));
        // The store's facets have no two values of one count: each edit moved them, no count ran.
        // (Under the red filter the tee's move ties men with women: those may be counted again.)
        expect(counted.mock.calls.map(([filters]) => filters.color)).not.toContainEqual([]);
        for (const [at, query] of queries.entries())
          expect(answers[at]).toEqual(await fresh(query));
      }
      expect((await cached(queries[0]!)).price.filter((band) => band.count > 0)).toEqual([
        { value: '0-50', count: 4 },
        { value: '100-200', count: 2 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('suggests again after an edit of a name, not after one of a price (issue 20)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(ctx.app, seller, validItem({ name: 'Okapi Vest' }));
    const read = vi.spyOn(ctx.app.catalogSearch, 'namesStartingWith');
    const suggested = async () =>
      json<{ label: string }[]>(
        await ctx.app.inject({ url: '/api/item/public/suggest?q=okapi' }),
      ).map((s) => s.label);
    expect(await suggested()).toEqual(['Okapi Vest']);
    await updateItem(ctx.app, seller, created.id, { name: 'Okapi Vest', price: 99 });
    expect(await suggested()).toEqual(['Okapi Vest']);
    expect(read).toHaveBeenCalledTimes(1);
    await updateItem(ctx.app, seller, created.id, { name: 'Okapi Gilet' });
    expect(await suggested()).toEqual(['Okapi Gilet']);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps a list and a store page through an edit no card shows, not through one a card shows (issue 20)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const tee = { name: 'Quoll Tee', price: 40, description: 'Soft.' };
    const created = await createItem(ctx.app, seller, validItem(tee));
    const repository = ctx.app.services.items['deps'].repository;
    const searched = vi.spyOn(ctx.app.catalogSearch, 'search');
    const storeRead = vi.spyOn(repository, 'storeCards');
    const cards = async () => {
      const read = async (url: string) => json<ItemSummary[]>(await ctx.app.inject({ url }));
      const name = encodeURIComponent(seller.storeName);
      const list = await read(`/api/item/public/search?store=${name}`);
      expect(await read(`/api/store/public/items/${name}`)).toEqual(list);
      return list.map((card) => [card.name, card.salePrice, card.soldOut]);
    };
    expect(await cards()).toEqual([['Quoll Tee', 40, false]]);

    await updateItem(ctx.app, seller, created.id, { ...tee, description: 'Softer.' });
    expect(await cards()).toEqual([['Quoll Tee', 40, false]]);
    expect([searched.mock.calls.length, storeRead.mock.calls.length]).toEqual([1, 1]);

    await updateItem(ctx.app, seller, created.id, { ...tee, name: 'QUOLL Tee' });
    expect(await cards()).toEqual([['QUOLL Tee', 40, false]]);
    await updateItem(ctx.app, seller, created.id, { ...tee, sale: 25 });
    expect(await cards()).toEqual([['Quoll Tee', 30, false]]);
    await updateItem(ctx.app, seller, created.id, {
      ...tee,
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 0, isAvailable: true }],
    });
    expect(await cards()).toEqual([['Quoll Tee', 40, true]]);
    expect([searched.mock.calls.length, storeRead.mock.calls.length]).toEqual([4, 4]);
  });

  it('keeps a page through an edit of a product that is not on it and does not cross it (issue 20)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const prices = [20, 40, 60];
    const ids = [];
    for (const price of prices)
      ids.push((await createItem(ctx.app, seller, validItem({ name: 'Kudu Tee', price }))).id);
    const store = encodeURIComponent(seller.storeName);
    const repository = ctx.app.services.items['deps'].repository;
    const searched = vi.spyOn(ctx.app.catalogSearch, 'search');
    const storeRead = vi.spyOn(repository, 'storeCards');
    // One product a page, cheapest first: page 1 is $20, page 2 is $40.
    const pages = async () => {
      const read = async (url: string) =>
        json<ItemSummary[]>(await ctx.app.inject({ url })).map((card) => card.salePrice);
      const list = (page: number) =>
        read(`/api/item/public/search?store=${store}&sort=price-asc&pageSize=1&page=${page}`);
      const storePage = (page: number) =>
        read(`/api/store/public/items/${store}?sort=price-asc&pageSize=1&page=${page}`);
      const answers = [await list(1), await list(2), await storePage(1), await storePage(2)];
      expect(answers.slice(2)).toEqual(answers.slice(0, 2));
      return answers.slice(0, 2).flat();
    };
    // Only this store's reads: other tests' answers refresh behind in the same app.
    const ours = seller.storeName.toLowerCase();
    const reads = () => [
      searched.mock.calls.filter(([filters]) => filters.store.includes(seller.storeName)).length,
      storeRead.mock.calls.filter(([name]) => name === ours).length,
    ];
    expect(await pages()).toEqual([20, 40]);
    expect(reads()).toEqual([2, 2]);

    // $60 → $50: still after both pages.
    await updateItem(ctx.app, seller, ids[2]!, { name: 'Kudu Tee', price: 50 });
    expect(await pages()).toEqual([20, 40]);
    expect(reads()).toEqual([2, 2]);
    // $50 → $30: onto page 2 (page 1 stays).
    await updateItem(ctx.app, seller, ids[2]!, { name: 'Kudu Tee', price: 30 });
    expect(await pages()).toEqual([20, 30]);
    expect(reads()).toEqual([3, 3]);
    // $20 → $16: page 1 is that product; it stays before page 2, which stays.
    await updateItem(ctx.app, seller, ids[0]!, { name: 'Kudu Tee', price: 16 });
    expect(await pages()).toEqual([16, 30]);
    expect(reads()).toEqual([4, 4]);
    // $16 → $35: from before page 2 to after it, so $30 moves up to page 1.
    await updateItem(ctx.app, seller, ids[0]!, { name: 'Kudu Tee', price: 35 });
    expect(await pages()).toEqual([30, 35]);
    expect(reads()).toEqual([6, 6]);
  });

  it('keeps a featured page through a sale on an older product, not one that puts it first', async () => {
    const seller = await sellerWithStore(ctx.app);
    const ids = [];
    for (const name of ['Eland Cap', 'Eland Vest', 'Eland Coat'])
      ids.push((await createItem(ctx.app, seller, validItem({ name, price: 40 }))).id);
    const repository = ctx.app.services.items['deps'].repository;
    // The page's keys and the edit's facts read the same instant, to the microsecond.
    const [coat, cardsPage] = await Promise.all([
      repository.findWithOptions(ids[2]!),
      repository.storeCards(seller.storeName.toLowerCase(), 'featured', 1, 0, 'en'),
    ]);
    expect(cardsPage.bounds?.first).toEqual([true, false, coat!.createdAtMicros, ids[2], 4000]);

    // Counted from here (the spy may be an earlier test's, which saw the read above).
    const storeRead = vi.spyOn(repository, 'storeCards');
    const ours = () =>
      storeRead.mock.calls.filter(([name]) => name === seller.storeName.toLowerCase()).length;
    const before = ours();
    const reads = () => ours() - before;
    const store = encodeURIComponent(seller.storeName);
    const page = async (n: number) =>
      json<ItemSummary[]>(
        await ctx.app.inject({ url: `/api/store/public/items/${store}?pageSize=1&page=${n}` }),
      ).map((card) => card.name);
    expect([await page(1), await page(2)]).toEqual([['Eland Coat'], ['Eland Vest']]);
    // On sale, the oldest product goes first: it crosses page 2 into page 1 (both read again).
    await updateItem(ctx.app, seller, ids[0]!, { name: 'Eland Cap', price: 40, sale: 10 });
    expect([await page(1), await page(2)]).toEqual([['Eland Cap'], ['Eland Coat']]);
    expect(reads()).toBe(4);
    // A new price for the vest, last now: neither page is read again.
    await updateItem(ctx.app, seller, ids[1]!, { name: 'Eland Vest', price: 45 });
    expect([await page(1), await page(2)]).toEqual([['Eland Cap'], ['Eland Coat']]);
    expect(reads()).toBe(4);
  });

  it('shows a renamed store at once', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Wombat Works' });
    await createItem(ctx.app, seller, validItem({ name: 'Burrow Coat' }));
    expect((await searchFor('wombat')).map((i) => i.store)).toEqual(['Wombat Works']);

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/store',
      headers: seller.headers,
      payload: { name: 'Numbat Works', city: 'VANCOUVER', description: '' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await searchFor('wombat')).toEqual([]);
    expect((await searchFor('numbat')).map((i) => i.store)).toEqual(['Numbat Works']);
  });

  it('stays under its byte budget however many distinct prices are asked for', async () => {
    const seller = await sellerWithStore(ctx.app);
    for (const name of ['Bounded Parka', 'Bounded Vest', 'Bounded Scarf']) {
      await createItem(ctx.app, seller, validItem({ name, price: 50 }));
    }
    const budget = ctx.app.catalogCache.maxBytes;
    for (let i = 0; i < 150; i++) {
      const response = await ctx.app.inject({
        url: `/api/item/public/search?keyword=bounded&minPrice=${(i / 1000).toFixed(3)}`,
      });
      expect(json<ItemSummary[]>(response)).toHaveLength(3);
      expect(ctx.app.catalogCache.bytes).toBeLessThanOrEqual(budget);
    }
    expect(ctx.app.catalogCache.size).toBeLessThan(150);
  });

  it('keeps the owner’s own view of the store out of the public answer', async () => {
    const seller = await sellerWithStore(ctx.app);
    await createItem(ctx.app, seller, validItem({ name: 'Hidden Draft', isAvailable: false }));
    const url = `/api/store/public/items/${encodeURIComponent(seller.storeName)}`;
    expect(json<ItemSummary[]>(await ctx.app.inject({ url }))).toEqual([]);
    expect(
      json<ItemSummary[]>(await ctx.app.inject({ url, headers: seller.headers })),
    ).toHaveLength(1);
    expect(json<ItemSummary[]>(await ctx.app.inject({ url }))).toEqual([]);
  });
});
