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
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type CatalogQuery,
  type CatalogSort,
  type ItemOptionInput,
  type Locale,
  type StoreItemSort,
} from '@marketplace/shared';
import type { Db, Tx } from '../../db/client';
import { batchedReads } from '../../db/batched-reads';
import { inlineInteger, NamedStatements } from '../../db/named-statements';
import { itemOptions, items } from '../../db/schema';

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
    'care', ${localizedColumn(items.care, items.careFr, locale)}, 'tags', ${items.tags},
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
  /** Where the page's first and last products stand in its order; absent when it is empty. */
  bounds?: { first: SortKey; last: SortKey };
}

/**
 * What the catalog's orders sort a product by, but names (sorted by the database's collation):
 * in stock, on sale, when it was created (in microseconds, as stored), its id, the price paid.
 */
export type SortKey = [
  inStock: boolean,
  onSale: boolean,
  createdAt: number,
  id: number,
  salePrice: number,
];

const sortKey = sql`json_build_array(${items.inStock}, ${items.onSale}, (extract(epoch from ${items.createdAt}) * 1000000)::bigint, ${items.id}, ${items.salePrice}::float8)`;
export type ItemOptionRow = typeof itemOptions.$inferSelect;
export type ItemWithOptions = ItemRow & {
  options: ItemOptionRow[];
  /** When it was created, in microseconds (its SortKey's). */
  createdAtMicros: number;
};

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
  Partial<Pick<ItemRow, 'nameFr' | 'descriptionFr' | 'materialsFr' | 'careFr'>>;

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
      createdAtMicros:
        sql<number>`(extract(epoch from ${items.createdAt}) * 1000000)::bigint`.mapWith(Number),
    })
    .from(items)
    .where(and(eq(items.id, sql.placeholder('id')), isNull(items.deletedAt)))
    .limit(1)
    .prepare('item_with_options');

export class ItemsRepository {
  private readonly itemWithOptions: ReturnType<typeof prepareItemWithOptions>;
  private readonly statements: NamedStatements;

