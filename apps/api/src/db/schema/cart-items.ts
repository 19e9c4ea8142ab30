import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { itemOptions, items } from './items';
import { users } from './users';

export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    itemOptionId: integer('item_option_id')
      .notNull()
      .references(() => itemOptions.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per option in a bag; adding again raises its quantity.
    uniqueIndex('cart_items_user_id_item_option_id_key').on(t.userId, t.itemOptionId),
    index('cart_items_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
