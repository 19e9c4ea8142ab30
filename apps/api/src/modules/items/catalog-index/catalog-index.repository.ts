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

const publicItem = sql`${items.isAvailable} and ${items.deletedAt} is null`;

/**
 * A product's columns as the index takes them, as the text of one JSON array (in the order
 * `toIndexRows` reads): the driver hands text over as it is and JSON.parse reads a batch at
 * once. The driver's own parse of each row's five text arrays made reading a million products
 * take 20 s instead of 14 (issue 41; `npm run bench:index`); an object with its keys instead of
 * an array took 16 s. The name's words are the search vector's of weight A, as both of its
 * writers build it (item-sql.repository.ts): parsing the name again took the database 2.8 s of
 * a million products' 12.4, filtering them out of the vector 2.0.
 */
const productJson = sql`json_build_array(${items.id}, ${publicItem},
  ${items.storeName}, lower(${items.storeName}), ${items.storeCity}, ${items.category},
  ${items.colors}, ${items.sizes}, ${centsInSql(items.salePriceCents)}, ${items.inStock},
  ${items.onSale}, (extract(epoch from ${items.createdAt}) * 1000000)::float8,
  tsvector_to_array(${items.search}), tsvector_to_array(${items.searchFr}),
  ${items.name}, lower(${items.name}), ${items.nameFr}, lower(${items.nameFr}),
  tsvector_to_array(ts_filter(${items.search}, '{a}')))::text`;

type ProductJson = [
  number,
  boolean,
  string,
  string,
  string,
  string,
  string[],
  string[],
  number,
  boolean,
  boolean,
  number,
  string[],
  string[],
  string,
  string,
  string | null,
  string | null,
  string[],
];

/** The oldest transaction the statement's snapshot saw still running, as xid8 text. */
const snapshotHorizon = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/** Products of `productJson` texts, parsed at once. */
function toIndexRows(texts: string[]): IndexRow[] {
  if (texts.length === 0) return [];
  return (JSON.parse(`[${texts.join(',')}]`) as ProductJson[]).map((p) => ({
    id: p[0],
    listed: p[1],
    storeName: p[2],
    storeKey: p[3],
    city: p[4],
    category: p[5],
    colors: p[6],
    sizes: p[7],
    salePriceCents: p[8],
    inStock: p[9],
    onSale: p[10],
    createdAt: p[11],
    words: p[12],
    frenchWords: p[13],
    name: p[14],
    nameKey: p[15],
    nameFr: p[16],
    nameFrKey: p[17],
    nameWords: p[18],
  }));
}

/** How many products each read of the first load brings (a few megabytes at a time). */
const LOAD_BATCH = 1000;
/** How many of a batch's products the load takes before it lets the event loop run. */
const TAKE_AT_ONCE = 25;

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
        select ${productJson} as product from ${items} where ${publicItem}
        order by ${items.storeCity}, lower(${items.storeName}), ${items.id}`);
      const fetchBatch = () => {
        const batch = rows<{ product: string }>(
          sql.raw(`fetch ${LOAD_BATCH} from catalog_index_load`),
        );
        // A batch asked for when `take` throws (the load stopped) is never awaited.
        batch.catch(() => undefined);
        return batch;
      };
      // The next batch is asked for before this one is taken: the database reads it (in the load
      // order's index, migration 0047) while this process builds.
      for (let next = fetchBatch(); ;) {
        const batch = await next;
        if (batch.length === LOAD_BATCH) next = fetchBatch();
        const products = toIndexRows(batch.map((row) => row.product));
        // Taken a few at a time, letting the driver read between them: a process busy with a
        // whole batch leaves the socket full and the database waiting (the load took 36 s
        // instead of 25, issue 41). An empty batch is taken too (`take` may stop the load).
        for (let taken = 0; taken === 0 || taken < products.length; taken += TAKE_AT_ONCE) {
          take(products.slice(taken, taken + TAKE_AT_ONCE));
          await new Promise(setImmediate);
        }
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
    const rows = await this.statements.keptRows<{ horizon: string; product: string | null }>(
      'changed since',
      () => sql`with h as (select ${snapshotHorizon} as horizon)
        select h.horizon, r.product from h left join lateral (
          select ${productJson} as product from ${items}
          where ${items.changedXid} >= ${sql.placeholder('horizon')}::xid8
        ) r on true`,
      { horizon },
    );
    return {
      horizon: rows[0]!.horizon,
      rows: toIndexRows(rows.flatMap((row) => (row.product === null ? [] : [row.product]))),
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
