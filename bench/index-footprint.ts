// npm run bench:index [-- --size 1000000]: what the catalog index of one API process costs on the
// bench database `npm run bench` left on DATABASE_URL's server: the time to read its rows, the
// time to load them into the index, and the memory the loaded index holds (after a full GC).
// Run with node's --expose-gc (the npm script passes it). Figures: docs/performance.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { CatalogIndex } from '../apps/api/src/modules/items/catalog-index/catalog-index';
import { CatalogIndexRepository } from '../apps/api/src/modules/items/catalog-index/catalog-index.repository';
import { benchDatabaseUrl } from './bench';

const { values } = parseArgs({ options: { size: { type: 'string', default: '100000' } } });
if (!process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL to the server `npm run bench` used.');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:index does).');

const pool = new pg.Pool({
  connectionString: benchDatabaseUrl(process.env.DATABASE_URL, Number(values.size)),
  max: 2,
});
const repository = new CatalogIndexRepository(drizzle(pool, { schema }) as unknown as Db);

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
function memory() {
  gc!();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers, rss: usage.rss };
}
/** VmHWM: the most resident memory this process has had (what issue 41's 600 MB is about). */
const peakRss = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

// The rows alone, read and dropped: what the database and the driver take.
let rows = 0;
let started = performance.now();
await repository.loadListed((batch) => (rows += batch.length));
const readMs = performance.now() - started;

const before = memory();
// Writing 5 to clear_refs resets VmHWM: the peak below is the load's, not the read's.
writeFileSync('/proc/self/clear_refs', '5');
const index = new CatalogIndex();
started = performance.now();
await repository.loadListed((batch) => index.load(batch));
index.loaded();
const loadMs = performance.now() - started;
const after = memory();
await pool.end();

console.log(`| listed products | read rows, s | read and load the index, s | index heap, MB | index typed arrays, MB | process RSS, MB | peak RSS while loading, MB |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${rows.toLocaleString('en')} | ${(readMs / 1000).toFixed(1)} | ${(loadMs / 1000).toFixed(1)} | ${megabytes(after.heap - before.heap)} | ${megabytes(after.buffers - before.buffers)} | ${megabytes(after.rss)} | ${megabytes(peakRss())} |`);
