import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The last code point: in "C" collation every text that starts with a prefix sorts before the
 * prefix followed by it, so [prefix, prefix + PREFIX_END) holds exactly those texts.
 */
const PREFIX_END = '\u{10FFFF}';

/** The key the name-prefix indexes hold (migration 0014): the lower-case name, byte-ordered. */
export const namePrefixKey = (column: AnyColumn): SQL => sql`(lower(${column}) collate "C")`;

/**
 * The names that start with `prefix` (already lower case), as a range of that key: a b-tree
 * serves it with the text as a parameter, which a LIKE prefix pattern would not.
 */
export function nameStartsWith(column: AnyColumn, prefix: Prefix): SQL {
  return startsWith(namePrefixKey(column), prefix);
}

/**
 * The values of a "C"-ordered key that start with `prefix`, as a range of it. The range's end is
 * written by the database, so a prepared statement takes the prefix as its one placeholder.
 */
export function startsWith(key: SQL | AnyColumn, prefix: Prefix): SQL {
  return sql`${key} >= ${prefix} and ${key} < ${prefix}::text || ${PREFIX_END}`;
}

type Prefix = string | ReturnType<typeof sql.placeholder>;
