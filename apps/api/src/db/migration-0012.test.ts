import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, migrationsUpTo, oldStore } from '../../test/migrations';

describe('migration 0012 (issue 13 items 12 and 13): existing options migrate without loss', () => {
  const client = new PGlite();
  const db = drizzle(client);
  const before = migrationsUpTo(11);
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('merges repeated colour and size into the first option: stock, bags and orders follow', async () => {
    await migrate(db, { migrationsFolder: before });
    const q = (text: string, params: unknown[] = []) =>
      client.query<Record<string, unknown>>(text, params);
    const shopper = await q(
      `insert into users (user_name, email, first_name, last_name, password_hash)
       values ('shopper', 'shopper@example.com', 'S', 'H', 'x') returning id`,
    );
    const storeId = await oldStore(client);
    const item = await q(
      `insert into items (store_id, store_name, store_city, name, category, price, sale_price,
         currency, width, length, height, weight, search)
       values ($1, 'Old Store', 'VANCOUVER', 'Old Jacket', 'men', 100, 100, 'CAD', 10, 10, 2, 2, '')
       returning id`,
      [storeId],
    );
    const itemId = item.rows[0]!.id;
    const options = await q(
      `insert into item_options (item_id, position, color, size, price, count)
       values ($1, 0, 'RED', 'M', 0, 4), ($1, 1, 'red ', 'm', 0, 3), ($1, 2, 'BLUE', 'M', 0, 1),
              ($1, 3, 'TEAL', 'S', 0, 2)
       returning id`,
      [itemId],
    );
    const [keeper, duplicate] = options.rows.map((r) => r.id as number);
    await q(
      `insert into cart_items (user_id, item_id, item_option_id, quantity) values ($1, $2, $3, 2)`,
      [shopper.rows[0]!.id, itemId, duplicate],
    );

    await migrate(db, { migrationsFolder });

    const after = await q(
      `select id, color, size, count from item_options where item_id = $1 order by position`,
      [itemId],
    );
    expect(after.rows).toEqual([
      { id: keeper, color: 'RED', size: 'M', count: 7 },
      { id: options.rows[2]!.id, color: 'BLUE', size: 'M', count: 1 },
      // A colour from before the list is kept as it was: nothing is lost.
      { id: options.rows[3]!.id, color: 'TEAL', size: 'S', count: 2 },
    ]);
    const bag = await q(`select item_option_id, quantity from cart_items`);
    expect(bag.rows).toEqual([{ item_option_id: keeper, quantity: 2 }]);
    await expect(
      q(
        `insert into item_options (item_id, position, color, size, price, count)
         values ($1, 9, 'BLUE', 'M', 0, 1)`,
        [itemId],
      ),
    ).rejects.toThrow(/item_options_item_color_size_key/);
  });
});
