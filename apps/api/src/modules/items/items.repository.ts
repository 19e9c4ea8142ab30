import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  PRICE_BANDS,
  type CatalogQuery,
  type CatalogSort,
  type FacetValue,
  type ItemOptionInput,
  type StoreItemSort,
} from '@marketplace/shared';
import type { Db } from '../../db/client';
import { namePrefixKey, nameStartsWith } from '../../db/name-prefix';
import { itemOptions, items } from '../../db/schema';

// Every column but the search vector, which only the database reads.
const { search: _search, ...itemColumns } = getTableColumns(items);

export type ItemRow = Omit<typeof items.$inferSelect, 'search'>;
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
>;

export interface StoreCopy {
  id: string;
  name: string;
  city: string;
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

/**
 * Recomputes the sold-out flag of the items owning these options, after their stock moved
 * (one statement, by the option and item primary keys). Returns whether any flag flipped, so
 * the caller knows the lists (not only product pages) changed.
 */
async function refreshInStock(db: Pick<Db, 'update'>, optionIds: number[]): Promise<boolean> {
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
  return flipped.length > 0;
}

const catalogOrder: Record<CatalogSort, SQL[]> = {
  // Featured: what is on sale first, then the newest listings.
  // Sold-out products after the rest (issue 13); the featured indexes lead with in_stock.
  featured: [
    desc(items.inStock),
    sql`(${items.sale} > 0) desc`,
    desc(items.createdAt),
    desc(items.id),
  ],
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

  constructor(private readonly db: Db) {
    this.itemWithOptions = prepareItemWithOptions(db);
  }

  async insert(store: StoreCopy, values: ItemValues, options: ItemOptionInput[]): Promise<number> {
    const { colors, sizes, inStock } = optionFacts(options);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(items)
        .values({
          ...values,
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

  /** One round trip: the item and its options (as JSON, in order), unless deleted. */
  async findWithOptions(id: number): Promise<ItemWithOptions | undefined> {
    const [row] = await this.itemWithOptions.execute({ id });
    return row;
  }

  /**
   * One page and the whole count, as two queries side by side: a window count would make the
   * database build and sort every match before it could stop at the page.
   */
  async search(filters: CatalogFilters, sort: CatalogSort, limit: number, offset: number) {
    const where = catalogWhere(filters);
    const [rows, [counted]] = await Promise.all([
      this.db
        .select(itemColumns)
        .from(items)
        .where(where)
        .orderBy(...catalogOrder[sort])
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(items)
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /**
   * Counts per filter value (spec 4's five lists), disjunctive: each list is counted over the
   * results of every other chosen filter but not its own, so a value's count is what the list
   * would show once it is ticked too (values of one list add up, lists narrow each other).
   */
  async facets(filters: CatalogFilters) {
    const without = (group: 'category' | 'store' | 'color' | 'size' | 'price') =>
      catalogWhere({ ...filters, [group]: [] });
    const grouped = (column: SQL, where: SQL | undefined) =>
      this.db
        .select({ value: sql<string>`${column}`, count: sql<number>`count(*)::int` })
        .from(items)
        .where(where)
        .groupBy(sql`1`)
        .orderBy(desc(sql`2`), asc(sql`1`));
    const bands = PRICE_BANDS.map(
      (band) =>
        sql`count(*) filter (where ${items.salePrice} >= ${band.min}${band.max === undefined ? sql`` : sql` and ${items.salePrice} < ${band.max}`})::int`,
    );
    const [category, store, color, size, priceRow] = await Promise.all([
      grouped(sql`${items.category}`, without('category')),
      grouped(sql`${items.storeName}`, without('store')),
      grouped(sql`unnest(${items.colors})`, without('color')),
      grouped(sql`unnest(${items.sizes})`, without('size')),
      this.db
        .select({ counts: sql<number[]>`array[${sql.join(bands, sql`, `)}]` })
        .from(items)
        .where(without('price')),
    ]);
    const priceCounts = priceRow[0]?.counts ?? [];
    return {
      category,
      store,
      color,
      size: size.map((s) => ({ ...s, value: s.value.toUpperCase() })),
      price: PRICE_BANDS.map((band, i) => ({ value: band.id, count: Number(priceCounts[i] ?? 0) })),
    } satisfies Record<string, FacetValue[]>;
  }

  /**
   * Listed products whose name starts with `prefix` (lower case), A to Z: one range of the
   * name-prefix index, read in order and stopped at `limit`.
   */
  namesStartingWith(prefix: string, limit: number) {
    return this.db
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(and(publicItem, nameStartsWith(items.name, prefix)))
      .orderBy(asc(namePrefixKey(items.name)), asc(items.id))
      .limit(limit);
  }

  /**
   * Listed products with, for every typed word, a word of the name that starts with it (the
   * search vector's weight A is the name), through the search index. No order: sorting every
   * match of a short prefix would cost more than the six it returns are worth.
   */
  namesWithWordsStartingWith(words: string[], limit: number, exceptIds: number[]) {
    const query = words.map((word) => `${word}:*A`).join(' & ');
    return this.db
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(
        and(
          publicItem,
          sql`${items.search} @@ to_tsquery('simple', ${query})`,
          exceptIds.length ? notInArray(items.id, exceptIds) : undefined,
        ),
      )
      .limit(limit);
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
  }): Promise<ItemRow[]> {
    return this.db
      .select(itemColumns)
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

  async storeItems(
    storeId: string,
    sort: StoreItemSort,
    limit: number,
    offset: number,
    includeUnavailable: boolean,
  ) {
    const rows = await this.db
      .select({ item: itemColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(items)
      .where(
        and(eq(items.storeId, storeId), includeUnavailable ? isNull(items.deletedAt) : publicItem),
      )
      .orderBy(...storeOrder[sort])
      .limit(limit)
      .offset(offset);
    return { rows: rows.map((r) => r.item), total: rows[0]?.total ?? 0 };
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
   * the first option that fell short, with what it had, or (everything taken) whether a
   * product became sold out.
   */
  async takeStock(
    lines: { itemOptionId: number; quantity: number }[],
  ): Promise<{ itemOptionId: number; available: number } | { soldOutChanged: boolean }> {
    try {
      const soldOutChanged = await this.db.transaction(async (tx) => {
        for (const line of [...lines].sort((a, b) => a.itemOptionId - b.itemOptionId)) {
          const taken = await tx
            .update(itemOptions)
            .set({ count: sql`${itemOptions.count} - ${line.quantity}` })
            .where(
              and(eq(itemOptions.id, line.itemOptionId), gte(itemOptions.count, line.quantity)),
            )
            .returning({ id: itemOptions.id });
          if (taken.length === 0) {
            const [row] = await tx
              .select({ count: itemOptions.count })
              .from(itemOptions)
              .where(eq(itemOptions.id, line.itemOptionId));
            throw new StockShortfall(line.itemOptionId, row?.count ?? 0);
          }
        }
        return refreshInStock(
          tx,
          lines.map((l) => l.itemOptionId),
        );
      });
      return { soldOutChanged };
    } catch (error) {
      if (error instanceof StockShortfall)
        return { itemOptionId: error.itemOptionId, available: error.available };
      throw error;
    }
  }

  /** Puts units back (a checkout that lapsed or was abandoned). */
  /** Returns whether a product came back from sold out. */
  async returnStock(lines: { itemOptionId: number; quantity: number }[]): Promise<boolean> {
    if (lines.length === 0) return false;
    return this.db.transaction(async (tx) => {
      for (const line of lines) {
        await tx
          .update(itemOptions)
          .set({ count: sql`${itemOptions.count} + ${line.quantity}` })
          .where(eq(itemOptions.id, line.itemOptionId));
      }
      return refreshInStock(
        tx,
        lines.map((l) => l.itemOptionId),
      );
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

function catalogWhere(f: CatalogFilters): SQL | undefined {
  const bands = PRICE_BANDS.filter((band) => f.price.includes(band.id)).map((band) =>
    band.max === undefined
      ? sql`${items.salePrice} >= ${band.min}`
      : sql`(${items.salePrice} >= ${band.min} and ${items.salePrice} < ${band.max})`,
  );
  return and(
    publicItem,
    f.keyword ? sql`${items.search} @@ plainto_tsquery('simple', ${f.keyword})` : undefined,
    f.category.length ? inArray(items.category, f.category) : undefined,
    f.store.length
      ? inArray(
          sql`lower(${items.storeName})`,
          f.store.map((s) => s.toLowerCase()),
        )
      : undefined,
    f.color.length ? sql`${items.colors} && ${toTextArray(f.color)}` : undefined,
    f.size.length
      ? sql`${items.sizes} && ${toTextArray(f.size.map((s) => s.toLowerCase()))}`
      : undefined,
    bands.length ? or(...bands) : undefined,
    f.minPrice !== undefined ? sql`${items.salePrice} >= ${f.minPrice}` : undefined,
    f.maxPrice !== undefined ? sql`${items.salePrice} <= ${f.maxPrice}` : undefined,
    f.city ? eq(items.storeCity, f.city) : undefined,
  );
}

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
