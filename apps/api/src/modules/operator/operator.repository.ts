import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorActions } from '../../db/schema';

export type OperatorActionRow = typeof operatorActions.$inferSelect;
export type NewOperatorAction = Omit<typeof operatorActions.$inferInsert, 'id' | 'createdAt'>;

/** The operators' audit log: only ever added to. */
export class OperatorRepository {
  constructor(private readonly db: Db) {}

  async record(action: NewOperatorAction): Promise<void> {
    await this.db.insert(operatorActions).values(action);
  }

  /** The whole log, newest first (operator_actions_created_at_idx): the CSV export. */
  all(): Promise<OperatorActionRow[]> {
    return this.db
      .select()
      .from(operatorActions)
      .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id));
  }

  /** Newest first (operator_actions_created_at_idx). */
  async page(limit: number, offset: number): Promise<{ rows: OperatorActionRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(operatorActions)
        .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ count: sql<number>`count(*)::int` }).from(operatorActions),
    ]);
    return { rows, total: counted?.count ?? 0 };
  }
}
