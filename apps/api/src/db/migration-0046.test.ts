import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, migrationsUpTo, oldStore } from '../../test/migrations';

const LAST_BEFORE = 44; // 0045's index in the journal: the migrations before 0046

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
    const storeId = await oldStore(client);
    const insert = (name: string, price: string, sale: string, salePrice: string) =>
      q(
        `insert into items (store_id, store_name, store_city, name, category, price, sale,
           sale_price, currency, width, length, height, weight, search)
         values ($1, 'Old Store', 'VANCOUVER', $2, 'men', $3, $4, $5, 'CAD', 10, 10, 2, 2, '')`,
        [storeId, name, price, sale, salePrice],
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
