import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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
import {
  asCents,
  fromCents,
  toCents,
  type Cents,
  type ShippingAddress,
  type TaxType,
} from '@marketplace/shared';
import { cents } from './columns';
import { items } from './items';
import { stores } from './stores';
import { users } from './users';

const NO_CENTS = asCents(0);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
/** A tax rate as a fraction, exact to 6 decimals (0.09975 for 9.975 %). */
const rate = (name: string) => numeric(name, { precision: 8, scale: 6, mode: 'number' });

/** One line's or parcel's part of a refund: its price and the tax recorded on it. */
export interface CoveredAmount {
  reference: string;
  amountCents: Cents;
  taxCents: Cents;
}

/** What a refund returns: whole lines by order item id, whole parcels' shipping by store id. */
export interface RefundCoverage {
  lines: CoveredAmount[];
  shipping: CoveredAmount[];
}

/** A covered amount as the column stores it: dollars, as refunds have always written it. */
interface StoredAmount {
  reference: string;
  amount: number;
  tax: number;
}

const storedOf = ({ reference, amountCents, taxCents }: CoveredAmount): StoredAmount => ({
  reference,
  amount: fromCents(amountCents),
  tax: fromCents(taxCents),
});

const coveredOf = ({ reference, amount, tax }: StoredAmount): CoveredAmount => ({
  reference,
  amountCents: toCents(amount),
  taxCents: toCents(tax),
});

/**
 * A refund's coverage (decision 052): cents in the API, while the jsonb keeps the dollars its
 * existing rows hold (`{lines: [{reference, amount, tax}], shipping: [...]}`), converted here,
 * at this one edge, as drizzle's own jsonb column writes and reads it.
 */
