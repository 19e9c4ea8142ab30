import { asCents, formatCents, parseCents, type Cents } from '@marketplace/shared';
import { sql } from 'drizzle-orm';
import { customType, numeric } from 'drizzle-orm/pg-core';

/** Money as the API carries it: dollars with 2 decimals, read as a number (DESIGN 4). */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/**
 * The same numeric(10,2) column read as integer cents (decision 052): PostgreSQL's text
 * "12.34" is 1234 and back, by its digits, never through a float. Tables move from `money` to
 * `cents` one area at a time; the column in the database is the same, so no migration.
 */
export const cents = customType<{ data: Cents; driverData: string }>({
  dataType: () => 'numeric(10, 2)',
  fromDriver: (value) => parseCents(String(value)),
  toDriver: (value) => formatCents(asCents(value)),
});

/** A raw SQL sum of a `cents` column, as cents (zero when no rows). */
export const centsFromSql = (value: unknown): Cents =>
  value === null || value === undefined ? asCents(0) : parseCents(String(value));

/** The sum of a `cents` column in a query, as cents (zero over no rows). */
export const sumOfCents = (column: unknown) => sql<Cents>`sum(${column})`.mapWith(centsFromSql);

/** A numeric dollars column as integer cents in raw SQL (a JSON field, a sort key, an index row). */
export const centsInSql = (column: unknown) => sql<Cents>`(${column} * 100)::int8`;
