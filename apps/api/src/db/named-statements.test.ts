import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupOneConnection } from '../../test/helper';
import { inlineInteger, NamedStatements } from './named-statements';

const onPostgres = process.env.TEST_DB === 'postgres';

describe('named statements (decision 032)', () => {
  /** On PostgreSQL, one connection: what it has prepared is what this file's statements left. */
  const connection = setupOneConnection();

  const prepared = async () => {
    const { rows } = await connection.pool!.query<{
      name: string;
      statement: string;
      generic_plans: string;
      custom_plans: string;
    }>('select name, statement, generic_plans, custom_plans from pg_prepared_statements');
    return rows.map((row) => ({
      ...row,
      genericPlans: Number(row.generic_plans),
      customPlans: Number(row.custom_plans),
    }));
  };

  it('answers with the same rows on either database, parameters included', async () => {
    const statements = new NamedStatements(connection.db);
    const rows = await statements.rows<{ n: number; word: string }>(
      sql`select ${inlineInteger(41)} + 1 as n, ${'it works'}::text as word`,
    );
    expect(rows).toEqual([{ n: 42, word: 'it works' }]);
  });

  it('writes only whole numbers into a statement', () => {
    expect(() => inlineInteger(1.5)).toThrow(TypeError);
    expect(() => inlineInteger(Number.NaN)).toThrow(TypeError);
    expect(() => inlineInteger(2 ** 60)).toThrow(TypeError);
  });

  it("fills a kept query's placeholders on each run", async () => {
    const statements = new NamedStatements(connection.db);
    const square = (n: number) =>
      statements.keptRows<{ n: number }>(
        'square',
        () => sql`select ${sql.placeholder('n')}::int * ${sql.placeholder('n')}::int as n`,
        { n },
      );
    expect(await square(3)).toEqual([{ n: 9 }]);
    expect(await square(4)).toEqual([{ n: 16 }]);
  });

  it('builds a kept query once per key, and again once the oldest keys are dropped', async () => {
    const statements = new NamedStatements(connection.db, 200, 2);
    const built: number[] = [];
    const page = (limit: number) => () => {
      built.push(limit);
      return sql`select g from generate_series(1, 100) as g order by g limit ${inlineInteger(limit)}`;
    };
    const run = (limit: number) => statements.keptRows<{ g: number }>(`page ${limit}`, page(limit));
    expect((await run(3)).map((row) => row.g)).toEqual([1, 2, 3]);
    await run(3);
    await run(3);
    expect(built).toEqual([3]);
    await run(4);
    await run(5); // past two keys: "page 3" is dropped
    expect((await run(3)).map((row) => row.g)).toEqual([1, 2, 3]);
    expect(built).toEqual([3, 4, 5, 3]);
  });

  describe.runIf(onPostgres)('on PostgreSQL', () => {
    it('prepares the first texts it sees, and runs any more unnamed', async () => {
      await connection.pool!.query('deallocate all');
      const statements = new NamedStatements(connection.db, 2);
      for (const n of [1, 2, 3, 1, 2, 3])
        await statements.rows(sql`select ${inlineInteger(n)} as n, ${'x'}::text as x`);
      const names = (await prepared()).filter((s) => s.name.startsWith('named_'));
      expect(names.map((s) => s.statement).sort()).toEqual([
        'select 1 as n, $1::text as x',
        'select 2 as n, $1::text as x',
      ]);
    });

    it('plans a list once when its limit is in the text, and for every request when it is a parameter', async () => {
      await connection.pool!.query('deallocate all');
      await connection.pool!.query(`create table plan_demo as
        select g as id, g % 50 as store from generate_series(1, 20000) as g`);
      await connection.pool!.query('create index on plan_demo (store, id)');
      await connection.pool!.query('analyze plan_demo');
      const statements = new NamedStatements(connection.db);
      for (let i = 0; i < 8; i++) {
        const page = (limit: SQL | number) =>
          sql`select id from plan_demo where store = ${i} order by id limit ${limit}`;
        await statements.rows(page(inlineInteger(24)));
        await statements.rows(page(24));
      }
      const statement = (end: string) =>
        prepared().then((all) => all.find((s) => s.statement.endsWith(end))!);
      // PostgreSQL tries five custom plans, then keeps the generic one if it looks as cheap:
      // with the limit a parameter it cannot know the generic plan stops at 24 rows.
      expect(await statement('limit 24')).toMatchObject({ genericPlans: 3, customPlans: 5 });
      expect(await statement('limit $2')).toMatchObject({ genericPlans: 0, customPlans: 8 });
    });
  });
});
