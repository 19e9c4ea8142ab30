import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '@marketplace/shared';
import { cents } from './columns';
import { orderItems, orders, storeOrders } from './orders';
import { stores } from './stores';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A buyer's return of some lines of one delivered store order (issue 16 item 4), with its
 * prepaid label. Its lines' statuses live on the order items (the orders module's state machine);
 * this records what the return itself is: its reason, label, receipt and refund.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeOrderId: uuid('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    /** REQUESTED, IN_TRANSIT, RECEIVED, REFUNDED (RETURN_STATUSES). */
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    /** Where the parcel goes back to, as it was when the return was made. */
    returnAddress: jsonb('return_address').$type<ShippingAddress>().notNull(),
    buyerName: text('buyer_name').notNull(),
    labelCarrier: text('label_carrier'),
    labelTrackingNumber: text('label_tracking_number'),
    /** The provider's hosted label (EasyPost); null for a label we drew (labelPdf). */
    labelUrl: text('label_url'),
    labelPdf: bytea('label_pdf'),
    labelTrackerId: text('label_tracker_id'),
    labelShipmentId: text('label_shipment_id'),
    damaged: boolean('damaged').notNull().default(false),
    note: text('note'),
    /** What the refund returns, tax included, and its tax part: the lines' recorded amounts. */
    amountCents: cents('amount').notNull(),
    taxCents: cents('tax').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('returns_buyer_id_requested_at_idx').on(t.buyerId, t.requestedAt.desc(), t.id),
    index('returns_store_id_requested_at_idx').on(t.storeId, t.requestedAt.desc(), t.id),
    index('returns_store_order_id_idx').on(t.storeOrderId),
    // The operator's returns per week and currency (migration 0028).
    index('returns_requested_at_currency_idx').on(t.requestedAt, t.currency),
    uniqueIndex('returns_label_tracking_number_key').on(t.labelTrackingNumber),
    // The sweep and the operator's overdue list read received, unrefunded returns, oldest first.
    index('returns_received_at_idx')
      .on(t.receivedAt)
      .where(sql`${t.status} = 'RECEIVED'`),
  ],
);

/** The order lines a return sends back: one return per line, ever (no exchange, no second try). */
export const returnLines = pgTable(
  'return_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    /** The product, for the fit advice's count of fit returns. */
    itemId: integer('item_id').notNull(),
  },
  (t) => [
    index('return_lines_return_id_idx').on(t.returnId),
    uniqueIndex('return_lines_order_item_id_key').on(t.orderItemId),
    index('return_lines_item_id_idx').on(t.itemId),
  ],
);
