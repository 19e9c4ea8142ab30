import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@marketplace/shared';
import { batchedReads } from '../../../db/batched-reads';
import type { Db } from '../../../db/client';
import { NamedStatements } from '../../../db/named-statements';
import { items } from '../../../db/schema';
import { centsInSql } from '../../../db/schema/columns';
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
  id: number;
  listed: boolean;
  store_name: string;
  store_key: string;
  city: string;
  category: string;
  colors: string[];
  sizes: string[];
  sale_price_cents: number;
  in_stock: boolean;
  on_sale: boolean;
  created_at: number;
  words: string[];
  french_words: string[];
  name: string;
  name_key: string;
  name_fr: string | null;
  name_fr_key: string | null;
  name_words: string[];
}

const publicItem = sql`${items.isAvailable} and ${items.deletedAt} is null`;

/** A product's columns as the index takes them (Row's names). */
const productColumns = sql`${items.id} as id, ${publicItem} as listed,
  ${items.storeName} as store_name, lower(${items.storeName}) as store_key,
  ${items.storeCity} as city, ${items.category} as category, ${items.colors} as colors,
  ${items.sizes} as sizes, ${centsInSql(items.salePriceCents)} as sale_price_cents, ${items.inStock} as in_stock,
  ${items.onSale} as on_sale, (extract(epoch from ${items.createdAt}) * 1000000)::float8 as created_at,
  tsvector_to_array(${items.search}) as words, tsvector_to_array(${items.searchFr}) as french_words,
  ${items.name} as name, lower(${items.name}) as name_key, ${items.nameFr} as name_fr,
  lower(${items.nameFr}) as name_fr_key,
  tsvector_to_array(to_tsvector('simple', ${items.name})) as name_words`;

/** The oldest transaction the statement's snapshot saw still running, as xid8 text. */
const snapshotHorizon = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

const toIndexRow = (row: Row): IndexRow => ({
  id: row.id,
  listed: row.listed,
  storeName: row.store_name,
  storeKey: row.store_key,
  city: row.city,
  category: row.category,
  colors: row.colors,
  sizes: row.sizes,
  salePriceCents: Number(row.sale_price_cents),
  inStock: row.in_stock,
  onSale: row.on_sale,
  createdAt: Number(row.created_at),
  words: row.words,
  frenchWords: row.french_words,
  name: row.name,
  nameKey: row.name_key,
  nameFr: row.name_fr,
  nameFrKey: row.name_fr_key,
  nameWords: row.name_words,
});

/** How many products each read of the first load brings (a few megabytes at a time). */
const LOAD_BATCH = 1000;

/** What the catalog index reads of the items table (decision 034). */
export class CatalogIndexRepository {
  private readonly statements: NamedStatements;

  constructor(private readonly db: Db) {
    this.statements = new NamedStatements(db);
  }

  /**
   * Every listed product, a batch at a time to `take`, in city and brand order (the index lays
   * them out so), through a cursor in one repeatable-read transaction: every batch is of the
   * snapshot whose horizon is returned.
   */
  loadListed(take: (rows: IndexRow[]) => void): Promise<string> {
    return this.db.transaction(async (tx) => {
      const rows = async <T>(query: SQL) =>
        ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
      await tx.execute(sql`set transaction isolation level repeatable read`);
      const [first] = await rows<{ horizon: string }>(sql`select ${snapshotHorizon} as horizon`);
      await tx.execute(sql`declare catalog_index_load no scroll cursor for
        select ${productColumns} from ${items} where ${publicItem}
        order by ${items.storeCity}, lower(${items.storeName}), ${items.id}`);
      for (;;) {
        const batch = await rows<Row>(sql.raw(`fetch ${LOAD_BATCH} from catalog_index_load`));
        take(batch.map(toIndexRow));
        if (batch.length < LOAD_BATCH) return first!.horizon;
      }
    });
  }

  /**
   * Every product written by a transaction that was still running, or had not begun, when the
   * read that gave `horizon` was taken (items.changed_xid, migration 0035): each such write has
   * committed since, or is still invisible and will have an id at or past the next horizon.
   * One statement, so the rows are what its snapshot saw (a row with no product carries the
   * horizon when nothing changed).
   */
  async changedSince(horizon: string): Promise<IndexBatch> {
    const rows = await this.statements.keptRows<{ horizon: string } & (Row | { id: null })>(
      'changed since',
      () => sql`with h as (select ${snapshotHorizon} as horizon)
        select h.horizon, r.* from h left join lateral (
          select ${productColumns} from ${items}
          where ${items.changedXid} >= ${sql.placeholder('horizon')}::xid8
        ) r on true`,
      { horizon },
    );
    return {
      horizon: rows[0]!.horizon,
      rows: rows.flatMap((row) => (row.id === null ? [] : [toIndexRow(row as Row)])),
    };
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
   * The stored cards of a page's products (migration 0032), as the JSON text of an array in the
   * order given; a product no longer listed (a write the index has yet to hear of) is left out.
   * The pages of requests handled together are read in one statement (batchedReads).
   */
  cards(ids: number[], locale: Locale): Promise<string> {
    return this.cardsOfPages(locale, ids);
  }

  private readonly cardsOfPages = batchedReads(async (locale: string, pages: number[][]) => {
    const card = locale === 'fr-CA' ? items.cardFr : items.card;
    const rows = await this.statements.keptRows<{ page: number; cards: string }>(
      `cards of pages ${locale}`,
      () =>
        sql`select p.page, '[' || string_agg(${card}, ', ' order by p.n) || ']' as cards
          from unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('pages')}::int[])
            with ordinality as p(id, page, n)
          join ${items} on ${items.id} = p.id where ${publicItem} group by p.page`,
      { ids: pages.flat(), pages: pages.flatMap((ids, page) => ids.map(() => page)) },
    );
    const cards = pages.map(() => '[]');
    for (const row of rows) cards[Number(row.page)] = row.cards;
    return cards;
  });
}
