// npm run bench:explain: the plans of the catalog's queries on the bench database that
// `npm run bench` left on DATABASE_URL's server (the largest size of the last run, or --size N).
// Prints EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the items repository sends, as Markdown.
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { desc, sql } from 'drizzle-orm';
import { CITIES } from '@marketplace/shared';
import type { Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { CatalogIndexRepository } from '../apps/api/src/modules/items/catalog-index/catalog-index.repository';
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
const indexRepository = new CatalogIndexRepository(db);

const [sampleItem] = await db.select({ id: schema.items.id }).from(schema.items).limit(1);
const [sampleStore] = await db
  .select({ id: schema.stores.id, name: schema.stores.name })
  .from(schema.stores)
  .limit(1);
// A page of 24 listed products, as the catalog index would hand their ids over.
const pageIds = (
  await db
    .select({ id: schema.items.id })
    .from(schema.items)
    .where(sql`${schema.items.isAvailable} and ${schema.items.deletedAt} is null`)
    .orderBy(desc(schema.items.createdAt))
    .limit(24)
).map((row) => row.id);
const horizon = (
  (await send('select pg_snapshot_xmin(pg_current_snapshot())::text as horizon')) as pg.QueryResult
).rows[0].horizon as string;
captured = [];

// Searches, lists and facets are answered by the catalog index in memory (decision 034): the
// database gives a page's cards, a keyword's lexemes, and what changed since the index looked.
const cases: [string, () => Promise<unknown>][] = [
  [
    "pages' cards by id (every list, search and page; pages asked for together share one)",
    () =>
      Promise.all([
        indexRepository.cards(pageIds.slice(0, 12), 'en'),
        indexRepository.cards(pageIds.slice(12), 'en'),
      ]),
  ],
  ["a keyword's lexemes", () => indexRepository.lexemes(BENCH_KEYWORDS[1]!)],
  [
    'the catalog index: what changed since it last looked (every 250 ms, and after each write)',
    () => indexRepository.changedSince(horizon),
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
