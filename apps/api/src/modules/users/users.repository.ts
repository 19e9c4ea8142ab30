import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Address } from '@marketplace/shared';
import { batchedReads } from '../../db/batched-reads';
import type { Db } from '../../db/client';
import { NamedStatements } from '../../db/named-statements';
import { addresses, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

const lower = (value: string) => sql`lower(${value})`;

export class UsersRepository {
  private readonly statements: NamedStatements;

  constructor(private readonly db: Db) {
    this.statements = new NamedStatements(db);
  }

  /** One indexed lookup for a login that may be a user name or an email. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(
        or(
          eq(sql`lower(${users.userName})`, lower(login)),
          eq(sql`lower(${users.email})`, lower(login)),
        ),
      )
      .limit(1);
    return row;
  }

  async findByUserName(userName: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.userName})`, lower(userName)))
      .limit(1);
    return row;
  }

  /** User names by account id (the primary key), in one query. */
  async userNamesOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row.userName]));
  }

  /** Where to write to each of these accounts, in one read. */
  async contactsOf(
    ids: string[],
  ): Promise<{ id: string; email: string; firstName: string; locale: string | null }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        locale: users.locale,
      })
      .from(users)
      .where(inArray(users.id, ids));
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, lower(email)))
      .limit(1);
    return row;
  }

  async addressesOf(userId: string): Promise<Address[]> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.position));
    return rows.map((row) => ({
      streetAddress: row.streetAddress,
      apartment: row.apartment,
      city: row.city,
      province: row.province,
      country: row.country as Address['country'],
      postalCode: row.postalCode,
      defaultAddress: row.isDefault,
    }));
  }

  /** Which of the two unique fields another user already holds. */
  async findTaken(
    fields: { userName?: string; email: string },
    exceptUserId?: string,
  ): Promise<{ userName: boolean; email: boolean }> {
    const matches = or(
      fields.userName ? eq(sql`lower(${users.userName})`, lower(fields.userName)) : undefined,
      eq(sql`lower(${users.email})`, lower(fields.email)),
    );
    const rows = await this.db
      .select({ userName: users.userName, email: users.email })
      .from(users)
      .where(exceptUserId ? and(matches, ne(users.id, exceptUserId)) : matches);
    return {
      userName:
        !!fields.userName &&
        rows.some((r) => r.userName.toLowerCase() === fields.userName!.toLowerCase()),
      email: rows.some((r) => r.email.toLowerCase() === fields.email.toLowerCase()),
    };
  }

  async create(
    user: Pick<UserRow, 'userName' | 'email' | 'firstName' | 'lastName' | 'passwordHash'>,
    userAddresses: Address[],
  ): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(user).returning();
      await insertAddresses(tx as unknown as Db, row!.id, userAddresses);
      return row!;
    });
  }

  async updateProfile(
    userId: string,
    fields: Pick<UserRow, 'email' | 'firstName' | 'lastName'>,
    userAddresses: Address[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, userId));
      await tx.delete(addresses).where(eq(addresses.userId, userId));
      await insertAddresses(tx as unknown as Db, userId, userAddresses);
    });
  }

  /** A new password also retires every token issued before it; returns the new token version. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<number | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ tokenVersion: users.tokenVersion });
    return row?.tokenVersion;
  }

  /** Puts an email back after an unwanted change, and ends every session of the account. */
  async restoreEmail(userId: string, email: string): Promise<void> {
    await this.db
      .update(users)
      .set({ email, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  /** The token version and id of an account, in the one lookup every signed-in request makes. */
  /**
   * The token version and id of the account a token names: asked by every signed-in request,
   * so the requests handled together ask in one statement (batchedReads).
   */
  sessionOf(userName: string): Promise<{ tokenVersion: number; userId: string } | undefined> {
    return this.sessions('', userName);
  }

  private readonly sessions = batchedReads(async (_: string, names: string[]) => {
    const rows = await this.statements.keptRows<{ n: unknown; token_version: number; id: string }>(
      'sessions of',
      () => sql`select u.n, s.token_version, s.id
        from unnest(${sql.placeholder('names')}::text[]) with ordinality as u(name, n)
        cross join lateral (select ${users.tokenVersion} as token_version, ${users.id} as id
          from ${users} where lower(${users.userName}) = lower(u.name) limit 1) as s`,
      { names },
    );
    const found: ({ tokenVersion: number; userId: string } | undefined)[] = names.map(
      () => undefined,
    );
    for (const row of rows)
      found[Number(row.n) - 1] = { tokenVersion: Number(row.token_version), userId: row.id };
    return found;
  });

  async roleOf(userName: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.userName})`, lower(userName)))
      .limit(1);
    return row?.role;
  }

  /** Whether the account exists (and now has the language). */
  /** The account's address book, in order, in place of the one it had. */
  async replaceAddresses(userId: string, userAddresses: Address[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(addresses).where(eq(addresses.userId, userId));
      await insertAddresses(tx as unknown as Db, userId, userAddresses);
    });
  }

  async setLocale(userId: string, locale: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ locale, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Whether the account exists (and now has the role). */
  async setRole(userName: string, role: string): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(sql`lower(${users.userName})`, lower(userName)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(users);
    return row?.count ?? 0;
  }
}

async function insertAddresses(db: Db, userId: string, list: Address[]): Promise<void> {
  if (list.length === 0) return;
  await db.insert(addresses).values(
    list.map((a, position) => ({
      userId,
      position,
      streetAddress: a.streetAddress,
      apartment: a.apartment,
      city: a.city,
      province: a.province,
      country: a.country,
      postalCode: a.postalCode,
      isDefault: a.defaultAddress,
    })),
  );
}
