import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_SORTS,
  CATEGORIES,
  PRICE_BANDS,
  asCents,
  salePriceCents,
  type CatalogFacets,
  type CatalogSort,
  type City,
  type ItemOptionInput,
  type ItemSummary,
} from '@marketplace/shared';
import { sellerWithStore } from '../../../../test/catalog';
import { setupTestApp } from '../../../../test/helper';
import type { CatalogFilters, ItemValues, StoreCopy } from '../items.repository';

// Decision 034: the index answers what the database would. Each property builds random queries
// over a random catalog and compares the index's page, total, bounds and facets, and its
// suggestions by name and by a name's words, with plain SQL over the same rows (filters written
// out, exact counts, no index of ours), on PGlite and on PostgreSQL; the catalog is then edited,
// hidden, withheld and renamed through the repository, and compared again.
const ctx = setupTestApp();

const WORDS = [
  'Denim',
  'linen',
  'coat',
  'jacket',
  't-shirt',
  "jean's",
  'co-op',
  'Élan',
  'wool',
  'organic',
  '12.5cm',
  'de',
  // Lowered by the database to 'οδοσ', by JavaScript to 'οδος' (a final sigma).
  'ΟΔΟΣ',
];
const FRENCH_WORDS = [
  'chandail',
  'chandails',
  'laine',
  'veste',
  'en',
  'denim',
  'brut',
  'élégante',
  'de',
];
const KEYWORDS = [...WORDS, ...FRENCH_WORDS, 'DENIM', 'jeans', 'la', '!!', 'zzz'];
const COLORS = ['RED', 'BLUE', 'BLACK', 'WHITE'] as const;
const SIZES = ['S', 'M', 'L', 'XL'];
const STORES = [
  { name: 'Maple Denim', city: 'VANCOUVER' },
  { name: 'Cedar Goods', city: 'VANCOUVER' },
  { name: 'Zoë Atelier', city: 'MONTREAL' },
] as const;

const product = fc.record({
  store: fc.integer({ min: 0, max: STORES.length - 1 }),
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
  tags: fc.uniqueArray(fc.constantFrom('denim', 'linen', 'organic', 'vintage'), { maxLength: 2 }),
  french: fc.option(fc.array(fc.constantFrom(...FRENCH_WORDS), { minLength: 1, maxLength: 3 })),
  description: fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }),
  category: fc.constantFrom(...CATEGORIES),
  cents: fc.integer({ min: 500, max: 40_000 }),
  sale: fc.constantFrom(0, 0, 10, 25, 50),
  options: fc.uniqueArray(
    fc.record({
      color: fc.constantFrom(...COLORS),
      size: fc.constantFrom(...SIZES),
      count: fc.integer({ min: 0, max: 2 }),
    }),
    { minLength: 1, maxLength: 3, selector: (o) => `${o.color} ${o.size}` },
  ),
  listed: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
});
type Product = typeof product extends fc.Arbitrary<infer T> ? T : never;

const query = fc.record({
  keyword: fc.option(
    fc.array(fc.constantFrom(...KEYWORDS), { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')),
    { freq: 2 },
  ),
  category: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { maxLength: 2 }),
  store: fc.uniqueArray(fc.constantFrom('maple denim', 'CEDAR GOODS', 'Zoë Atelier', 'nobody'), {
    maxLength: 2,
  }),
  color: fc.uniqueArray(fc.constantFrom('red', 'blue', 'black', 'green'), { maxLength: 2 }),
  size: fc.uniqueArray(fc.constantFrom('S', 'M', 'XL', 'XXS'), { maxLength: 2 }),
  price: fc.uniqueArray(fc.constantFrom(...PRICE_BANDS.map((b) => b.id)), { maxLength: 2 }),
  minPrice: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined, freq: 4 }),
  maxPrice: fc.option(fc.integer({ min: 50, max: 400 }), { nil: undefined, freq: 4 }),
  city: fc.option(fc.constantFrom<City>('VANCOUVER', 'MONTREAL', 'TORONTO'), { nil: undefined }),
  sort: fc.constantFrom(...CATALOG_SORTS),
  pageSize: fc.constantFrom(1, 3, 12, 100),
  page: fc.integer({ min: 1, max: 4 }),
});

