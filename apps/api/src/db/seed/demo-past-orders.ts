import { randomBytes } from 'node:crypto';
import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  LOCAL_TEST_CARDS,
  payoutPeriodOf,
  periodEndingOn,
  type ItemDetail,
} from '@marketplace/shared';
import type { Db } from '../client';
import {
  localPayments,
  orderItems,
  orderStatusEvents,
  orders,
  storeOrders,
  trackingEvents,
} from '../schema';
import { JsonText } from '../../lib/json-text';
import type { CartService } from '../../modules/cart/cart.service';
import type { ItemsService } from '../../modules/items/items.service';
import type { CheckoutService } from '../../modules/checkout/checkout.service';
import type { FulfilmentService } from '../../modules/fulfilment/fulfilment.service';
import type { StoreOrdersService } from '../../modules/store-orders/store-orders.service';
import type { UsersService } from '../../modules/users/users.service';
import { vancouverAddress } from './demo-users';

interface Services {
  users: UsersService;
  items: ItemsService;
  cart: CartService;
  checkout: CheckoutService;
  storeOrders: StoreOrdersService;
  fulfilment: FulfilmentService;
}

/**
 * Orders of the last payout period that has ended, delivered and not paid out yet: the demo
 * operator has a period to pay (issue 17), and the shopper's My Orders a past that looks lived
 * in. e2e/operator.spec.ts pays them and checks the brands and amounts against these.
 */
export const DEMO_PAST_ORDERS = [
  {
    buyer: 'shopper',
    brand: 'mile-end-studio',
    lines: [
      { product: 'Wide Leg Linen Trousers', quantity: 1 },
      { product: 'Organic Cotton Tee', quantity: 2 },
    ],
    /** Days into the period, at 10:00 UTC. */
    placedOnDay: 2,
  },
  {
    buyer: 'shopper',
    brand: 'queen-west-wear',
    lines: [{ product: 'Down Vest', quantity: 1 }],
    placedOnDay: 4,
  },
  {
    buyer: 'harbour-knits',
    brand: 'mile-end-studio',
    lines: [{ product: 'Striped Boat Neck Top', quantity: 1 }],
    placedOnDay: 6,
  },
] as const;

const DAY_MS = 86_400_000;
/** The brand ships a day after the order, and the parcel arrives two days later. */
const SHIPPED_AFTER_MS = DAY_MS;
const DELIVERED_AFTER_MS = 2 * DAY_MS;

/**
 * Places, ships and delivers DEMO_PAST_ORDERS through the services, as the web app would (the
 * local payment and shipping providers), then moves each order's times back into the last
 * ended payout period: every rule applies to them, and their times stay in their real order.
 */
