import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every email the app sends, kept so it can be audited, retried and read in tests. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_recipient_created_at_idx').on(t.recipient, t.createdAt)],
);
