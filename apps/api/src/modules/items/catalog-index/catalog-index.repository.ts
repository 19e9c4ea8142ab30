import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@marketplace/shared';
import type { Db } from '../../../db/client';
import { NamedStatements } from '../../../db/named-statements';
import { items } from '../../../db/schema';
import type { IndexRow, KeywordLexemes } from './catalog-index';

/**
 * Products as the index takes them, and from where to read the next changes: the oldest
 * transaction still running when they were read (`pg_snapshot_xmin`), as xid8 text.
 */
export interface IndexBatch {
  rows: IndexRow[];
  horizon: string;
}

interface Row {
  horizon: string;
  id: number | null;
  listed: boolean;
  store_name: string;
  store_key: string;
  city: string;
  category: string;
  colors: string[];
  sizes: string[];
  sale_price: number;
  in_stock: boolean;
  on_sale: boolean;
  created_at: number;
  words: string[];
  french_words: string[];
}

const publicItem = sql`${items.isAvailable} and ${items.deletedAt} is null`;

/**
 * The items rows `where` selects, with the horizon of the statement's own snapshot: one
 * statement, so the rows are exactly what that snapshot saw (at least one row comes back, to
 * carry the horizon, when none matches).
 */
function rowsWithHorizon(where: SQL): SQL {
  return sql`with h as (select pg_snapshot_xmin(pg_current_snapshot())::text as horizon)
    select h.horizon, r.* from h left join lateral (
      select ${items.id} as id, ${publicItem} as listed, ${items.storeName} as store_name,
        lower(${items.storeName}) as store_key, ${items.storeCity} as city, ${items.category} as category,
        ${items.colors} as colors, ${items.sizes} as sizes, ${items.salePrice}::float8 as sale_price,
        ${items.inStock} as in_stock, ${items.onSale} as on_sale,
        (extract(epoch from ${items.createdAt}) * 1000000)::float8 as created_at,
        tsvector_to_array(${items.search}) as words, tsvector_to_array(${items.searchFr}) as french_words
      from ${items} where ${where}
    ) r on true`;
}

function toBatch(rows: Row[]): IndexBatch {
  return {
    horizon: rows[0]!.horizon,
    rows: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              listed: row.listed,
              storeName: row.store_name,
              storeKey: row.store_key,
              city: row.city,
              category: row.category,
              colors: row.colors,
              sizes: row.sizes,
              salePrice: Number(row.sale_price),
              inStock: row.in_stock,
              onSale: row.on_sale,
              createdAt: Number(row.created_at),
              words: row.words,
              frenchWords: row.french_words,
            },
          ],
    ),
  };
}

/** What the catalog index reads of the items table (decision 034). */
export class CatalogIndexRepository {
  private readonly statements: NamedStatements;

  constructor(db: Db) {
    this.statements = new NamedStatements(db);
  }

  /** Every listed product. */
  async listed(): Promise<IndexBatch> {
    return toBatch(await this.statements.rows<Row>(rowsWithHorizon(publicItem)));
  }

  /**
   * Every product written by a transaction that was still running, or had not begun, when the
   * read that gave `horizon` was taken (items.changed_xid, migration 0035): each such write has
   * committed since, or is still invisible and will have an id at or past the next horizon.
   */
  async changedSince(horizon: string): Promise<IndexBatch> {
    return toBatch(
      await this.statements.keptRows<Row>(
        'changed since',
        () => rowsWithHorizon(sql`${items.changedXid} >= ${sql.placeholder('horizon')}::xid8`),
        { horizon },
      ),
    );
  }

  /** A keyword's lexemes for each search vector, as plainto_tsquery would have them. */
  async lexemes(keyword: string): Promise<KeywordLexemes> {
    const [row] = await this.statements.keptRows<{ words: string[]; french_words: string[] }>(
      'keyword lexemes',
      () =>
        sql`select tsvector_to_array(to_tsvector('simple', ${sql.placeholder('keyword')})) as words,
          tsvector_to_array(to_tsvector('french', ${sql.placeholder('keyword')})) as french_words`,
      { keyword },
    );
    return { words: row!.words, frenchWords: row!.french_words };
  }

  /**
   * The stored cards of these products (migration 0032) as the JSON text of an array, in the
   * order given; a product no longer listed (a write the index has yet to hear of) is left out.
   */
  async cards(ids: number[], locale: Locale): Promise<string> {
    const card = locale === 'fr-CA' ? items.cardFr : items.card;
    const [row] = await this.statements.keptRows<{ cards: string }>(
      `cards ${locale}`,
      () =>
        sql`select coalesce('[' || string_agg(${card}, ', ' order by p.n) || ']', '[]') as cards
          from unnest(${sql.placeholder('ids')}::int[]) with ordinality as p(id, n)
          join ${items} on ${items.id} = p.id where ${publicItem}`,
      { ids },
    );
    return row!.cards;
  }
}
