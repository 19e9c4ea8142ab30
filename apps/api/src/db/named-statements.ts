import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

/** How many distinct texts one `NamedStatements` (each repository has its own) names, at most. */
export const DEFAULT_MAX_NAMED_STATEMENTS = 200;

/**
 * A whole number written into a statement's text rather than sent as a parameter: a `limit`
 * or a constant. PostgreSQL plans a statement whose parameters can change the plan (a limit
 * can) anew for every execution; with the number in the text it plans it once.
 */
export function inlineInteger(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not a whole number: ${value}`);
  return sql.raw(String(value));
}

/**
 * Hot statements as named prepared statements (decision 032). On PostgreSQL a statement that
 * is sent unnamed is parsed, analysed and planned for every request: for a page of 24 cards
 * that was more than half of what the database spent on it (`pgbench`: 7,300 a second planned
 * each time, 17,600 planned once). A named statement is parsed once per connection and, once
 * PostgreSQL finds its generic plan as good as the custom ones, planned once too; that needs
 * the values that decide the plan (limits, constants) in the text and only values that do not
 * (a city, a store's id) as parameters.
 *
 * Each distinct text becomes a statement on each pooled connection for the connection's life,
 * so the first `maxStatements` texts are named and any others run unnamed as before: a caller
 * who sends endless new shapes of query costs what every query cost before, never memory.
 * Embedded PGlite runs every query as it did.
 */
export class NamedStatements {
  private readonly dialect = new PgDialect();
  /** Statement names by text: the first `maxStatements` texts only. */
  private readonly names = new Map<string, string>();
  /** Built statements by their caller's key, the oldest dropped past `maxBuilt`. */
  private readonly built = new Map<string, Built>();

  constructor(
    private readonly db: Db,
    private readonly maxStatements = DEFAULT_MAX_NAMED_STATEMENTS,
    private readonly maxBuilt = 1_000,
  ) {}

  /** The rows `query` answers with, as the driver gives them (JSON parsed, numbers of 64 bits as text). */
  rows<Row>(query: SQL): Promise<Row[]> {
    return this.run<Row>(this.compile(query), {});
  }

  /**
   * The rows of the query `build` returns, built once per `key`: the key must tell apart every
   * query `build` can return, or the query must take what differs as `sql.placeholder(name)`s,
   * filled from `values`. Building a query of a few dozen parts with Drizzle was a fifth of a
   * catalog list's time in the API.
   */
  keptRows<Row>(
    key: string,
    build: () => SQL,
    values: Record<string, unknown> = {},
  ): Promise<Row[]> {
    let statement = this.built.get(key);
    if (!statement) {
      statement = this.compile(build());
      if (this.built.size >= this.maxBuilt) this.built.delete(this.built.keys().next().value!);
      this.built.set(key, statement);
    }
    return this.run<Row>(statement, values);
  }

  private compile(query: SQL): Built {
    const { sql: text, params } = this.dialect.sqlToQuery(query);
    return { text, params };
  }

  private async run<Row>({ text, params }: Built, values: Record<string, unknown>): Promise<Row[]> {
    const filled = fillPlaceholders(params, values);
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) {
      const name = this.nameOf(text);
      const result = await client.query({ ...(name ? { name } : {}), text, values: filled });
      return result.rows as Row[];
    }
    // Embedded PGlite: parsed in process, nothing to prepare.
    const result = await (client as PGlite).query<Row>(text, filled);
    return result.rows;
  }

  private nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= this.maxStatements) return known;
    const name = `named_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }
}

interface Built {
  text: string;
  params: unknown[];
}
