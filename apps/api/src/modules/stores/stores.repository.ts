import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { namePrefixKey, nameStartsWith } from '../../db/name-prefix';
import { stores } from '../../db/schema';

export type StoreRow = typeof stores.$inferSelect;
export type StoreFields = Pick<StoreRow, 'name' | 'description' | 'city'> &
  Partial<Pick<StoreRow, 'nameSkeleton' | 'nameSkeletonCased'>> &
  Partial<Pick<StoreRow, 'shipFromAddress' | 'returnAddress'>> & {
    thumbnail?: string | null;
  };

export class StoresRepository {
  constructor(private readonly db: Db) {}

  async findByOwner(ownerId: string): Promise<StoreRow | undefined> {
    const [row] = await this.db.select().from(stores).where(eq(stores.ownerId, ownerId)).limit(1);
    return row;
  }

  findByIds(ids: string[]): Promise<StoreRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select().from(stores).where(inArray(stores.id, ids));
  }

  async findByName(name: string): Promise<StoreRow | undefined> {
    const [row] = await this.db
      .select()
      .from(stores)
      .where(eq(sql`lower(${stores.name})`, name.toLowerCase()))
      .limit(1);
    return row;
  }

  /** Store names that start with `prefix` (lower case), A to Z, from the name-prefix index. */
  async namesStartingWith(prefix: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ name: stores.name })
      .from(stores)
      .where(nameStartsWith(stores.name, prefix))
      .orderBy(asc(namePrefixKey(stores.name)))
      .limit(limit);
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
      .where(city ? eq(stores.city, city) : undefined)
      .orderBy(asc(sql`lower(${stores.name})`));
  }

  async create(ownerId: string, fields: StoreFields): Promise<StoreRow> {
    const [row] = await this.db
      .insert(stores)
      .values({ ownerId, ...fields })
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

  async count(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(stores);
    return row?.count ?? 0;
  }
}
