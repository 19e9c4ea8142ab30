import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { City, StoreStatus } from '@marketplace/shared';
import type { Db } from '../../db/client';
import { namePrefixKey, nameStartsWith } from '../../db/name-prefix';
import { inlineInteger, NamedStatements } from '../../db/named-statements';
import { stores } from '../../db/schema';

export type StoreRow = typeof stores.$inferSelect;
const active = sql`${stores.status} = 'ACTIVE'`;

export type StoreFields = Pick<StoreRow, 'name' | 'description' | 'city'> &
  Partial<Pick<StoreRow, 'descriptionFr'>> &
  Partial<Pick<StoreRow, 'nameSkeleton' | 'nameSkeletonCased'>> &
  Partial<Pick<StoreRow, 'shipFromAddress' | 'returnAddress'>> &
  Partial<Pick<StoreRow, 'shippingNotes' | 'returnNotes'>> & {
    thumbnail?: string | null;
    banner?: string | null;
  };

/** A store by its name, any case: every store page asks it, so it is planned once (decision 032). */
const prepareStoreByName = (db: Db) =>
  db
    .select()
    .from(stores)
    .where(eq(sql`lower(${stores.name})`, sql.placeholder('name')))
    .limit(1)
    .prepare('store_by_name');

export class StoresRepository {
  private readonly storeByName: ReturnType<typeof prepareStoreByName>;
  private readonly statements: NamedStatements;

  constructor(private readonly db: Db) {
    this.storeByName = prepareStoreByName(db);
    this.statements = new NamedStatements(db);
  }

  async findByOwner(ownerId: string): Promise<StoreRow | undefined> {
    const [row] = await this.db.select().from(stores).where(eq(stores.ownerId, ownerId)).limit(1);
    return row;
  }

  findByIds(ids: string[]): Promise<StoreRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select().from(stores).where(inArray(stores.id, ids));
  }

  async findByName(name: string): Promise<StoreRow | undefined> {
    const [row] = await this.storeByName.execute({ name: name.toLowerCase() });
    return row;
  }

  /**
   * Store names that start with `prefix` (lower case), A to Z, from the name-prefix index; of the
   * city given one (a filter on that range: a prefix has few stores).
   */
  async namesStartingWith(prefix: string, limit: number, city?: City): Promise<string[]> {
    // Prepared, as every suggestion asks it (decision 032).
    const rows =
      city === undefined
        ? await this.statements.keptRows<{ name: string }>(
            `names starting with:${limit}`,
            () => sql`select ${stores.name} from ${stores}
        where ${nameStartsWith(stores.name, sql.placeholder('prefix'))} and ${active}
        order by ${namePrefixKey(stores.name)} limit ${inlineInteger(limit)}`,
            { prefix },
          )
        : await this.statements.keptRows<{ name: string }>(
            `names starting with in a city:${limit}`,
            () => sql`select ${stores.name} from ${stores}
        where ${nameStartsWith(stores.name, sql.placeholder('prefix'))} and ${active}
          and ${stores.city} = ${sql.placeholder('city')}
        order by ${namePrefixKey(stores.name)} limit ${inlineInteger(limit)}`,
            { prefix, city },
          );
    return rows.map((row) => row.name);
  }

  /** A store (other than `exceptId`) whose name has one of these look-alike keys. */
  async findByNameKeys(
    keys: { nameSkeleton: string; nameSkeletonCased: string },
    exceptId?: string,
  ): Promise<StoreRow | undefined> {
    const [row] = await this.db
      .select()
      .from(stores)
      .where(
        and(
          or(
            eq(stores.nameSkeleton, keys.nameSkeleton),
            eq(stores.nameSkeletonCased, keys.nameSkeletonCased),
          ),
          exceptId ? ne(stores.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row;
  }

  /** Stores still missing a look-alike key (opened before the keys existed), oldest first. */
  withoutNameKeys(): Promise<StoreRow[]> {
    return this.db
      .select()
      .from(stores)
      .where(or(sql`${stores.nameSkeleton} is null`, sql`${stores.nameSkeletonCased} is null`))
      .orderBy(asc(stores.createdAt), asc(stores.id));
  }

  async setNameKey(
    id: string,
    key: Partial<Pick<StoreRow, 'nameSkeleton' | 'nameSkeletonCased'>>,
  ): Promise<void> {
    await this.db.update(stores).set(key).where(eq(stores.id, id));
  }

  list(city?: string): Promise<StoreRow[]> {
    return this.db
      .select()
      .from(stores)
      .where(and(active, city ? eq(stores.city, city) : undefined))
      .orderBy(asc(sql`lower(${stores.name})`));
  }

  async create(ownerId: string, fields: StoreFields, status: StoreStatus): Promise<StoreRow> {
    const [row] = await this.db
      .insert(stores)
      .values({ ownerId, ...fields, status })
      .returning();
    return row!;
  }

  async update(id: string, fields: StoreFields): Promise<StoreRow> {
    const [row] = await this.db
      .update(stores)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(stores.id, id))
      .returning();
    return row!;
  }

  /**
   * Moves a store from one of `from` to `to`; undefined when it is in none of them (a decision
   * made twice at once is made once).
   */
  async moveStatus(
    id: string,
    from: readonly StoreStatus[],
    to: StoreStatus,
  ): Promise<StoreRow | undefined> {
    const [row] = await this.db
      .update(stores)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(stores.id, id), inArray(stores.status, [...from])))
      .returning();
    return row;
  }

  /** The operator's brands list: by name, of one status or all (stores_status_name_idx, stores_name_lower_key). */
  async page(
    status: StoreStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: StoreRow[]; total: number }> {
    const where: SQL | undefined = status ? eq(stores.status, status) : undefined;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(stores)
        .where(where)
        .orderBy(asc(sql`lower(${stores.name})`))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(stores)
        .where(where),
    ]);
    return { rows, total: counted?.count ?? 0 };
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(stores);
    return row?.count ?? 0;
  }
}
