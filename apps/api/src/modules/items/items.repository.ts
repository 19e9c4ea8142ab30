import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CATALOG_COUNT_CAP,
  PRICE_BANDS,
  type CatalogQuery,
  type CatalogSort,
  type FacetValue,
  type ItemOptionInput,
  type Locale,
  type StoreItemSort,
} from '@marketplace/shared';
import type { Db, Tx } from '../../db/client';
import { namePrefixKey, nameStartsWith, startsWith } from '../../db/name-prefix';
import { inlineInteger, NamedStatements } from '../../db/named-statements';
import { catalogCounts, catalogNameWords, itemOptions, items } from '../../db/schema';

// Every column but the search vectors, the sort key and the cards, which only the database reads.
const {
  search: _search,
  searchFr: _searchFr,
  onSale: _onSale,
  card: _card,
  cardFr: _cardFr,
  ...itemColumns
} = getTableColumns(items);

export type ItemRow = Omit<
  typeof items.$inferSelect,
  'search' | 'searchFr' | 'onSale' | 'card' | 'cardFr'
>;

/** What a product card shows (lists, searches, store pages): a third of the columns. */
const summaryColumns = {
  id: items.id,
  name: items.name,
  nameFr: items.nameFr,
  price: items.price,
  sale: items.sale,
  salePrice: items.salePrice,
  currency: items.currency,
  thumbnail: items.thumbnail,
  storeName: items.storeName,
  category: items.category,
  inStock: items.inStock,
};
export type SummaryRow = Pick<ItemRow, keyof typeof summaryColumns>;

/** A brand's text in the reader's language, or the other one when it wrote only that (localizedText). */
function localizedColumn(english: SQL | AnyPgColumn, french: AnyPgColumn, locale: Locale) {
  return locale === 'fr-CA'
    ? sql`coalesce(nullif(${french}, ''), ${english})`
    : sql`coalesce(nullif(${english}, ''), ${french}, '')`;
}

/**
 * A product card (ItemSummary) as JSON text, kept by the database on the row (migration 0032): a
 * page of cards reaches the API as one text value it sends as it is, with no rows to map and
 * no object to serialise.
 */
const cardJson = (locale: Locale) => (locale === 'fr-CA' ? items.cardFr : items.card);

/** A time as Date.toISOString writes it (UTC, milliseconds). */
const isoTime = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A product page (ItemDetail) written by the database as JSON, as the cards are: the service's
 * `toDetail` twin for a shopper of `locale`. Its card's fields are the stored card's (one
 * definition, migration 0032), the object's closing brace replaced by the page's other fields.
 * A change to ItemDetail must change both; the API tests read every field of a product page.
 */
function detailJson(locale: Locale): SQL {
  const o = itemOptions;
  return sql`left(${cardJson(locale)}, -1) || ', ' || substr(json_build_object(
    'description', ${localizedColumn(items.description, items.descriptionFr, locale)},
    'materials', ${localizedColumn(items.materials, items.materialsFr, locale)},
    'care', ${items.care}, 'tags', ${items.tags},
    'isAvailable', ${items.isAvailable} or ${items.withheld},
    'images', ${items.images}, 'storeCity', ${items.storeCity},
    'createdAt', ${isoTime(items.createdAt)}, 'updatedAt', ${isoTime(items.updatedAt)},
    'dimensions', json_build_object('width', ${items.width}::float8, 'length', ${items.length}::float8,
      'height', ${items.height}::float8, 'weight', ${items.weight}::float8, 'unit', ${items.dimensionUnit}),
    'itemOptions', coalesce((
      select json_agg(json_build_object('id', ${o.id}, 'color', ${o.color}, 'size', ${o.size},
        'price', ${o.price}::float8, 'sale', ${o.sale}::float8, 'count', ${o.count},
        'isAvailable', ${o.isAvailable}) order by ${o.position})
      from ${o} where ${o.itemId} = ${items.id}), '[]'::json))::text, 2)`;
}

/** A page of cards, as the JSON text of an array in the page's order, and how many there are in all. */
export interface CardsPage {
  json: string;
  total: number;
}
export type ItemOptionRow = typeof itemOptions.$inferSelect;
export type ItemWithOptions = ItemRow & { options: ItemOptionRow[] };

/** The item's own columns a write sets (the store copies and search vector are derived here). */
export type ItemValues = Pick<
  ItemRow,
  | 'name'
  | 'description'
  | 'materials'
  | 'care'
  | 'category'
  | 'price'
  | 'sale'
  | 'salePrice'
  | 'currency'
  | 'tags'
  | 'isAvailable'
  | 'thumbnail'
  | 'images'
  | 'width'
  | 'length'
  | 'height'
  | 'weight'
  | 'dimensionUnit'
> &
  /** The brand's French texts (issue 19); left out (undefined): unchanged by an update. */
  Partial<Pick<ItemRow, 'nameFr' | 'descriptionFr' | 'materialsFr'>>;

export interface StoreCopy {
  id: string;
  name: string;
  city: string;
  /** False while the store is pending or suspended (issue 17): a listed product is withheld. */
  listable?: boolean;
}

