import { beforeAll, describe, expect, it } from 'vitest';
import { catalogQuerySchema } from '@marketplace/shared';
import { setupOneConnection } from '../../../test/helper';
import { ItemsRepository } from './items.repository';

/**
 * A page past the first is its own prepared statement with its offset in the text: with the
 * offset a parameter, PostgreSQL planned every request for page 200 anew (decision 032).
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a deep catalog page on PostgreSQL', () => {
  /** One connection: what it has prepared is what this file's requests left. */
  const connection = setupOneConnection();
  let catalog: ItemsRepository;
  beforeAll(() => {
    catalog = new ItemsRepository(connection.db);
  });

  it('is planned once, not for every request', async () => {
    const { sort, ...filters } = catalogQuerySchema.parse({});
    const pageSize = 24;
    for (let i = 0; i < 8; i++) await catalog.search(filters, sort, pageSize, 2 * pageSize, 'en');
    const { rows } = await connection.pool!.query<{ generic_plans: string; custom_plans: string }>(
      `select generic_plans, custom_plans from pg_prepared_statements where statement like $1`,
      [`%limit ${pageSize} offset ${2 * pageSize})%`],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
    expect(Number(rows[0]!.custom_plans)).toBe(0);
  });

  it("leaves the first pages' statements their names when a crawler walks every page", async () => {
    const { sort, ...filters } = catalogQuerySchema.parse({});
    for (let page = 2; page <= 260; page++)
      await catalog.search(filters, sort, 24, (page - 1) * 24, 'en');
    const { sort: _sort, ...men } = catalogQuerySchema.parse({ category: 'men' });
    await catalog.search(men, sort, 24, 0, 'en');
    const { rows } = await connection.pool!.query<{ statement: string }>(
      `select statement from pg_prepared_statements where name like 'named_%'`,
    );
    expect(rows.filter((row) => / offset \d+\)/.test(row.statement))).toHaveLength(50);
    expect(
      rows.some((row) => !/ offset /.test(row.statement) && /category/.test(row.statement)),
    ).toBe(true);
  });
});
