import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';

export type StoreRow = typeof stores.$inferSelect;
export type StoreFields = Pick<StoreRow, 'name' | 'description' | 'city'> & {
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