const refundCoverage = customType<{ data: RefundCoverage; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) =>
    JSON.stringify({ lines: value.lines.map(storedOf), shipping: value.shipping.map(storedOf) }),
  fromDriver: (value) => {
    const stored = (typeof value === 'string' ? JSON.parse(value) : value) as {
      lines: StoredAmount[];
      shipping: StoredAmount[];
    };
    return { lines: stored.lines.map(coveredOf), shipping: stored.shipping.map(coveredOf) };
  },
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    subtotalCents: cents('subtotal').notNull(),
    shippingCents: cents('shipping').notNull(),
    /** Sales tax charged: every line's and parcel's, as calculated for the address (issue 15). */
    taxCents: cents('tax').notNull().default(NO_CENTS),
    totalCents: cents('total').notNull(),
    /**
     * Whether `tax` was calculated for the order's address: false until the buyer gives one, so
     * the order cannot be paid on a page that charges a total without its tax.
     */
    taxCalculated: boolean('tax_calculated').notNull().default(false),
    /** The tax provider's calculation (Stripe Tax's taxcalc_…), committed when the order is placed. */
    taxCalculationRef: text('tax_calculation_ref'),
    /** The provider's recorded sale (Stripe Tax's transaction), once committed. */
    taxTransactionId: text('tax_transaction_id'),
    /** When the sale was committed to the tax provider; null while a commit is owed (reconcile). */
    taxCommittedAt: timestamp('tax_committed_at', { withTimezone: true }),
    shippingMethod: text('shipping_method').notNull().default('STANDARD'),
    /**
     * Issue 16: each brand's express price as the shipping provider quoted it for the parcel
     * when the buyer chose express (EasyPost), by store id; null with the configured fee.
     * Placement splits the shipping by it, so the store orders add up to what was charged.
     */
    expressRates: jsonb('express_rates').$type<Record<string, number>>(),
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
    /**
     * When the buyer's receipt was written to the outbox (issue 39.28): the success page says
     * "We emailed your receipt" only then. Null when the mail could not be queued.
     */
    receiptEmailedAt: timestamp('receipt_emailed_at', { withTimezone: true }),
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
    // The tax report reads placed orders by placement date.
    index('orders_placed_at_idx')
      .on(t.placedAt)
      .where(sql`${t.status} = 'PLACED'`),
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
    /** The product's French name when it was bought (null: the brand had written none). */
    itemNameFr: text('item_name_fr'),
    thumbnail: text('thumbnail'),
    size: text('size').notNull(),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull(),
    itemPriceCents: cents('item_price').notNull(),
    /** How the line is taxed, from its product's category and size when it was ordered. */
    taxClass: text('tax_class').notNull().default('clothing'),
    /** The line's sales tax as charged (its tax lines' sum), never recomputed. */
    taxCents: cents('tax').notNull().default(NO_CENTS),
    status: text('status').notNull(),
    /**
     * The line these units were split from when the buyer returned only some of its units (issue
     * 39.8), so each line keeps one status; the tax provider knows them by that line's id.
     */
    splitFrom: integer('split_from'),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_store_id_idx').on(t.storeId),
    index('order_items_store_order_id_idx').on(t.storeOrderId),
    // A store's lines by status: the dashboard's "To accept" and "To ship" filters (issue 39.17).
    index('order_items_store_id_status_idx').on(t.storeId, t.status, t.storeOrderId),
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
    subtotalCents: cents('subtotal').notNull(),
    /** What the buyer paid for this brand's parcel. */
    shippingCents: cents('shipping').notNull(),
    /** Sales tax charged on the brand's items and parcel: the marketplace's, never the brand's. */
    taxCents: cents('tax').notNull().default(NO_CENTS),
    /** The part of `tax` charged on the parcel's shipping. */
    shippingTaxCents: cents('shipping_tax').notNull().default(NO_CENTS),
    /** Money returned to the buyer so far (successful refunds only), tax included. */
    refundedCents: cents('refunded').notNull().default(NO_CENTS),
    /** The tax part of `refunded`: payouts count refunds without it. */
    refundedTaxCents: cents('refunded_tax').notNull().default(NO_CENTS),
    trackingNumber: text('tracking_number'),
    /** Who carries the parcel (issue 13): a carrier the seller named, or the label's. */
    carrier: text('carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /**
     * When the parcel arrived (issue 16): as the carrier dated it, when the buyer said so, or
     * assumed some days after shipping without any event (`deliveryAssumed`). Returns count
     * their 14 days from it.
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryAssumed: boolean('delivery_assumed').notNull().default(false),
    /**
     * The label bought through the shipping provider (issue 16), bought once: when, its
     * provider's shipment and tracker, the page where the buyer follows it, what it cost, and
     * the label itself (EasyPost hosts it: its URL; the local provider draws it: its PDF).
     */
    labelBoughtAt: timestamp('label_bought_at', { withTimezone: true }),
    /**
     * When the parcel got its tracking number (its label's, or the seller's carrier's): a
     * number's tracking events go to the parcel that registered it first (issue 38).
     */
    trackingRegisteredAt: timestamp('tracking_registered_at', { withTimezone: true }),
    providerShipmentId: text('provider_shipment_id'),
    trackerId: text('tracker_id'),
    trackingUrl: text('tracking_url'),
    labelUrl: text('label_url'),
    labelPdf: bytea('label_pdf'),
    /** What the label cost, in integer cents of `labelCurrency`. */
    labelCostCents: integer('label_cost_cents'),
    labelCurrency: text('label_currency'),
    /** When the carrier said it is out for delivery (the buyer's mail goes once, then). */
    outForDeliveryAt: timestamp('out_for_delivery_at', { withTimezone: true }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_orders_order_id_store_id_key').on(t.orderId, t.storeId),
    // The dashboard's list: a store's orders, newest first.
    index('store_orders_store_id_placed_at_idx').on(t.storeId, t.placedAt.desc(), t.id),
    // The same list filtered by the parcel's status (issue 39 item 17).
    index('store_orders_store_id_status_placed_at_idx').on(
      t.storeId,
      t.status,
      t.placedAt.desc(),
      t.id,
    ),
    // A payout run reads every store's orders of one period (issue 17).
    index('store_orders_placed_at_idx').on(t.placedAt),
    // Tracking webhooks find their parcel by tracking number.
    index('store_orders_tracking_number_idx').on(t.trackingNumber),
    // A tracking number belongs to one parcel of its carrier until that parcel arrives or is
    // refunded (issue 38: a seller shipped with another store's number); carriers reuse them later.
    uniqueIndex('store_orders_active_tracking_number_key')
      .on(t.carrier, t.trackingNumber)
      .where(
        sql`${t.trackingNumber} is not null and ${t.status} in ('PLACED', 'SHIPPED', 'IN_TRANSIT')`,
      ),
    // The assumed-delivery sweep reads parcels on their way, oldest shipment first.
    index('store_orders_undelivered_shipped_at_idx')
      .on(t.shippedAt)
      .where(sql`${t.status} in ('SHIPPED', 'IN_TRANSIT')`),
  ],
);