export async function seedPastOrders(
  services: Services,
  db: Db,
  productIds: ReadonlyMap<string, number>,
  now = new Date(),
): Promise<void> {
  const period = periodEndingOn(payoutPeriodOf(now).start);
  for (const past of DEMO_PAST_ORDERS) {
    const orderId = await placeOrder(
      services,
      past.buyer,
      past.lines.map((line) => {
        const itemId = productIds.get(line.product);
        if (itemId === undefined)
          throw new Error(`demo past order of unknown product ${line.product}`);
        return { itemId, quantity: line.quantity };
      }),
    );
    const storeOrderId = await shipAndDeliver(services, db, orderId, past.brand, past.buyer);
    const placedAt = Date.parse(`${period.start}T10:00:00Z`) + past.placedOnDay * DAY_MS;
    const [order] = await db
      .select({ placedAt: orders.placedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    await shiftOrderTimes(db, orderId, [storeOrderId], order!.placedAt!.getTime() - placedAt);
  }
}

/**
 * The buyer bags each product (its first option), checks out to a Vancouver address, pays with
 * the built-in provider's test card and places the order, through the web app's services.
 */
export async function placeOrder(
  services: Services,
  buyer: string,
  lines: readonly { itemId: number; quantity: number }[],
): Promise<string> {
  for (const { itemId, quantity } of lines) {
    // As the shop reads it: the product page's JSON, as the database wrote it.
    const { item } = await services.items.getPublic(itemId);
    const { itemOptions } = (item instanceof JsonText ? JSON.parse(item.json) : item) as ItemDetail;
    await services.cart.add(buyer, { itemId, itemOptionId: itemOptions[0]!.id, quantity });
  }
  const session = await services.checkout.checkout(buyer, undefined);
  const { firstName, lastName } = await services.users.publicIdentity(buyer);
  await services.checkout.updateShipping(buyer, session.orderId, {
    address: { ...vancouverAddress, fullName: `${firstName} ${lastName}` },
    method: 'STANDARD',
  });
  await services.checkout.confirmLocalPayment(buyer, {
    clientSecret: session.clientSecret,
    cardNumber: LOCAL_TEST_CARDS.succeeds.replaceAll(' ', ''),
    expMonth: 12,
    expYear: new Date().getFullYear() + 5,
  });
  await services.checkout.place(buyer, session.orderId);
  return session.orderId;
}

/**
 * The brand ships a demo parcel. With the local shipping provider, with this site's label; with
 * a carrier's (EasyPost), with a tracking number of its own, as a brand that took the parcel to
 * the post office does: seeding never buys a carrier's label nor depends on the network (issue
 * 38: with EASYPOST_API_KEY set and no network, the first start crashed here).
 */
export async function shipDemoParcel(
  services: Pick<Services, 'storeOrders' | 'fulfilment'>,
  seller: string,
  storeOrderId: string,
): Promise<void> {
  const ownCarrier = services.fulfilment.labelsAreLocal
    ? undefined
    : {
        carrier: 'Canada Post' as const,
        trackingNumber: `DEMO-${randomBytes(8).toString('hex').toUpperCase()}`,
      };
  await services.storeOrders.ship(seller, storeOrderId, ownCarrier);
}

/**
 * The brand accepts every line and ships it; the simulated tracker delivers it (with the local
 * shipping provider; with a carrier's, the buyer says it arrived, as no carrier will). Between
 * the steps the order's times move back, so each step follows the last.
 */
async function shipAndDeliver(
  services: Services,
  db: Db,
  orderId: string,
  seller: string,
  buyer: string,
): Promise<string> {
  const { orders: list } = await services.storeOrders.list(seller, 1, 100);
  const storeOrder = list.find((o) => o.orderId === orderId)!;
  for (const line of storeOrder.items) {
    await services.storeOrders.decide(
      seller,
      { storeOrderId: storeOrder.id, orderItemId: line.id, newStatus: 'ACCEPTED' },
      'ACCEPTED',
    );
  }
  await shiftOrderTimes(db, orderId, [storeOrder.id], SHIPPED_AFTER_MS);
  await shipDemoParcel(services, seller, storeOrder.id);
  await shiftOrderTimes(db, orderId, [storeOrder.id], DELIVERED_AFTER_MS);
  if (!services.fulfilment.labelsAreLocal) {
    await services.fulfilment.confirmReceived(buyer, storeOrder.id);
    return storeOrder.id;
  }
  for (let step = 0; step < 5; step += 1) {
    const view = await services.fulfilment.playSimulatedTracking(seller, storeOrder.id);
    if (view.status === 'DELIVERED') return storeOrder.id;
  }
  throw new Error(`demo past order ${orderId} was not delivered`);
}

/**
 * Moves every time recorded about one order back by `ms`: the order, its lines, its brands'
 * parcels, their status history and tracking, and its payment. Demo data only.
 */
async function shiftOrderTimes(
  db: Db,
  orderId: string,
  storeOrderIds: string[],
  ms: number,
): Promise<void> {
  const rows: [PgTable, SQL][] = [
    [orders, eq(orders.id, orderId)],
    [orderItems, eq(orderItems.orderId, orderId)],
    [storeOrders, eq(storeOrders.orderId, orderId)],
    [orderStatusEvents, inArray(orderStatusEvents.storeOrderId, storeOrderIds)],
    [trackingEvents, inArray(trackingEvents.storeOrderId, storeOrderIds)],
    [localPayments, eq(localPayments.orderId, orderId)],
  ];
  const by = `${Math.round(ms)} milliseconds`;
  for (const [table, where] of rows) {
    const times = Object.values(getTableColumns(table)).filter((column) =>
      column.getSQLType().startsWith('timestamp'),
    );
    if (times.length === 0) continue;
    const set = sql.join(
      times.map(
        (column) =>
          sql`${sql.identifier(column.name)} = ${sql.identifier(column.name)} - ${by}::interval`,
      ),
      sql`, `,
    );
    await db.execute(sql`update ${table} set ${set} where ${where}`);
  }
}
