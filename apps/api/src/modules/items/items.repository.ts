import { and, asc, eq, gte, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import {
  formatCents,
  toCents,
  type ItemOptionInput,
  type Locale,
  type StoreItemSort,
} from '@marketplace/shared';
import type { Db, Tx } from '../../db/client';
import { batchedReads } from '../../db/batched-reads';
import { inlineInteger, NamedStatements } from '../../db/named-statements';
import { itemOptions, items } from '../../db/schema';
import {
  cardJson,
  catalogOrder,
  itemColumns,
  refreshInStock,
  detailJson,
  listing,
  optionFacts,
  prepareItemWithOptions,
  publicItem,
  searchVector,
  weightedSearchVector,
  sortKey,
  storeOrder,
  summaryColumns,
  type CardsPage,
  type ItemOptionRow,
  type ItemRow,
  type ItemValues,
  type ItemWithOptions,
  type SortKey,
  type StockMove,
  type StoreCopy,
  type SummaryRow,
} from './item-sql.repository';
export type {
  CardsPage,
  CatalogFilters,
  ItemOptionRow,
  ItemRow,
  ItemValues,
  ItemWithOptions,
  SortKey,
  StockMove,
  StoreCopy,
  SummaryRow,
} from './item-sql.repository';

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
      const prices = sql.param(sent.map((option) => formatCents(option.priceCents)));
      const rewritten =
        sent.length === 0
          ? []
          : await tx
              .update(itemOptions)
              .set({
                position: sql`v.position`,
                color: sql`v.color`,
                size: sql`v.size`,
                priceCents: sql`v.price`,
                sale: sql`v.sale`,
                count: sql`v.count`,
                isAvailable: sql`v.is_available`,
              })
              .from(
                sql`unnest(${column('id')}::int[], ${column('position')}::int2[],
                  ${column('color')}::text[], ${column('size')}::text[],
                  ${prices}::numeric[], ${column('sale')}::numeric[],
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
        itemPriceCents: items.priceCents,
        itemSale: items.sale,
        optionPriceCents: itemOptions.priceCents,
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
        search: weightedSearchVector(
          sql`${items.name}`,
          sql`array_to_string(${items.tags}, ' ') || ' ' || ${items.category} || ' ' || array_to_string(${items.colors}, ' ') || ' ' || array_to_string(${items.sizes}, ' ') || ' ' || ${store.name}`,
          sql`${items.description} || ' ' || ${items.materials}`,
        ),
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
    priceCents: toCents(option.price),
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
