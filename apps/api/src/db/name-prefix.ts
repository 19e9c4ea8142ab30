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
export function nameStartsWith(column: AnyColumn, prefix: string): SQL {
  const key = namePrefixKey(column);
  return sql`${key} >= ${prefix} and ${key} < ${prefix + PREFIX_END}`;
}
