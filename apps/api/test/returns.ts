import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CheckoutSession, ItemDetail, StoreOrderView } from '@marketplace/shared';
import { orderItems, storeOrders, stores } from '../src/db/schema';
import { sellerWithStore, type Seller } from './catalog';
import { json, loginAs, type TestContext } from './helper';
import { orderSteps, shippingAddress, type Buyer } from './orders';

/** A brand's return address (Vancouver). */
export const RETURN_ADDRESS = {
  fullName: 'Returns Desk',
  streetAddress: '200 Granville Street',
  city: 'Vancouver',
  province: 'BC',
  country: 'CA' as const,
  postalCode: 'V6C 1S4',
};

export const HONOLULU = {
  fullName: 'Ada Lovelace',
  streetAddress: '1001 Bishop Street',
  city: 'Honolulu',
  province: 'HI',
  country: 'US',
  postalCode: '96813',
};

/** A clock tests move: null reads the real time. */
export const testClock = { at: null as Date | null, now: () => testClock.at ?? new Date() };

/** FIXTURE: gives a store a return address (apart from its ship-from) straight in the database. */
export async function giveReturnAddress(ctx: TestContext, seller: Seller): Promise<void> {
  await ctx.database.db
    .update(stores)
    .set({ returnAddress: { ...RETURN_ADDRESS, apartment: null, defaultAddress: false } as never })
    .where(eq(stores.name, seller.storeName));
}

/**
 * FIXTURE: marks a shipped store order and its shipped lines DELIVERED at `at`, straight in the
 * database (tracking and "I received it" are issue 16 item 3's, built in parallel).
 */
export async function markDelivered(
  ctx: TestContext,
  storeOrderId: string,
  at: Date,
): Promise<void> {
  const { db } = ctx.database;
  await db
    .update(storeOrders)
    .set({ status: 'DELIVERED', deliveredAt: at })
    .where(eq(storeOrders.id, storeOrderId));
  await db
    .update(orderItems)
    .set({ status: 'DELIVERED' })
    .where(and(eq(orderItems.storeOrderId, storeOrderId), inArray(orderItems.status, ['SHIPPED'])));
}

export interface Delivered {
  buyer: Buyer;
  seller: Seller;
  products: ItemDetail[];
  storeOrder: StoreOrderView;
  orderId: string;
  paymentId: string;
}

/**
 * A buyer's order from one brand (products with their quantities), paid, accepted, shipped and
 * delivered `deliveredDaysAgo` days before the clock. Shipped to Vancouver (GST 5 % + PST 7 %)
 * unless another address is given.
 */
export async function deliveredOrder(
  ctx: TestContext,
  options: {
    products?: { name: string; price: number; quantity?: number }[];
    buyer?: Buyer;
    seller?: Seller;
    address?: object;
    deliveredDaysAgo?: number;
    returnAddress?: boolean;
    existing?: ItemDetail[];
  } = {},
): Promise<Delivered> {
  const steps = orderSteps(ctx);
  const buyer = options.buyer ?? (await loginAs(ctx.app));
  const seller = options.seller ?? (await sellerWithStore(ctx.app));
  if (options.returnAddress !== false) await giveReturnAddress(ctx, seller);
  const wanted = options.products ?? [{ name: 'Harbour Coat', price: 60 }];
  const products =
    options.existing ??
    (await Promise.all(wanted.map((p) => steps.product(seller, { name: p.name, price: p.price }))));
  for (const [index, product] of products.entries())
    expect((await steps.addToBag(buyer, product, wanted[index]?.quantity ?? 1)).statusCode).toBe(
      200,
    );
  const session = json<CheckoutSession>(await steps.checkout(buyer));
  expect(
    (await steps.shipTo(buyer, session.orderId, options.address ?? shippingAddress)).statusCode,
  ).toBe(200);
  expect((await steps.pay(buyer, session.clientSecret)).statusCode).toBe(200);
  await steps.acceptAndShip(seller, session.orderId);
  // No return address means no ship-from address either (returns go to it otherwise); the
  // parcel needed one to ship, so it goes only now.
  if (options.returnAddress === false)
    await ctx.database.db
      .update(stores)
      .set({ shipFromAddress: null, returnAddress: null })
      .where(eq(stores.name, seller.storeName));
  const list = await ctx.app.inject({ url: '/api/store/orders', headers: seller.headers });
  const storeOrder = json<StoreOrderView[]>(list).find((o) => o.orderId === session.orderId)!;
  const at = new Date(testClock.now().getTime() - (options.deliveredDaysAgo ?? 1) * 86_400_000);
  await markDelivered(ctx, storeOrder.id, at);
  return {
    buyer,
    seller,
    products,
    storeOrder,
    orderId: session.orderId,
    paymentId: session.clientSecret.split('_secret_')[0]!,
  };
}
