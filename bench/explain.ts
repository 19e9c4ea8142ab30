// npm run bench:explain: the plans of the catalog's queries on the bench database that
// `npm run bench` left on DATABASE_URL's server (the largest size of the last run, or --size N).
// Prints EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the items repository sends, as Markdown.
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { CITIES, catalogQuerySchema, type CatalogQuery } from '@marketplace/shared';
import type { Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { ItemsRepository } from '../apps/api/src/modules/items/items.repository';
import { BENCH_KEYWORDS } from './catalog-seed';

const { values } = parseArgs({ options: { size: { type: 'string', default: '100000' } } });
if (!process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL to the server `npm run bench` used.');
const url = new URL(process.env.DATABASE_URL);
url.pathname = `/${url.pathname.slice(1) || 'postgres'}_bench_${values.size}`;

const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
let captured: { query: string; params: unknown[] }[] = [];
// Every query the repository sends, through Drizzle or as a named statement (decision 032).
const send = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
(pool as unknown as { query: typeof send }).query = (config, values) => {
  const { text, values: own } =
    typeof config === 'string' ? { text: config, values } : (config as pg.QueryConfig);
  captured.push({ query: text, params: values ?? own ?? [] });
  return send(config, values);
};
const db = drizzle(pool, { schema }) as unknown as Db;
const repository = new ItemsRepository(db);

const catalog = (query: Record<string, string>): CatalogQuery => catalogQuerySchema.parse(query);
const searchOf = (query: CatalogQuery) => {
  const { sort, page, pageSize = 24, ...filters } = query;
  return repository.search(filters, sort, pageSize, (page - 1) * pageSize, 'en');
};
const [sampleItem] = await db.select({ id: schema.items.id }).from(schema.items).limit(1);
const [sampleStore] = await db
  .select({ id: schema.stores.id, name: schema.stores.name })
  .from(schema.stores)
  .limit(1);
captured = [];

const noFilters = {
  keyword: undefined,
  category: [],
  store: [],
  color: [],
  size: [],
  price: [],
  minPrice: undefined,
  maxPrice: undefined,
  city: undefined,
};

const cases: [string, () => Promise<unknown>][] = [
  ['search: keyword', () => searchOf(catalog({ keyword: BENCH_KEYWORDS[0]! }))],
  [
    'search: keyword+colour+size+price+sort',
    () =>
      searchOf(
        catalog({
          keyword: BENCH_KEYWORDS[0]!,
          color: 'black',
          size: 'M',
          price: '50-100',
          sort: 'price-asc',
        }),
      ),
  ],
  ['list: page 1', () => searchOf(catalog({ page: '1' }))],
  ['list: page 200', () => searchOf(catalog({ page: '200' }))],
  ['list: one city, page 1', () => searchOf(catalog({ city: CITIES[0] }))],
  [
    'facets: one city (from catalog_counts)',
    () => repository.facets({ ...noFilters, city: CITIES[0] }),
  ],
  [
    'facets: a keyword in one city (one pass over the matches)',
    () => repository.facets({ ...noFilters, keyword: 'denim', city: CITIES[0] }),
  ],
  [
    'facets: a colour ticked in one city',
    () => repository.facets({ ...noFilters, color: ['black'], city: CITIES[0] }),
  ],
  ['suggest: names starting with "wa"', () => repository.namesStartingWith('wa', 6)],
  [
    'suggest: name words starting with "hoo"',
    () => repository.namesWithWordsStartingWith(['hoo'], 6, []),
  ],
  [
    'store page',
    () => repository.storeCards(sampleStore!.name.toLowerCase(), 'featured', 24, 0, 'en'),
  ],
  ['product detail', () => repository.listedDetailJson(sampleItem!.id, 'en')],
  [
    'related: same category, other brands, one city',
    () =>
      repository.related({
        categories: ['men'],
        excludeStoreIds: [sampleStore!.id],
        excludeIds: [sampleItem!.id],
        city: CITIES[0],
        limit: 4,
      }),
  ],
];

console.log(
  `Plans on ${url.pathname.slice(1)} (PostgreSQL ${((await send('show server_version')) as pg.QueryResult).rows[0].server_version})\n`,
);
for (const [name, run] of cases) {
  captured = [];
  await run();
  for (const [i, { query, params }] of captured.entries()) {
    const plan = (await send(`explain (analyze, buffers) ${query}`, params)) as pg.QueryResult;
    console.log(
      `### ${name}${captured.length > 1 ? ` (query ${i + 1} of ${captured.length})` : ''}\n`,
    );
    console.log('```sql');
    console.log(query);
    console.log('```\n');
    console.log('```');
    console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    console.log('```\n');
  }
}
await pool.end();