/** The seller's "available" becomes withheld, not listed, while the store may not list (issue 17). */
function listing(store: StoreCopy, isAvailable: boolean) {
  const listed = isAvailable && store.listable !== false;
  return { isAvailable: listed, withheld: isAvailable && !listed };
}

// Written as the partial indexes' predicate, with no parameter, so every plan can use them.
const publicItem = sql`${items.isAvailable} and ${items.deletedAt} is null`;

/**
 * Whole words, no stemming: 'men' is never a prefix or stem of 'women'. The long texts weigh
 * least, so a word in the name or tags still ranks above one in a description.
 */
function searchVector(
  values: Pick<ItemRow, 'name' | 'tags' | 'category' | 'description' | 'materials'>,
  colors: string[],
  sizes: string[],
  storeName: string,
) {
  const rest = [...values.tags, values.category, ...colors, ...sizes, storeName].join(' ');
  const prose = `${values.description} ${values.materials}`;
  return sql`setweight(to_tsvector('simple', ${values.name}), 'A') || setweight(to_tsvector('simple', ${rest}), 'B') || setweight(to_tsvector('simple', ${prose}), 'C')`;
}

function optionFacts(options: ItemOptionInput[]) {
  return {
    colors: [...new Set(options.map((o) => o.color.toLowerCase()))],
    sizes: [...new Set(options.map((o) => o.size.toLowerCase()))],
    inStock: options.some((o) => o.isAvailable && o.count > 0),
  };
}

/** The products whose stock moved, and those of them that sold out or came back. */
export interface StockMove {
  itemIds: number[];
  flippedIds: number[];
}

/**
 * Recomputes the sold-out flag of the items owning these options, after their stock moved
 * (one statement, by the option and item primary keys). Returns the items whose flag flipped,
 * so the caller knows which lists (not only product pages) changed.
 */
async function refreshInStock(db: Pick<Db, 'update'>, optionIds: number[]): Promise<number[]> {
  const stocked = sql`exists (select 1 from ${itemOptions} o where o.item_id = ${items.id} and o.is_available and o.count > 0)`;
  const flipped = await db
    .update(items)
    .set({ inStock: stocked })
    .where(
      and(
        inArray(
          items.id,
          sql`(select ${itemOptions.itemId} from ${itemOptions} where ${inArray(itemOptions.id, optionIds)})`,
        ),
        sql`${items.inStock} <> ${stocked}`,
      ),
    )
    .returning({ id: items.id });
  return flipped.map((row) => row.id);
}

const catalogOrder: Record<CatalogSort, SQL[]> = {
  // Featured: what is on sale first, then the newest listings.
  // Sold-out products after the rest (issue 13); the featured indexes lead with in_stock.
  featured: [desc(items.inStock), desc(items.onSale), desc(items.createdAt), desc(items.id)],
  'price-asc': [asc(items.salePrice), asc(items.id)],
  'price-desc': [desc(items.salePrice), desc(items.id)],
  newest: [desc(items.createdAt), desc(items.id)],
};

const storeOrder: Record<StoreItemSort, SQL[]> = {
  featured: catalogOrder.featured,
  'price-asc': catalogOrder['price-asc'],
  'price-desc': catalogOrder['price-desc'],
  'name-asc': [asc(sql`lower(${items.name})`), asc(items.id)],
  'name-desc': [desc(sql`lower(${items.name})`), desc(items.id)],
};

export type CatalogFilters = Omit<CatalogQuery, 'sort' | 'page' | 'pageSize'>;

/** Prepared once per connection: the product page is the catalog's busiest read. */
const prepareItemWithOptions = (db: Db) =>
  db
    .select({
      ...itemColumns,
      options: sql<ItemOptionRow[]>`coalesce((
        select json_agg(json_build_object(
          'id', o.id, 'itemId', o.item_id, 'position', o.position, 'color', o.color,
          'size', o.size, 'price', o.price, 'sale', o.sale, 'count', o.count,
          'isAvailable', o.is_available) order by o.position)
        from ${itemOptions} o where o.item_id = ${items}.id), '[]'::json)`,
    })
    .from(items)
    .where(and(eq(items.id, sql.placeholder('id')), isNull(items.deletedAt)))
    .limit(1)
    .prepare('item_with_options');

export class ItemsRepository {
  private readonly itemWithOptions: ReturnType<typeof prepareItemWithOptions>;
  private readonly statements: NamedStatements;
  /**
   * Pages past the first, each its own text (its offset in it): named from their own budget,
   * so that a crawler walking every page cannot leave the first pages' shapes unnamed.
   */
  private readonly deepPages: NamedStatements;

  constructor(private readonly db: Db) {
    this.itemWithOptions = prepareItemWithOptions(db);
    this.statements = new NamedStatements(db);
    this.deepPages = new NamedStatements(db, 50);
  }

