import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const LAST_BEFORE = 44; // 0045's index in the journal: the migrations before 0046

function migrationsUpTo(lastIdx: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0046: a price paid written by the float rule is brought to whole cents', () => {
  const client = new PGlite();
  const before = migrationsUpTo(LAST_BEFORE);
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('19.99 at 50 % becomes 10.00; prices already right stay as they are', async () => {
    await migrate(drizzle(client), { migrationsFolder: before });
    const q = (text: string, params: unknown[] = []) =>
      client.query<Record<string, unknown>>(text, params);
    const owner = await q(
      `insert into users (user_name, email, first_name, last_name, password_hash)
       values ('owner', 'owner@example.com', 'O', 'W', 'x') returning id`,
    );
    const store = await q(
      `insert into stores (owner_id, name, city) values ($1, 'Old Store', 'VANCOUVER') returning id`,
      [owner.rows[0]!.id],
    );
    const insert = (name: string, price: string, sale: string, salePrice: string) =>
      q(
        `insert into items (store_id, store_name, store_city, name, category, price, sale,
           sale_price, currency, width, length, height, weight, search)
         values ($1, 'Old Store', 'VANCOUVER', $2, 'men', $3, $4, $5, 'CAD', 10, 10, 2, 2, '')`,
        [store.rows[0]!.id, name, price, sale, salePrice],
      );
    await insert('Float-rounded', '19.99', '50', '9.99');
    await insert('Already right', '29.99', '50', '15.00');
    await insert('Quarter off', '10.10', '25.5', '7.52');

    await migrate(drizzle(client), { migrationsFolder });

    const rows = await q(`select name, sale_price::text as paid, card from items order by name`);
    expect(rows.rows.map((row) => [row.name, row.paid])).toEqual([
      ['Already right', '15.00'],
      ['Float-rounded', '10.00'],
      ['Quarter off', '7.52'],
    ]);
    // The stored card is derived from the row: it shows the corrected price too.
    expect(JSON.parse(String(rows.rows[1]!.card)).salePrice).toBe(10);
  });
});
