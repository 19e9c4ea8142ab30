import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The operators' audit log (issue 17): every approval, suspension, reinstatement and review
 * decision, with who made it and the reason given. Rows are only ever added.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorUserName: text('operator_user_name').notNull(),
    /** OPERATOR_ACTIONS: 'APPROVE_STORE', 'SUSPEND_STORE', 'REINSTATE_STORE', 'HIDE_REVIEW', 'KEEP_REVIEW'. */
    action: text('action').notNull(),
    /** 'store' or 'review', and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** What it was called then (a store's name, a review's product), as the log reads. */
    subjectName: text('subject_name').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_actions_created_at_idx').on(t.createdAt, t.id),
    index('operator_actions_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
  ],
);