  async insert(
    store: StoreCopy,
    values: ItemValues,
    options: ItemOptionInput[],
    /** Runs in the insert's transaction (the payouts module's listing fee). */
    afterInsert?: (tx: Tx, id: number) => Promise<void>,
  ): Promise<number> {
    const { colors, sizes, inStock } = optionFacts(options);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(items)
        .values({
          ...values,
          ...listing(store, values.isAvailable),
          storeId: store.id,
          storeName: store.name,
          storeCity: store.city,
          colors,
          sizes,
          inStock,
          search: searchVector(values, colors, sizes, store.name),
        })
        .returning({ id: items.id });
      await tx
        .insert(itemOptions)
        .values(options.map((o, position) => optionValues(row!.id, o, position)));
      await afterInsert?.(tx, row!.id);
      return row!.id;
    });
  }

  /** Updates the item and its options; options keep their ids so bags and orders stay valid. */
  async update(
    id: number,
    store: StoreCopy,
    values: ItemValues,
    options: ItemOptionInput[],
  ): Promise<void> {
    const { colors, sizes, inStock } = optionFacts(options);
    await this.db.transaction(async (tx) => {
      await tx
        .update(items)
        .set({
          ...values,
          ...listing(store, values.isAvailable),
          colors,
          sizes,
          inStock,
          search: searchVector(values, colors, sizes, store.name),
          updatedAt: new Date(),
        })
        .where(eq(items.id, id));
      const existing = await tx
        .select({ id: itemOptions.id })
        .from(itemOptions)
        .where(eq(itemOptions.itemId, id));
      const existingIds = new Set(existing.map((o) => o.id));
      const keptIds = options.flatMap((o) => (o.id && existingIds.has(o.id) ? [o.id] : []));
      await tx
        .delete(itemOptions)
        .where(
          keptIds.length
            ? and(eq(itemOptions.itemId, id), notInArray(itemOptions.id, keptIds))
            : eq(itemOptions.itemId, id),
        );
      for (const [position, option] of options.entries()) {
        const { itemId: _itemId, ...fields } = optionValues(id, option, position);
        if (option.id && existingIds.has(option.id)) {
          await tx.update(itemOptions).set(fields).where(eq(itemOptions.id, option.id));
        } else {
          await tx.insert(itemOptions).values({ ...fields, itemId: id });
        }
      }
    });
  }

  async hide(id: number): Promise<void> {
    await this.db
      .update(items)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(items.id, id));
  }

  /** The store of a product shoppers can see (listed and not deleted). */
  async storeIdOfListed(id: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ storeId: items.storeId })
      .from(items)
      .where(and(eq(items.id, id), publicItem))
      .limit(1);
    return row?.storeId;
  }

  /**
   * A listed product's page for a shopper of `locale`, as the JSON text the API sends (one
   * named statement: the product's id is its only parameter), or undefined.
   */
  async listedDetailJson(id: number, locale: Locale): Promise<string | undefined> {
    const [row] = await this.statements.keptRows<{ detail: string }>(
      `detail ${locale}`,
      () =>
        sql`select ${detailJson(locale)} as detail from ${items} where ${items.id} = ${sql.placeholder('id')} and ${publicItem}`,
      { id },
    );
    return row?.detail;
  }

  /** One round trip: the item and its options (as JSON, in order), unless deleted. */
  async findWithOptions(id: number): Promise<ItemWithOptions | undefined> {
    const [row] = await this.itemWithOptions.execute({ id });
    return row;
  }

  /**
   * One page and its total in one round trip: the total is a scalar subquery beside the page's
   * rows, run once (a window count would make the database build and sort every match before
   * it could stop at the page). The total of a list filtered by nothing but city and category
   * is read from catalog_counts; any other is counted up to CATALOG_COUNT_CAP and then stops
   * (`capped`, decision 016). A page past the end has no row to carry it: counted on its own.
   */
  async search(
    filters: CatalogFilters,
    sort: CatalogSort,
    limit: number,
    offset: number,
    locale: Locale,
  ): Promise<CardsPage & { capped: boolean }> {
    const query = () => {
      const where = catalogWhere(filters);
      const total = countsAnswer(filters) ? totalFromTable(filters) : cappedTotal(where);
      return this.cardsQuery(this.page(where, catalogOrder[sort], limit, offset, locale), total);
    };
    const page = filters.keyword
      ? // A keyword's best plan depends on how common the word is: planned for each search.
        await this.cards(query())
      : await this.cards(
          query,
          JSON.stringify(['search', filters, sort, limit, offset, locale]),
          {},
          offset > 0 ? this.deepPages : this.statements,
        );
    const capped = !countsAnswer(filters) && page.total > CATALOG_COUNT_CAP;
    return { json: page.json, total: capped ? CATALOG_COUNT_CAP : page.total, capped };
  }

  /**
   * One page of cards and its total in one round trip, the total a scalar subquery beside the
   * page (a window count would make the database build and sort every match before it could
   * stop at the page). The cards come as text: the driver leaves it unparsed.
   */
  private cardsQuery(page: SQL, total: SQL<number>): SQL {
    return sql`select (select coalesce('[' || string_agg(p.card, ', ') || ']', '[]') from (${page}) as p) as cards, ${total} as total`;
  }

  /** Runs `query`; with a `key` (every argument it was built from), as a prepared read (decision 032). */
  private async cards(query: SQL): Promise<CardsPage>;
  private async cards(
    query: () => SQL,
    key: string,
    values?: Record<string, unknown>,
    statements?: NamedStatements,
  ): Promise<CardsPage>;
  private async cards(
    query: SQL | (() => SQL),
    key?: string,
    values?: Record<string, unknown>,
    statements = this.statements,
  ): Promise<CardsPage> {
    type Row = { cards: string; total: unknown };
    const [row] =
      typeof query === 'function'
        ? await statements.keptRows<Row>(key!, query, values)
        : ((await this.db.execute(query)) as unknown as { rows: Row[] }).rows;
    return { json: row!.cards, total: Number(row!.total) };
  }

  /**
   * A page's cards in order (string_agg keeps the order of the sorted subquery it reads). A deep
   * page's offset is skipped over ids alone: for the whole catalog or a city the featured index
   * answers that without reading the table, then only the page's rows are read. The offset is
   * in the text, as the limit is: as a parameter, PostgreSQL planned the page on every request.
   */
  private page(
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
    locale: Locale,
  ): SQL {
    const card = cardJson(locale);
    const orderBy = sql.join(order, sql`, `);
    if (offset === 0)
      return sql`select ${card} as card from ${items} where ${where ?? sql`true`} order by ${orderBy} limit ${inlineInteger(limit)}`;
    const ids = sql`select ${items.id} from ${items} where ${where ?? sql`true`} order by ${orderBy} limit ${inlineInteger(limit)} offset ${inlineInteger(offset)}`;
    return sql`select ${card} as card from ${items} where ${items.id} in (${ids}) order by ${orderBy}`;
  }

  /**
   * Counts per filter value (spec 4's five lists), disjunctive: each list is counted over the
   * results of every other chosen filter but not its own, so a value's count is what the list
   * would show once it is ticked too (values of one list add up, lists narrow each other).
   * A list whose other filters are only city and category is summed from catalog_counts; the
   * others are counted in one pass over the matching products (one scan, not one per list).
   */
  async facets(filters: CatalogFilters) {
    const fromTable = FACET_LISTS.filter((list) => countsAnswer({ ...filters, [list]: [] }));
    const scanned = FACET_LISTS.filter((list) => !fromTable.includes(list));
    const [tableRows, scannedRows] = await Promise.all([
      fromTable.length ? this.facetsFromTable(filters, fromTable) : [],
      scanned.length ? this.facetsInOnePass(filters, scanned) : [],
    ]);
    const rows = [...tableRows, ...scannedRows];
    const listOf = (list: FacetList): FacetValue[] =>
      rows.filter((r) => r.list === list).map((r) => ({ value: r.value, count: r.count }));
    const priceCounts = new Map(listOf('price').map((r) => [r.value, r.count]));
    return {
      category: listOf('category'),
      store: listOf('store'),
      color: listOf('color'),
      size: listOf('size').map((s) => ({ ...s, value: s.value.toUpperCase() })),
      price: PRICE_BANDS.map((band) => ({ value: band.id, count: priceCounts.get(band.id) ?? 0 })),
    } satisfies Record<string, FacetValue[]>;
  }

  /** Lists summed from catalog_counts: each over the city and, but for its own, the categories. */
  private facetsFromTable(filters: CatalogFilters, lists: FacetList[]) {
    const c = catalogCounts;
    const list = sql`case ${c.facet} when 'all' then 'category' else ${c.facet} end`;
    const band = PRICE_BANDS.reduce(
      (expr, b) =>
        sql`${expr} when ${c.value}::int >= ${b.min}${b.max === undefined ? sql`` : sql` and ${c.value}::int < ${b.max}`} then ${b.id}::text`,
      sql`case`,
    );
    const value = sql`case ${c.facet} when 'all' then ${c.category} when 'price' then (${band} end) else ${c.value} end`;
    const facets = lists.map((l) => (l === 'category' ? 'all' : l));
    return this.db
      .select({
        list: sql<FacetList>`${list}`,
        value: sql<string>`${value}`,
        count: sql<number>`sum(${c.count})::int`,
      })
      .from(c)
      .where(
        and(
          inArray(c.facet, facets),
          filters.city ? eq(c.city, filters.city) : undefined,
          filters.category.length
            ? or(eq(c.facet, 'all'), inArray(c.category, filters.category))
            : undefined,
        ),
      )
      .groupBy(sql`1`, sql`2`)
      .having(sql`sum(${c.count}) > 0`)
      .orderBy(asc(sql`1`), desc(sql`3`), asc(sql`2`));
  }

  /**
   * One scan of the products that pass the filters no list owns (keyword, price range, city),
   * each row marked with which list filters it passes; each list then counts the rows that pass
   * all the others.
   */
  private async facetsInOnePass(filters: CatalogFilters, lists: FacetList[]) {
    const passes = listConditions(filters);
    // The filters of lists counted here are each dropped by one arm; a list counted from
    // catalog_counts keeps its filter in every arm, so it narrows the scan itself (a ticked
    // colour in a city: its 4,000 matches, not the city's 19,000 products).
    const base = catalogWhere({
      ...filters,
      ...Object.fromEntries(lists.map((list) => [list, []])),
    });
    const others = (own: FacetList) =>
      sql.raw(
        FACET_LISTS.filter((l) => l !== own)
          .map((l) => `m.in_${l}`)
          .join(' and '),
      );
    const band = PRICE_BANDS.reduce(
      (expr, b) =>
        sql`${expr} when m.sale_price >= ${b.min}${b.max === undefined ? sql`` : sql` and m.sale_price < ${b.max}`} then ${b.id}::text`,
      sql`case`,
    );
    const arms: Record<FacetList, SQL> = {
      category: sql`select 'category' as list, m.category as value, count(*)::int as count from m where ${others('category')} group by 2`,
      store: sql`select 'store', m.store_name, count(*)::int from m where ${others('store')} group by 2`,
      color: sql`select 'color', c.value, count(*)::int from m cross join unnest(m.colors) as c(value) where ${others('color')} group by 2`,
      size: sql`select 'size', s.value, count(*)::int from m cross join unnest(m.sizes) as s(value) where ${others('size')} group by 2`,
      price: sql`select 'price', ${band} end, count(*)::int from m where ${others('price')} group by 2`,
    };
    const result = await this.db.execute(sql`
      with m as materialized (
        select ${items.category} as category, ${items.storeName} as store_name,
          ${items.colors} as colors, ${items.sizes} as sizes, ${items.salePrice} as sale_price,
          ${passes.category} as in_category, ${passes.store} as in_store,
          ${passes.color} as in_color, ${passes.size} as in_size, ${passes.price} as in_price
        from ${items} where ${base}
      )
      select * from (${sql.join(
        lists.map((l) => sql`(${arms[l]})`),
        sql` union all `,
      )}) as f
      order by 1 asc, 3 desc, 2 asc`);
    const rows = (
      result as unknown as { rows: { list: FacetList; value: string; count: number }[] }
    ).rows;
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  /**
   * Listed products whose name starts with `prefix` (lower case), A to Z: one range of the
   * name-prefix index, read in order and stopped at `limit`. Prepared: planning it was most of
   * its cost.
   */
  namesStartingWith(prefix: string, limit: number) {
    return this.statements.keptRows<{ id: number; name: string }>(
      `names starting with:${limit}`,
      () => sql`select ${items.id}, ${items.name} from ${items}
        where ${publicItem} and ${nameStartsWith(items.name, sql.placeholder('prefix'))}
        order by ${namePrefixKey(items.name)}, ${items.id} limit ${inlineInteger(limit)}`,
      { prefix },
    );
  }

  /** Listed products whose French name starts with `prefix` (lower case): migration 0031's index. */
  frenchNamesStartingWith(prefix: string, limit: number) {
    return this.statements.keptRows<{ id: number; name: string }>(
      `French names starting with:${limit}`,
      () => sql`select ${items.id}, ${items.name} from ${items}
        where ${publicItem} and ${items.nameFr} is not null
          and ${nameStartsWith(items.nameFr, sql.placeholder('prefix'))}
        order by ${namePrefixKey(items.nameFr)}, ${items.id} limit ${inlineInteger(limit)}`,
      { prefix },
    );
  }

  /**
   * Listed products with, for every typed word, a word of the name that starts with it. One word
   * is a range of the names' words (migration 0034), in word order, stopped at `limit`; a name
   * with two such words comes once, at its first. Several words go through a bitmap of the
   * names' own word index (migration 0025: its posting lists intersect, where a range of one
   * word would read every name with it to find the others), once every typed word starts some
   * listed name's word: no order, since sorting every match of a short prefix would cost more
   * than the six it returns.
   */
  async namesWithWordsStartingWith(words: string[], limit: number, exceptIds: number[]) {
    if (words.length === 1) {
      const [word] = words as [string];
      return this.statements.rows<{ id: number; name: string }>(sql`
        select ${items.id}, ${items.name} from ${catalogNameWords}
        join ${items} on ${items.id} = ${catalogNameWords.itemId}
        where ${startsWith(catalogNameWords.word, word)} and ${publicItem}
          and not (${items.id} = any(${toIntArray(exceptIds)}))
          and not exists (select 1 from ${catalogNameWords} as earlier
            where earlier.item_id = ${catalogNameWords.itemId}
              and ${startsWith(sql`earlier.word`, word)} and earlier.word < ${catalogNameWords.word})
        order by ${catalogNameWords.word}, ${catalogNameWords.itemId}
        limit ${inlineInteger(limit)}`);
    }
    // A word no listed name has (a typo, "ja" in a catalog without jackets) answers at once,
    // from the words' index: the bitmap is built only when every word is somewhere.
    const everyWordIsSomewhere = sql.join(
      words.map(
        (word) =>
          sql`exists (select 1 from ${catalogNameWords} where ${startsWith(catalogNameWords.word, word)})`,
      ),
      sql` and `,
    );
    const query = words.map((word) => `${word}:*`).join(' & ');
    return this.statements.rows<{ id: number; name: string }>(
      sql`select id, name from catalog_names_with_words(to_tsquery('simple', ${query}), ${toIntArray(exceptIds)}, ${limit})
        where ${everyWordIsSomewhere}`,
    );
  }

  /** The brands' French names of these products, where written (the suggestions' labels). */
  async frenchNamesOf(ids: number[]): Promise<Map<number, string | null>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: items.id, nameFr: items.nameFr })
      .from(items)
      .where(inArray(items.id, ids));
    return new Map(rows.map((row) => [row.id, row.nameFr]));
  }

  /** The category and brand of each product asked about (deleted ones too: a bag may hold them). */
  sourcesOf(ids: number[]): Promise<{ id: number; category: string; storeId: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: items.id, category: items.category, storeId: items.storeId })
      .from(items)
      .where(inArray(items.id, ids));
  }

  /**
   * Listed products for "YOU MAY ALSO LIKE...", in featured order: of these categories (any
   * when empty), not of these brands or ids, in `city` when given, among `onlyIds` when given.
   * Served by the featured indexes (whole catalog or one city) or, with onlyIds, the key.
   */
  related(filter: {
    categories: string[];
    excludeStoreIds: string[];
    excludeIds: number[];
    city?: string | undefined;
    onlyIds?: number[];
    limit: number;
  }): Promise<SummaryRow[]> {
    return this.db
      .select(summaryColumns)
      .from(items)
      .where(
        and(
          publicItem,
          filter.onlyIds ? inArray(items.id, filter.onlyIds) : undefined,
          filter.categories.length ? inArray(items.category, filter.categories) : undefined,
          filter.excludeStoreIds.length
            ? notInArray(items.storeId, filter.excludeStoreIds)
            : undefined,
          filter.excludeIds.length ? notInArray(items.id, filter.excludeIds) : undefined,
          filter.city ? eq(items.storeCity, filter.city) : undefined,
        ),
      )
      .orderBy(...catalogOrder.featured)
      .limit(filter.limit);
  }

  /** A store's products for its owner, listed or not, every column; and how many there are. */
  async storeItems(
    storeId: string,
    sort: StoreItemSort,
    limit: number,
    offset: number,
  ): Promise<{ rows: ItemRow[]; total: number }> {
    const where = and(eq(items.storeId, storeId), isNull(items.deletedAt));
    const rows = await this.db
      .select({
        item: itemColumns,
        total: sql<number>`(select count(*) from ${items} where ${where})`.mapWith(Number),
      })
      .from(items)
      .where(where)
      .orderBy(...storeOrder[sort])
      .limit(limit)
      .offset(offset);
    return { rows: rows.map((r) => r.item), total: rows[0]?.total ?? 0 };
  }

  /**
   * A store's page of cards for shoppers and its total in one round trip, by the store's name
   * in lower case (the products' copy of it: no store lookup first); the total is counted from
   * the store's featured index without reading the table. A total of 0 can also mean there is
   * no such store.
   */
  storeCards(
    storeName: string,
    sort: StoreItemSort,
    limit: number,
    offset: number,
    locale: Locale,
  ): Promise<CardsPage> {
    const query = () => {
      const where = sql`lower(${items.storeName}) = ${sql.placeholder('store')} and ${publicItem}`;
      const skip = offset ? sql` offset ${sql.placeholder('offset')}` : sql``;
      const page = sql`select ${cardJson(locale)} as card from ${items} where ${where} order by ${sql.join(storeOrder[sort], sql`, `)} limit ${inlineInteger(limit)}${skip}`;
      return this.cardsQuery(page, sql<number>`(select count(*) from ${items} where ${where})`);
    };
    const key = JSON.stringify(['store', sort, limit, offset > 0, locale]);
    return this.cards(query, key, { store: storeName, offset });
  }

  async optionsOf(itemIds: number[]): Promise<ItemOptionRow[]> {
    if (itemIds.length === 0) return [];
    return this.db
      .select()
      .from(itemOptions)
      .where(inArray(itemOptions.itemId, itemIds))
      .orderBy(asc(itemOptions.itemId), asc(itemOptions.position));
  }

  /** Options with their item's facts, for the bag: one query whatever the number of lines. */
  async optionsWithItems(optionIds: number[]) {
    if (optionIds.length === 0) return [];
    return this.db
      .select({
        optionId: itemOptions.id,
        itemId: items.id,
        itemName: items.name,
        itemNameFr: items.nameFr,
        category: items.category,
        storeId: items.storeId,
        thumbnail: items.thumbnail,
        currency: items.currency,
        store: items.storeName,
        itemPrice: items.price,
        itemSale: items.sale,
        optionPrice: itemOptions.price,
        optionSale: itemOptions.sale,
        size: itemOptions.size,
        color: itemOptions.color,
        count: itemOptions.count,
        purchasable: sql<boolean>`${items.isAvailable} and ${itemOptions.isAvailable} and ${items.deletedAt} is null`,
      })
      .from(itemOptions)
      .innerJoin(items, eq(items.id, itemOptions.itemId))
      .where(inArray(itemOptions.id, optionIds));
  }

  /**
   * Takes the units out of stock, all or none: each option's count drops only while it stays
   * at or above zero, so two checkouts racing for the last unit cannot both get it. Returns
   * the first option that fell short, with what it had, or (everything taken) the products
   * whose stock moved and those that became sold out.
   */
  async takeStock(
    lines: { itemOptionId: number; quantity: number }[],
  ): Promise<{ itemOptionId: number; available: number } | StockMove> {
    try {
      return await this.db.transaction(async (tx) => {
        const itemIds = new Set<number>();
        for (const line of [...lines].sort((a, b) => a.itemOptionId - b.itemOptionId)) {
          const taken = await tx
            .update(itemOptions)
            .set({ count: sql`${itemOptions.count} - ${line.quantity}` })
            .where(
              and(eq(itemOptions.id, line.itemOptionId), gte(itemOptions.count, line.quantity)),
            )
            .returning({ itemId: itemOptions.itemId });
          if (taken.length === 0) {
            const [row] = await tx
              .select({ count: itemOptions.count })
              .from(itemOptions)
              .where(eq(itemOptions.id, line.itemOptionId));
            throw new StockShortfall(line.itemOptionId, row?.count ?? 0);
          }
          itemIds.add(taken[0]!.itemId);
        }
        const flippedIds = await refreshInStock(
          tx,
          lines.map((l) => l.itemOptionId),
        );
        return { itemIds: [...itemIds], flippedIds };
      });
    } catch (error) {
      if (error instanceof StockShortfall)
        return { itemOptionId: error.itemOptionId, available: error.available };
      throw error;
    }
  }

  /**
   * Puts units back (a checkout that lapsed or was abandoned). Returns the products whose stock
   * moved and those that came back from sold out.
   */
  async returnStock(lines: { itemOptionId: number; quantity: number }[]): Promise<StockMove> {
    if (lines.length === 0) return { itemIds: [], flippedIds: [] };
    return this.db.transaction(async (tx) => {
      const itemIds = new Set<number>();
      for (const line of lines) {
        const returned = await tx
          .update(itemOptions)
          .set({ count: sql`${itemOptions.count} + ${line.quantity}` })
          .where(eq(itemOptions.id, line.itemOptionId))
          .returning({ itemId: itemOptions.itemId });
        for (const row of returned) itemIds.add(row.itemId);
      }
      const flippedIds = await refreshInStock(
        tx,
        lines.map((l) => l.itemOptionId),
      );
      return { itemIds: [...itemIds], flippedIds };
    });
  }

  /** Each product's parcel weight and unit (hidden products too: they may be in orders). */
  weightsOf(ids: number[]): Promise<{ id: number; weight: number; unit: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: items.id, weight: items.weight, unit: items.dimensionUnit })
      .from(items)
      .where(inArray(items.id, ids));
  }

  async countPublicByStore(storeIds: string[]): Promise<Map<string, number>> {
    if (storeIds.length === 0) return new Map();
    const rows = await this.db
      .select({ storeId: items.storeId, count: sql<number>`count(*)::int` })
      .from(items)
      .where(and(inArray(items.storeId, storeIds), publicItem))
      .groupBy(items.storeId);
    return new Map(rows.map((r) => [r.storeId, r.count]));
  }

  /**
   * The public products in id order, cut into sitemap files of `perFile`: each file's first and
   * last id and its newest change. One pass over the public rows (the sitemap caches it).
   */
  sitemapFiles(
    perFile: number,
  ): Promise<{ firstId: number; lastId: number; lastModified: Date }[]> {
    const numbered = this.db
      .select({
        id: items.id,
        updatedAt: items.updatedAt,
        file: sql<number>`(row_number() over (order by ${items.id}) - 1) / ${perFile}`.as('file'),
      })
      .from(items)
      .where(publicItem)
      .as('numbered');
    return this.db
      .select({
        firstId: sql<number>`min(${numbered.id})`.mapWith(Number),
        lastId: sql<number>`max(${numbered.id})`.mapWith(Number),
        lastModified: sql<Date>`max(${numbered.updatedAt})`.mapWith(items.updatedAt),
      })
      .from(numbered)
      .groupBy(numbered.file)
      .orderBy(numbered.file);
  }

  /** The public products with ids from `firstId` to `lastId`, in id order (the primary key's range). */
  sitemapProducts(firstId: number, lastId: number): Promise<{ id: number; updatedAt: Date }[]> {
    return this.db
      .select({ id: items.id, updatedAt: items.updatedAt })
      .from(items)
      .where(and(gte(items.id, firstId), lte(items.id, lastId), publicItem))
      .orderBy(asc(items.id));
  }

  /**
   * A store suspended or waiting for approval (issue 17): its listed products leave every public
   * read in one statement (items_store_id_idx), remembered as withheld; the catalog_counts
   * triggers count them out.
   */
  async withholdStore(storeId: string): Promise<void> {
    await this.db
      .update(items)
      .set({ isAvailable: false, withheld: true })
      .where(and(eq(items.storeId, storeId), publicItem));
  }

  /** The store may list again: exactly its withheld products come back (items_withheld_store_id_idx). */
  async releaseStore(storeId: string): Promise<void> {
    await this.db
      .update(items)
      .set({ isAvailable: true, withheld: false })
      .where(and(eq(items.storeId, storeId), sql`${items.withheld}`));
  }

  /** Product names by id, deleted ones too (the operator's review queue). */
  async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(inArray(items.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Products not deleted, listed or not, per store (the operator's brands list). */
  async countByStore(storeIds: string[]): Promise<Map<string, number>> {
    if (storeIds.length === 0) return new Map();
    const rows = await this.db
      .select({ storeId: items.storeId, count: sql<number>`count(*)::int` })
      .from(items)
      .where(and(inArray(items.storeId, storeIds), isNull(items.deletedAt)))
      .groupBy(items.storeId);
    return new Map(rows.map((r) => [r.storeId, r.count]));
  }

  /** A renamed or moved store: refresh the copies and the search words of its items. */
  async refreshStoreCopies(store: StoreCopy): Promise<void> {
    await this.db
      .update(items)
      .set({
        storeName: store.name,
        storeCity: store.city,
        search: sql`setweight(to_tsvector('simple', ${items.name}), 'A') || setweight(to_tsvector('simple', array_to_string(${items.tags}, ' ') || ' ' || ${items.category} || ' ' || array_to_string(${items.colors}, ' ') || ' ' || array_to_string(${items.sizes}, ' ') || ' ' || ${store.name}), 'B') || setweight(to_tsvector('simple', ${items.description} || ' ' || ${items.materials}), 'C')`,
      })
      .where(eq(items.storeId, store.id));
  }
}

/** Spec 4's five filter lists, each with its facet. */
export const FACET_LISTS = ['category', 'store', 'color', 'size', 'price'] as const;
export type FacetList = (typeof FACET_LISTS)[number];

/**
 * Whether catalog_counts holds this list's total: no keyword, price range or list filter but
 * city and category.
 */
function countsAnswer(f: CatalogFilters): boolean {
  return (
    !f.keyword &&
    f.minPrice === undefined &&
    f.maxPrice === undefined &&
    f.store.length === 0 &&
    f.color.length === 0 &&
    f.size.length === 0 &&
    f.price.length === 0
  );
}

/** The listed products of a list filtered by city and category alone, from catalog_counts. */
function totalFromTable(filters: CatalogFilters): SQL<number> {
  const c = catalogCounts;
  const where = and(
    sql`${c.facet} = 'all'`,
    filters.city ? eq(c.city, filters.city) : undefined,
    filters.category.length ? inArray(c.category, filters.category) : undefined,
  );
  return sql<number>`(select coalesce(sum(${c.count}), 0) from ${c} where ${where})`.mapWith(
    Number,
  );
}

/** The matches counted up to one past CATALOG_COUNT_CAP, where counting stops. */
function cappedTotal(where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${items} where ${where} limit ${inlineInteger(CATALOG_COUNT_CAP + 1)}) as matches)`.mapWith(
    Number,
  );
}

/** Each list's own condition (true when nothing in it is chosen). */
function listConditions(f: CatalogFilters): Record<FacetList, SQL> {
  const bands = PRICE_BANDS.filter((band) => f.price.includes(band.id)).map((band) =>
    band.max === undefined
      ? sql`${items.salePrice} >= ${band.min}`
      : sql`(${items.salePrice} >= ${band.min} and ${items.salePrice} < ${band.max})`,
  );
  return {
    category: f.category.length ? inArray(items.category, f.category) : sql`true`,
    store: f.store.length
      ? inArray(
          sql`lower(${items.storeName})`,
          f.store.map((s) => s.toLowerCase()),
        )
      : sql`true`,
    color: f.color.length ? sql`${items.colors} && ${toTextArray(f.color)}` : sql`true`,
    size: f.size.length
      ? sql`${items.sizes} && ${toTextArray(f.size.map((s) => s.toLowerCase()))}`
      : sql`true`,
    price: bands.length ? or(...bands)! : sql`true`,
  };
}

/**
 * Every word of the keyword in the English words (whole words, 'simple'), or every word in the
 * brand's French ones, stemmed ('french': "chandails" finds "chandail"). Two vectors, each
 * under its own GIN index, which the planner ORs as two bitmaps (decision 030).
 */
function keywordMatches(keyword: string): SQL {
  return sql`(${items.search} @@ plainto_tsquery('simple', ${keyword}) or ${items.searchFr} @@ plainto_tsquery('french', ${keyword}))`;
}

function catalogWhere(f: CatalogFilters): SQL | undefined {
  const lists = listConditions(f);
  return and(
    publicItem,
    f.keyword ? keywordMatches(f.keyword) : undefined,
    f.category.length ? lists.category : undefined,
    f.store.length ? lists.store : undefined,
    f.color.length ? lists.color : undefined,
    f.size.length ? lists.size : undefined,
    f.price.length ? lists.price : undefined,
    f.minPrice !== undefined ? sql`${items.salePrice} >= ${f.minPrice}` : undefined,
    f.maxPrice !== undefined ? sql`${items.salePrice} <= ${f.maxPrice}` : undefined,
    f.city ? eq(items.storeCity, f.city) : undefined,
  );
}

const toIntArray = (values: number[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::int[]`
    : sql`'{}'::int[]`;

const toTextArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

function optionValues(itemId: number, option: ItemOptionInput, position: number) {
  return {
    itemId,
    position,
    color: option.color,
    size: option.size,
    price: option.price,
    sale: option.sale,
    count: option.count,
    isAvailable: option.isAvailable,
  };
}

class StockShortfall extends Error {
  constructor(
    readonly itemOptionId: number,
    readonly available: number,
  ) {
    super('stock shortfall');
  }
}
