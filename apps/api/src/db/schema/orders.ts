import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '@marketplace/shared';
import { items } from './items';
import { stores } from './stores';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    subtotal: money('subtotal').notNull(),
    shipping: money('shipping').notNull(),
    total: money('total').notNull(),
    shippingMethod: text('shipping_method').notNull().default('STANDARD'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    paymentProvider: text('payment_provider').notNull(),
    paymentId: text('payment_id'),
    clientSecret: text('client_secret'),
    /** The provider's hosted checkout page for this order (Stripe Checkout), if the bag page made one. */
    checkoutSessionId: text('checkout_session_id'),
    /**
     * The payment lock (OrdersService.withPaymentLock): who holds it and until when. The total,
     * the shipping choice and the provider's amount change only under it, so a payment always
     * charges the total the order holds at that moment.
     */
    paymentLock: uuid('payment_lock'),
    paymentLockUntil: timestamp('payment_lock_until', { withTimezone: true }),
    /** Stock is held for this order until then (while it waits for payment). */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_id_created_at_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_payment_id_key').on(t.paymentId),
    uniqueIndex('orders_client_secret_key').on(t.clientSecret),
    uniqueIndex('orders_checkout_session_id_key').on(t.checkoutSessionId),
    // The sweep that releases lapsed reservations reads only waiting orders.
    index('orders_pending_reserved_until_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'PENDING_PAYMENT'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    /** The option as it was ordered; sellers may later change or remove options. */
    itemOptionId: integer('item_option_id').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    /** Set when the order is placed and split into one store order per brand. */
    storeOrderId: uuid('store_order_id').references(() => storeOrders.id, { onDelete: 'restrict' }),
    storeName: text('store_name').notNull(),
    itemName: text('item_name').notNull(),
    thumbnail: text('thumbnail'),
    size: text('size').notNull(),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull(),
    itemPrice: money('item_price').notNull(),
    status: text('status').notNull(),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_store_id_idx').on(t.storeId),
    index('order_items_store_order_id_idx').on(t.storeOrderId),
  ],
);

/** A brand's part of a placed order: one parcel, shipped and refunded by the brand (issue 6). */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    subtotal: money('subtotal').notNull(),
    /** What the buyer paid for this brand's parcel. */
    shipping: money('shipping').notNull(),
    /** Money returned to the buyer so far (successful refunds only). */
    refunded: money('refunded').notNull().default(0),
    trackingNumber: text('tracking_number'),
    /** Who carries the parcel (issue 13): a carrier the seller named, or the label's. */
    carrier: text('carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_orders_order_id_store_id_key').on(t.orderId, t.storeId),
    // The dashboard's list: a store's orders, newest first.
    index('store_orders_store_id_placed_at_idx').on(t.storeId, t.placedAt.desc(), t.id),
  ],
);

/** Every status change of a store order or one of its items, with its time and actor. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeOrderId: uuid('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    /** Null when the change is the whole store order's. */
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The user who made the change; null for the system (payment provider, sweep). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_events_store_order_id_idx').on(t.storeOrderId)],
);

/**
 * Refunds of store orders. A PENDING row reserves its amount before the provider is called,
 * so two clicks at once can never refund more than was paid; a FAILED row frees it again.
 */
export const storeOrderRefunds = pgTable(
  'store_order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeOrderId: uuid('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'restrict' }),
    /** The rejected item this refund is for; null for a refund of the whole store order. */
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    status: text('status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_order_refunds_store_order_id_idx').on(t.storeOrderId),
    // An item is refunded at most once.
    uniqueIndex('store_order_refunds_item_key')
      .on(t.orderItemId)
      .where(sql`${t.status} <> 'FAILED'`),
  ],
);