const stores: StoreCopy[] = [];
const ids: number[] = [];
const repository = () => ctx.app.services.items['deps'].repository;

function values(p: Product): ItemValues {
  const priceCents = asCents(p.cents);
  return {
    name: p.name.join(' '),
    description: p.description.join(' '),
    materials: '',
    care: '',
    nameFr: p.french?.join(' ') ?? null,
    descriptionFr: null,
    materialsFr: null,
    category: p.category,
    priceCents,
    sale: p.sale,
    salePriceCents: salePriceCents(priceCents, p.sale),
    currency: 'CAD',
    tags: p.tags,
    isAvailable: p.listed,
    thumbnail: null,
    images: [],
    width: 1,
    length: 1,
    height: 1,
    weight: 1,
    dimensionUnit: 'IMPERIAL',
  };
}

const options = (p: Product): ItemOptionInput[] =>
  p.options.map((o) => ({ ...o, price: 0, sale: 0, isAvailable: true }));

const list = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The filters as plain SQL, each list's but `except`'s. */
function where(f: CatalogFilters, except?: string): SQL {
  const bands = PRICE_BANDS.filter((b) => f.price.includes(b.id)).map((b) =>
    b.max === undefined
      ? sql`sale_price >= ${b.min}`
      : sql`(sale_price >= ${b.min} and sale_price < ${b.max})`,
  );
  const parts: SQL[] = [sql`is_available and deleted_at is null`];
  if (f.keyword)
    parts.push(
      sql`(search @@ plainto_tsquery('simple', ${f.keyword}) or search_fr @@ plainto_tsquery('french', ${f.keyword}))`,
    );
  if (f.category.length && except !== 'category')
    parts.push(sql`category = any(${list(f.category)})`);
  if (f.store.length && except !== 'store')
    parts.push(sql`lower(store_name) = any(${list(f.store.map((s) => s.toLowerCase()))})`);
  if (f.color.length && except !== 'color') parts.push(sql`colors && ${list(f.color)}`);
  if (f.size.length && except !== 'size')
    parts.push(sql`sizes && ${list(f.size.map((s) => s.toLowerCase()))}`);
  if (bands.length && except !== 'price') parts.push(sql`(${sql.join(bands, sql` or `)})`);
  if (f.minPrice !== undefined) parts.push(sql`sale_price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) parts.push(sql`sale_price <= ${f.maxPrice}`);
  if (f.city) parts.push(sql`store_city = ${f.city}`);
  return sql.join(parts, sql` and `);
}

const ORDER: Record<CatalogSort, string> = {
  featured: 'in_stock desc, on_sale desc, created_at desc, id desc',
  'price-asc': 'sale_price asc, id asc',
  'price-desc': 'sale_price desc, id desc',
  newest: 'created_at desc, id desc',
};

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function expected(f: CatalogFilters, sort: CatalogSort) {
  return rows<{ id: number; key: unknown[] }>(
    sql`select id, json_build_array(in_stock, on_sale, (extract(epoch from created_at) * 1000000)::bigint, id, (sale_price * 100)::int8) as key
      from items where ${where(f)} order by ${sql.raw(ORDER[sort])}`,
  );
}

async function expectedFacets(f: CatalogFilters): Promise<CatalogFacets> {
  const band = sql.raw(
    `case ${PRICE_BANDS.map((b) => `when sale_price >= ${b.min}${b.max === undefined ? '' : ` and sale_price < ${b.max}`} then '${b.id}'`).join(' ')} end`,
  );
  const counted = async (list: string, value: SQL, from = sql`items`) =>
    (
      await rows<{ value: string; count: number }>(
        sql`select * from (select ${value} as value, count(*)::int as count from ${from}
          where ${where(f, list)} group by 1) as counted order by count desc, value collate "C"`,
      )
    ).map((r) => ({ value: r.value, count: Number(r.count) }));
  const prices = new Map((await counted('price', band)).map((r) => [r.value, r.count]));
  return {
    category: await counted('category', sql`category`),
    store: await counted('store', sql`store_name`),
    color: await counted('color', sql`c`, sql`items cross join unnest(colors) as c`),
    size: (await counted('size', sql`s`, sql`items cross join unnest(sizes) as s`)).map((s) => ({
      ...s,
      value: s.value.toUpperCase(),
    })),
    price: PRICE_BANDS.map((b) => ({ value: b.id, count: prices.get(b.id) ?? 0 })),
  };
}

async function compare(q: typeof query extends fc.Arbitrary<infer T> ? T : never) {
  const { sort, page, pageSize, keyword, ...rest } = q;
  const filters: CatalogFilters = { ...rest, ...(keyword === null ? {} : { keyword }) };
  const all = await expected(filters, sort);
  const offset = (page - 1) * pageSize;
  const answer = await ctx.app.catalogSearch.search(filters, sort, pageSize, offset, 'en');
  const onPage = all.slice(offset, offset + pageSize);
  expect(JSON.parse(answer.json).map((card: ItemSummary) => card.id)).toEqual(
    onPage.map((r) => r.id),
  );
  expect(answer.total).toBe(all.length);
  expect(answer.bounds).toEqual(
    onPage.length ? { first: onPage[0]!.key, last: onPage.at(-1)!.key } : undefined,
  );
  expect(await ctx.app.catalogSearch.facets(filters)).toEqual(await expectedFacets(filters));
}

/** What a shopper types into the search box: the start of a word, or of two. */
const typed = fc
  .array(
    fc
      .tuple(fc.constantFrom(...WORDS, ...FRENCH_WORDS, 'zq'), fc.integer({ min: 1, max: 5 }))
      .map(([word, length]) => word.toLowerCase().slice(0, length)),
    { minLength: 1, maxLength: 2 },
  )
  .map((words) => words.join(' '));

const END = '\u{10FFFF}';

async function compareSuggestions(text: string, except: number[]) {
  const named = (rows: { id: number; name: string; name_fr: string | null }[]) =>
    rows.map((row) => ({ id: row.id, name: row.name, nameFr: row.name_fr }));
  for (const [french, column] of [
    [false, sql`name`],
    [true, sql`name_fr`],
  ] as const) {
    const key = sql`(lower(${column}) collate "C")`;
    const expectedNames = await rows<{ id: number; name: string; name_fr: string | null }>(
      sql`select id, name, name_fr from items where is_available and deleted_at is null
        and ${key} >= ${text} and ${key} < ${text}::text || ${END} order by ${key}, id limit 6`,
    );
    expect(await ctx.app.catalogSearch.namesStartingWith(text, 6, french)).toEqual(
      named(expectedNames),
    );
  }
  // As the service splits them: letters and digits.
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return;
  const others = sql`not (id = any(${sql`array[${sql.join([...except.map((id) => sql`${id}`), sql`0`], sql`, `)}]::int[]`}))`;
  const expectedWords =
    words.length === 1
      ? await rows<{ id: number; name: string; name_fr: string | null }>(
          sql`select id, name, name_fr from (
            select i.id, i.name, i.name_fr, min(w.lexeme collate "C") as word from items i
            cross join lateral unnest(to_tsvector('simple', i.name)) as w
            where i.is_available and i.deleted_at is null and ${others}
              and w.lexeme collate "C" >= ${words[0]} and w.lexeme collate "C" < ${words[0]}::text || ${END}
            group by i.id) as m order by word, id limit 6`,
        )
      : await rows<{ id: number; name: string; name_fr: string | null }>(
          sql`select id, name, name_fr from items where is_available and deleted_at is null
            and ${others} and to_tsvector('simple', name) @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})
            order by lower(name) collate "C", id limit 6`,
        );
  expect(await ctx.app.catalogSearch.namesWithWordsStartingWith(words, 6, except)).toEqual(
    named(expectedWords),
  );
}

/** What a shopper's first clicks ask: a city, and perhaps one value of one list (kept counts). */
const plainFacets = fc
  .tuple(
    fc.option(fc.constantFrom<City>('VANCOUVER', 'MONTREAL', 'TORONTO'), { nil: undefined }),
    fc.option(
      fc.oneof(
        fc.constantFrom(...CATEGORIES).map((value) => ({ category: [value] })),
        fc
          .constantFrom('maple denim', 'Zoë Atelier', 'nobody')
          .map((value) => ({ store: [value] })),
        fc.constantFrom('red', 'black', 'green').map((value) => ({ color: [value] })),
        fc.constantFrom('S', 'XL', 'XXS').map((value) => ({ size: [value] })),
        fc.constantFrom(...PRICE_BANDS.map((b) => b.id)).map((value) => ({ price: [value] })),
      ),
      { nil: undefined },
    ),
  )
  .map(([city, chosen]): CatalogFilters => ({
    category: [],
    store: [],
    color: [],
    size: [],
    price: [],
    ...chosen,
    ...(city ? { city } : {}),
  }));

const check = async () => {
  await fc.assert(fc.asyncProperty(query, compare), { numRuns: 150 });
  await fc.assert(
    fc.asyncProperty(plainFacets, async (filters) => {
      expect(await ctx.app.catalogSearch.facets(filters)).toEqual(await expectedFacets(filters));
    }),
    { numRuns: 60 },
  );
  await fc.assert(fc.asyncProperty(typed, fc.subarray(ids, { maxLength: 3 }), compareSuggestions), {
    numRuns: 100,
  });
};

describe('catalog index (decision 034)', () => {
  beforeAll(async () => {
    for (const store of STORES) {
      const seller = await sellerWithStore(ctx.app, store);
      const [row] = await rows<{ id: string }>(
        sql`select id from stores where name = ${seller.storeName}`,
      );
      stores.push({ id: row!.id, name: store.name, city: store.city });
    }
    for (const p of fc.sample(product, { numRuns: 90, seed: 34 })) {
      ids.push(await repository().insert(stores[p.store]!, values(p), options(p)));
    }
    await repository().hide(ids[5]!);
    await ctx.app.catalogSearch.catchUp();
  });

  // Some 600 generated queries a run, compared with the database's answers: minutes on a
  // loaded machine, so these two have a budget of their own.
  it(
    'answers every query as the database would: page, exact total, bounds and facets',
    {
      timeout: 180_000,
    },
    async () => {
      await check();
    },
  );

  it(
    'still does after products are edited, sold out, hidden, withheld and renamed',
    {
      timeout: 180_000,
    },
    async () => {
      const edits = fc.sample(fc.tuple(fc.integer({ min: 0, max: ids.length - 1 }), product), {
        numRuns: 40,
        seed: 35,
      });
      for (const [i, p] of edits) {
        const store = stores[p.store]!;
        await repository().update(ids[i]!, store, values(p), options(p));
      }
      await repository().hide(ids[7]!);
      // Sold out: the featured order puts it last.
      const [option] = await rows<{ id: number; count: number }>(
        sql`select o.id, o.count from item_options o join items i on i.id = o.item_id
        where i.in_stock and i.is_available order by o.id limit 1`,
      );
      await repository().takeStock([{ itemOptionId: option!.id, quantity: option!.count }]);
      await repository().withholdStore(stores[1]!.id);
      await repository().refreshStoreCopies({ ...stores[2]!, name: 'Zoë Atelier Nord' });
      await ctx.app.catalogSearch.catchUp();
      await check();
      await repository().releaseStore(stores[1]!.id);
      await ctx.app.catalogSearch.catchUp();
      await check();
    },
  );
});
