// npm run bench:sitemap: the sitemaps at scale (issue 18 item 5). Seeds the bench catalog
// (--products, default 100,000) into `<DATABASE_URL's database>_sitemap_<n>` (dropped first),
// then times every sitemap file made from the database, cold and then kept, with its size.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { ItemsRepository } from '../apps/api/src/modules/items/items.repository';
import { SitemapService, type SitemapDocument } from '../apps/api/src/modules/seo/sitemap.service';
import { StoresRepository } from '../apps/api/src/modules/stores/stores.repository';
import { seedBenchCatalog } from './catalog-seed';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    stores: { type: 'string', default: '500' },
  },
});
const products = Number(values.products);
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL server.');

const url = new URL(process.env.DATABASE_URL);
const name = `${url.pathname.slice(1) || 'postgres'}_sitemap_${products}`;
const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
await admin.query(`drop database if exists "${name}"`);
await admin.query(`create database "${name}"`);
await admin.end();
url.pathname = `/${name}`;

const database = await openDatabase({ databaseUrl: url.toString() });
await database.migrate();
let started = performance.now();
await seedBenchCatalog(database.db, {
  products,
  storeCount: Number(values.stores),
  shopperCount: 1,
});
await database.db.execute(sql`vacuum analyze`);
console.log(`seeded ${products.toLocaleString('en')} products in ${seconds(started)} s`);

const items = new ItemsRepository(database.db);
const stores = new StoresRepository(database.db);
const sitemap = new SitemapService({
  items,
  stores: {
    sitemapEntries: async () =>
      (await stores.list()).map((row) => ({ name: row.name, updatedAt: row.updatedAt })),
  },
  publicUrl: 'https://localbrands.example',
});

const rows: string[] = [];
const kb = (bytes: Buffer) => `${(bytes.length / 1024).toFixed(0)} KB`;
const measure = async (file: string, make: () => Promise<SitemapDocument | undefined>) => {
  started = performance.now();
  const document = (await make())!;
  const cold = performance.now() - started;
  started = performance.now();
  await make();
  const kept = performance.now() - started;
  const xml = document.xml.toString();
  const urls = xml.match(/<loc>/g)?.length ?? 0;
  rows.push(
    `| ${file} | ${urls.toLocaleString('en')} | ${kb(document.xml)} | ${kb(document.gzipped)} | ${cold.toFixed(0)} ms | ${kept.toFixed(2)} ms |`,
  );
  return xml;
};

const index = await measure('sitemap.xml', () => sitemap.index());
const files = [...index.matchAll(/<loc>[^<]*\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1]!);
for (const file of files) await measure(file, () => sitemap.file(file));

console.log(
  '\n| file | URLs | size | gzipped | made (cold, with gzip) | kept |\n| --- | ---: | ---: | ---: | ---: | ---: |',
);
console.log(rows.join('\n'));
await database.close();

function seconds(since: number) {
  return ((performance.now() - since) / 1000).toFixed(1);
}