  constructor(private readonly db: Db) {
    this.itemWithOptions = prepareItemWithOptions(db);
    this.statements = new NamedStatements(db);
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
    /** Runs in the update's transaction (the payouts module's new listing, issue 38.9). */
    afterUpdate?: (tx: Tx) => Promise<void>,
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
      // Three statements whatever the number of options: the options no longer sent go, the
      // product's own sent by id are rewritten in one update, and the rest are added (an id sent
      // twice rewrites its option once; the second is added).
      const ids = new Set<number>();
      const sent = options.flatMap((option, position) =>
        option.id && !ids.has(option.id) && ids.add(option.id)
          ? [{ id: option.id, ...optionValues(id, option, position) }]
          : [],
      );
      await tx.delete(itemOptions).where(
        and(
          eq(itemOptions.itemId, id),
          sent.length > 0
            ? notInArray(
                itemOptions.id,
                sent.map((option) => option.id),
              )
            : undefined,
        ),
      );
      const column = <K extends keyof (typeof sent)[number]>(key: K) =>
        sql.param(sent.map((option) => option[key]));
      const rewritten =
        sent.length === 0
          ? []
          : await tx
              .update(itemOptions)
              .set({
                position: sql`v.position`,
                color: sql`v.color`,
                size: sql`v.size`,
                price: sql`v.price`,
                sale: sql`v.sale`,
                count: sql`v.count`,
                isAvailable: sql`v.is_available`,
              })
              .from(
                sql`unnest(${column('id')}::int[], ${column('position')}::int2[],
                  ${column('color')}::text[], ${column('size')}::text[],
                  ${column('price')}::numeric[], ${column('sale')}::numeric[],
                  ${column('count')}::int[], ${column('isAvailable')}::boolean[])
                  as v(id, position, color, size, price, sale, count, is_available)`,
              )
              .where(and(eq(itemOptions.itemId, id), eq(itemOptions.id, sql`v.id`)))
              .returning({ id: itemOptions.id });
      // An id that is not one of this product's options (another's, or one gone) is a new option.
      const kept = new Set(rewritten.map((option) => option.id));
      const added = options.flatMap((option, position) =>
        option.id && kept.delete(option.id) ? [] : [optionValues(id, option, position)],
      );
      if (added.length > 0) await tx.insert(itemOptions).values(added);
      await afterUpdate?.(tx);
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
   * A store's page of cards for shoppers and its total, by the store's name in lower case (the
   * products' copy of it: no store lookup first); the total is counted from the store's featured
   * index without reading the table. A total of 0 can also mean there is no such store. The
   * pages of one order and size asked for together are read in one statement (batchedReads).
   */
  storeCards(
    storeName: string,
    sort: StoreItemSort,
    limit: number,
    offset: number,
    locale: Locale,
  ): Promise<CardsPage> {
    return this.storePages(JSON.stringify([sort, limit, offset > 0, locale]), {
      store: storeName,
      offset,
    });
  }

  private readonly storePages = batchedReads(
    async (key: string, pages: { store: string; offset: number }[]): Promise<CardsPage[]> => {
      const [sort, limit, skips, locale] = JSON.parse(key) as [
        StoreItemSort,
        number,
        boolean,
        Locale,
      ];
      type Row = {
        n: unknown;
        cards: string;
        total: unknown;
        first_key: SortKey | null;
        last_key: SortKey;
      };
      const rows = await this.statements.keptRows<Row>(
        `store pages ${key}`,
        () => {
          const where = sql`lower(${items.storeName}) = s.store and ${publicItem}`;
          // The offset in the text or not at all, as the limit: a parameter made PostgreSQL plan each page.
          const skip = skips ? sql` offset s.skip` : sql``;
          return sql`select s.n, p.cards, p.first_key, p.last_key,
              (select count(*) from ${items} where ${where}) as total
            from unnest(${sql.placeholder('stores')}::text[], ${sql.placeholder('offsets')}::int8[])
              with ordinality as s(store, skip, n)
            cross join lateral (
              select coalesce('[' || string_agg(q.card, ', ') || ']', '[]') as cards,
                (array_agg(q.key))[1] as first_key, (array_agg(q.key))[count(*)::int] as last_key
              from (select ${cardJson(locale)} as card, ${sortKey} as key from ${items} where ${where}
                order by ${sql.join(storeOrder[sort], sql`, `)} limit ${inlineInteger(limit)}${skip}) as q
            ) as p`;
        },
        { stores: pages.map((page) => page.store), offsets: pages.map((page) => page.offset) },
      );
      const answers: CardsPage[] = [];
      for (const { n, cards, total, first_key: first, last_key: last } of rows)
        answers[Number(n) - 1] = {
          json: cards,
          total: Number(total),
          ...(first ? { bounds: { first, last } } : {}),
        };
      return answers;
    },
  );

  async optionsOf(itemIds: number[]): Promise<ItemOptionRow[]> {
    if (itemIds.length === 0) return [];
    return this.db
      .select()
      .from(itemOptions)
      .where(inArray(itemOptions.itemId, itemIds))
      .orderBy(asc(itemOptions.itemId), asc(itemOptions.position));
  }

  /**
   * Options with their item's facts, for the bag: one query whatever the number of lines.
   * `db`: a transaction to read in (a checkout's, which holds PGlite's one connection).
   */
  async optionsWithItems(optionIds: number[], db: Db | Tx = this.db) {
    if (optionIds.length === 0) return [];
    return db
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
   * whose stock moved and those that became sold out. Runs inside `within`, the transaction
   * that writes what holds the units (the checkout's order): both commit or neither does.
   */
  async takeStock(
    lines: { itemOptionId: number; quantity: number }[],
    within: Db | Tx = this.db,
  ): Promise<{ itemOptionId: number; available: number } | StockMove> {
    try {
      // A savepoint in `within`: a shortfall undoes the lines already taken, and only them.
      return await within.transaction(async (tx) => {
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
   * moved and those that came back from sold out. Runs inside `within`, the transaction that
   * ends the hold (the order's move out of waiting): both commit or neither does.
   */
  async returnStock(
    lines: { itemOptionId: number; quantity: number }[],
    within: Db | Tx = this.db,
  ): Promise<StockMove> {
    if (lines.length === 0) return { itemIds: [], flippedIds: [] };
    return within.transaction(async (tx) => {
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
   * read in one statement (items_store_id_idx), remembered as withheld.
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