/**
 * A parcel's tracking history (issue 16): each scan the carrier reported, once (webhooks resend
 * the whole history), so My Orders can show it.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    storeOrderId: uuid('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    message: text('message').notNull(),
    location: text('location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tracking_events_store_order_status_occurred_key').on(
      t.storeOrderId,
      t.status,
      t.occurredAt,
    ),
  ],
);

/** Tracking webhook events already handled, by the provider's event id: a resend changes nothing. */
export const shippingWebhookEvents = pgTable('shipping_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  trackingNumber: text('tracking_number').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    /**
     * Who made it (issue 16): 'seller', 'buyer', 'carrier' (a tracking event) or 'system' (the
     * assumed-delivery sweep, a refund settled later). Null on rows written before it existed.
     */
    actorKind: text('actor_kind'),
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
    /** The money returned, tax included. */
    amountCents: cents('amount').notNull(),
    /** The tax part of `amount`: exactly the recorded tax of what it returns. */
    taxCents: cents('tax').notNull().default(NO_CENTS),
    /** What the refund returns, for the tax provider's reversal (kept so a retry sends the same). */
    covered: refundCoverage('covered'),
    status: text('status').notNull(),
    /** The tax provider's reversal of this refund, once made (null id for the built-in provider). */
    taxReversalId: text('tax_reversal_id'),
    /** When the tax provider reversed it; null while a reversal is owed (reconcile retries). */
    taxReversedAt: timestamp('tax_reversed_at', { withTimezone: true }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_order_refunds_store_order_id_idx').on(t.storeOrderId),
    // The tax report reads succeeded refunds by date.
    index('store_order_refunds_succeeded_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'SUCCEEDED'`),
    // An item is refunded at most once.
    uniqueIndex('store_order_refunds_item_key')
      .on(t.orderItemId)
      .where(sql`${t.status} <> 'FAILED'`),
  ],
);

/** One tax as charged or returned: on which line (null: a parcel's shipping), where, at what rate. */
const taxComponentColumns = () => ({
  /** The line taxed; null for a parcel's shipping. */
  orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
  /** The brand whose line or parcel it is. */
  storeId: uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'restrict' }),
  jurisdiction: text('jurisdiction').notNull(),
  jurisdictionName: text('jurisdiction_name').notNull(),
  taxType: text('tax_type').$type<TaxType>().notNull(),
  rate: rate('rate').notNull(),
  taxableAmountCents: cents('taxable_amount').notNull(),
  amountCents: cents('amount').notNull(),
});

/**
 * One tax on one order line or one parcel's shipping, as charged (issue 15): what the order's
 * tax is made of, what refunds return exactly, and what the tax report adds up.
 */
export const orderTaxLines = pgTable(
  'order_tax_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...taxComponentColumns(),
  },
  (t) => [index('order_tax_lines_order_id_idx').on(t.orderId)],
);

/** The tax a refund returned, per line or parcel, jurisdiction and tax type (the report's refunds). */
export const refundTaxLines = pgTable(
  'refund_tax_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => storeOrderRefunds.id, { onDelete: 'cascade' }),
    ...taxComponentColumns(),
  },
  (t) => [index('refund_tax_lines_refund_id_idx').on(t.refundId)],
);
