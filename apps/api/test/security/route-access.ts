import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { CheckoutSession, ItemDetail, Review, StoreOrderView } from '@marketplace/shared';
import { outboxEmails } from '../../src/db/schema';
import {
  createItem,
  imageBytes,
  multipart,
  sellerWithStore,
  validItem,
  type Seller,
} from '../catalog';
import { json, loginAs, newUser, register, type TestContext } from '../helper';
import { orderSteps, shippingAddress, type Buyer } from '../orders';
import { deliveredOrder, type Delivered } from '../returns';

/** The four callers of every row, run in this order: the owner last, so that its writes come after. */
export const CALLERS = ['anonymous', 'buyer', 'otherSeller', 'owner'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * What the rows act on, made once: `seller` owns a store, its products and the store order that
 * `customer` placed for two of them; `customer` also owns a review, their profile and their
 * orders. `buyer` is signed in without a store and owns nothing involved; `otherSeller` owns
 * another store.
 */
export interface World {
  ctx: TestContext;
  steps: ReturnType<typeof orderSteps>;
  seller: Seller;
  otherSeller: Seller;
  customer: Buyer;
  buyer: Buyer;
  /** Only ever asks for password resets: a reset ends the account's sessions. */
  resetUser: ReturnType<typeof newUser>;
  item: ItemDetail;
  secondItem: ItemDetail;
  /** Edited, then deleted, by its own rows only. */
  itemToDelete: ItemDetail;
  review: Review;
  storeOrder: StoreOrderView;
  /** An operator (issue 17): the owner of every /api/operator/* row. */
  operator: Buyer;
  /** A third store, for the operator's approve, suspend and reinstate rows (made pending first). */
  moderatedStoreId: string;
  /** A fourth store, pending, for the decline row (issue 39.4). */
  applicantStoreId: string;
  /** Reset links already used by earlier calls. */
  usedResetTokens: Set<string>;
}

type Identity = { headers: Record<string, string> } | null;

export interface AccessRequest {
  url?: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Someone else to send it as (a fresh account), when the row's usual caller must not change. */
  as?: Identity;
}

export interface RouteAccess {
  /** Method and URL exactly as Fastify registered the route. */
  route: string;
  /** Whose resource the row touches: the `owner` column is this user (an operator's console: the operator). */
  owner: 'seller' | 'customer' | 'operator';
  expect: Record<Caller, number>;
  /** The request, valid for the owner; the URL defaults to the route's own. */
  request?: (world: World, caller: Caller) => AccessRequest | Promise<AccessRequest>;
  /**
   * Whose answers a shared cache may keep: the public catalog's are the same for everyone; a
   * store's product list is shaped for its signed-in owner. Every other answer is personal and
   * carries `Cache-Control: private, no-store`, errors included.
   */
  sharedFor?: 'everyone' | 'anonymous';
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  buyer: status,
  otherSeller: status,
  owner: status,
});

/** Each signed-in user acts on their own bag, orders or store: only anonymous is turned away. */
const signedIn = (status: number): Record<Caller, number> => ({
  ...everyone(status),
  anonymous: 401,
});

/** DESIGN 4: not yours is 403, a user without a store gets 403 on every seller route. */
const ownerOnly = (status: number): Record<Caller, number> => ({
  anonymous: 401,
  buyer: 403,
  otherSeller: 403,
  owner: status,
});

/** DESIGN 4: another's order answers 404, so its existence is not revealed. */
const hiddenFromOthers = (status: number, withoutStore = 404): Record<Caller, number> => ({
  anonymous: 401,
  buyer: withoutStore,
  otherSeller: 404,
  owner: status,
});

const reviewBody = { rating: 4, fitScore: 3, comment: 'True to size, lovely fabric.' };

/** Any signed-in user: the customer's latest checkout (checking out the same bag again is the same order). */
async function openCheckout(world: World): Promise<CheckoutSession> {
  let response = await world.steps.checkout(world.customer);
  // The card step places its order at once (issue 13), emptying the bag: fill it again.
  if (response.statusCode === 409) {
    await world.steps.addToBag(world.customer, world.item);
    response = await world.steps.checkout(world.customer);
  }
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.body}`);
  return json<CheckoutSession>(response);
}

async function resetToken(world: World): Promise<string> {
  const { email } = world.resetUser.userDto;
  const asked = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
  });
  if (asked.statusCode !== 202) throw new Error(`forgot-password failed: ${asked.body}`);
  // The mail may be written after the answer (so that timing tells nothing): wait for it.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const [latest] = await world.ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.recipient, email))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    const token = latest && /token=([\w-]+)/.exec(latest.bodyText)?.[1];
    if (token && !world.usedResetTokens.has(token)) {
      world.usedResetTokens.add(token);
      return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no reset mail arrived');
}

/** A revert link of a fresh account whose email was just changed (each link works once). */
async function revertToken(world: World): Promise<string> {
  const { app } = world.ctx;
  const user = await loginAs(app);
  const changed = await app.inject({
    method: 'PUT',
    url: `/api/user/${user.userName}`,
    headers: user.headers,
    payload: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: `changed-${user.email}`,
      addresses: [],
      currentPassword: user.password,
    },
  });
  if (changed.statusCode !== 200) throw new Error(`email change failed: ${changed.body}`);
  const [mail] = await world.ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.recipient, user.email))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  const token = mail && /revert-email\?token=([\w-]+)/.exec(mail.bodyText)?.[1];
  if (!token) throw new Error('no email change mail arrived');
  return token;
}

async function itemForm(item: Record<string, unknown>, withThumbnail: boolean) {
  const body = await multipart({
    itemDto: item,
    ...(withThumbnail ? { thumbnail: { bytes: await imageBytes() } } : {}),
  });
  return { payload: body.payload, headers: body.headers };
}

const decision = (world: World, index: number, newStatus: string) => ({
  payload: {
    storeOrderId: world.storeOrder.id,
    orderItemId: world.storeOrder.items[index]!.id,
    newStatus,
  },
});

/**
 * The customer's delivered order of both products from the seller, made once per world, and a
 * return of its first line (its second is left for the create row).
 */
const returnFixtures = new WeakMap<World, Promise<{ delivered: Delivered; returnId: string }>>();
function returnFixture(world: World) {
  let fixture = returnFixtures.get(world);
  if (!fixture) {
    fixture = (async () => {
      const delivered = await deliveredOrder(world.ctx, {
        buyer: world.customer,
        seller: world.seller,
        existing: [world.item, world.secondItem],
      });
      const made = await world.ctx.app.inject({
        method: 'POST',
        url: '/api/orders/returns',
        headers: world.customer.headers,
        payload: {
          storeOrderId: delivered.storeOrder.id,
          orderItemIds: [delivered.storeOrder.items[0]!.id],
          reason: 'FAULTY',
        },
      });
      if (made.statusCode !== 201) throw new Error(`return failed: ${made.body}`);
      return { delivered, returnId: json<{ id: string }>(made).id };
    })();
    returnFixtures.set(world, fixture);
  }
  return fixture;
}

/**
 * Every route of the app with the status each caller gets. Rows run in this order, so the
 * ones that spend a fixture (accept before ship, ship before refund, deletes) come last.
 */
export const ROUTE_ACCESS: RouteAccess[] = [
  // Public: the same answer for everyone.
  { route: 'GET /api/health/live', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  { route: 'GET /api/health', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  // The API reference (issue 20): public, the same for everyone.
  { route: 'GET /api/openapi.json', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  { route: 'GET /api/docs', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  {
    route: 'GET /api/docs/redoc.standalone.js',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/registerUser',
    owner: 'customer',
    expect: everyone(201),
    request: () => ({ payload: newUser() }),
  },
  {
    route: 'POST /api/auth/login',
    owner: 'customer',
    expect: everyone(200),
    request: (w) => ({
      payload: { userName: w.customer.userName, password: w.customer.password },
    }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    owner: 'customer',
    expect: everyone(202),
    request: (w) => ({ payload: { email: w.customer.email } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    owner: 'customer',
    expect: everyone(204),
    request: async (w) => ({
      payload: { token: await resetToken(w), password: 'a brand new password' },
    }),
  },
  {
    route: 'POST /api/auth/revert-email',
    owner: 'customer',
    expect: everyone(200),
    request: async (w) => ({ payload: { token: await revertToken(w) } }),
  },
  { route: 'GET /api/store/public', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  {
    route: 'GET /api/store/public/:storeId',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: (w) => ({ url: `/api/store/public/${encodeURIComponent(w.seller.storeName)}` }),
  },
  {
    route: 'GET /api/store/public/items/:storeId',
    owner: 'seller',
    sharedFor: 'anonymous',
    expect: everyone(200),
    request: (w) => ({ url: `/api/store/public/items/${encodeURIComponent(w.seller.storeName)}` }),
  },
  { route: 'GET /api/item/public', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  {
    route: 'GET /api/item/public/search',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: () => ({ url: '/api/item/public/search?keyword=jacket' }),
  },
  {
    route: 'GET /api/item/public/facets',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
  },
  {
    route: 'GET /api/item/public/city-counts',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: () => ({ url: '/api/item/public/city-counts?keyword=jacket&city=TORONTO' }),
  },
  {
    route: 'GET /api/item/public/suggest',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: () => ({ url: '/api/item/public/suggest?q=ja' }),
  },
  {
    route: 'GET /api/item/public/related',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: (w) => ({ url: `/api/item/public/related?item=${w.item.id}&city=VANCOUVER` }),
  },
  {
    route: 'GET /api/item/public/:id',
    owner: 'seller',
    // It reads the caller's token (an unlisted product is its owner's only): answers to a
    // signed-in caller are personal.
    sharedFor: 'anonymous',
    expect: everyone(200),
    request: (w) => ({ url: `/api/item/public/${w.item.id}` }),
  },
  {
    route: 'GET /api/item-review/item/:itemId',
    owner: 'customer',
    // A signed-in caller's own review comes marked `mine`: only the anonymous answer is shared.
    sharedFor: 'anonymous',
    expect: everyone(200),
    request: (w) => ({ url: `/api/item-review/item/${w.item.id}` }),
  },
  {
    route: 'GET /api/item-review/item/:itemId/summary',
    owner: 'customer',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: (w) => ({ url: `/api/item-review/item/${w.item.id}/summary` }),
  },
  // Signed by the shipping provider, never by a user: an unsigned request is refused (400) from
  // anyone; delivery.test.ts shows a signed event applied once.
  {
    route: 'POST /api/shipping/easypost/webhook',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(400),
    request: () => ({ payload: { id: 'evt_unsigned', description: 'tracker.updated' } }),
  },
  // Signed by Stripe, never by a user. With the built-in provider (as here) it does not exist;
  // stripe-payments.test.ts shows that a forged signature gets 400.
  {
    route: 'POST /api/payments/stripe/webhook',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(404),
  },
  // Stripe Connect's account.updated (issue 17): 404 while payouts are local, like the above;
  // stripe-payouts.test.ts shows a forged signature gets 400.
  {
    route: 'POST /api/payouts/stripe/webhook',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(404),
  },

  // Non-API routes: stored uploads, and the web build's files (one GET route per file; the
  // matrix app is given a build of one file, index.html). Anything else outside /api must be added here.
  {
    route: 'GET /uploads/*',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: (w) => ({ url: w.item.thumbnail! }),
  },
  { route: 'GET /index.html', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  // For crawlers (issue 18): public, and the same for everyone.
  { route: 'GET /robots.txt', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  { route: 'GET /sitemap.xml', owner: 'seller', sharedFor: 'everyone', expect: everyone(200) },
  {
    route: 'GET /sitemaps/:file',
    owner: 'seller',
    sharedFor: 'everyone',
    expect: everyone(200),
    request: () => ({ url: '/sitemaps/products-1.xml' }),
  },

  // Profiles: the caller's own only.
  {
    route: 'GET /api/user/:userName',
    owner: 'customer',
    expect: ownerOnly(200),
    request: (w) => ({ url: `/api/user/${w.customer.userName}` }),
  },
  {
    route: 'PUT /api/user/:userName',
    owner: 'customer',
    expect: ownerOnly(200),
    request: (w) => {
      const { fullName: _fullName, ...address } = shippingAddress;
      return {
        url: `/api/user/${w.customer.userName}`,
        payload: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: w.customer.email,
          addresses: [address],
        },
      };
    },
  },

  {
    route: 'PUT /api/user/:userName/addresses/default',
    owner: 'customer',
    expect: ownerOnly(200),
    request: (w) => ({
      url: `/api/user/${w.customer.userName}/addresses/default`,
      payload: {
        streetAddress: '1055 West Georgia Street',
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6E 3P3',
      },
    }),
  },

  {
    route: 'PUT /api/user/:userName/locale',
    owner: 'customer',
    expect: ownerOnly(200),
    request: (w) => ({
      url: `/api/user/${w.customer.userName}/locale`,
      payload: { locale: 'fr-CA' },
    }),
  },

  // A password change ends the account's other sessions: the owner is a fresh account, so the
  // customer's token keeps working for the rows after this one.
  {
    route: 'PUT /api/user/:userName/password',
    owner: 'customer',
    expect: ownerOnly(200),
    request: async (w, caller) => {
      const owner = caller === 'owner' ? await loginAs(w.ctx.app) : w.customer;
      return {
        url: `/api/user/${owner.userName}/password`,
        payload: { currentPassword: owner.password, newPassword: 'a new and longer passphrase' },
        ...(caller === 'owner' ? { as: owner } : {}),
      };
    },
  },

  // Stores. Opening one: any signed-in user without a store (fresh accounts stand in for the
  // buyer and the owner-to-be, so that the shared buyer keeps having none); a store's owner
  // already has one (409). Editing: the caller's own store only; another store's owner cannot
  // take this store's name.
  {
    route: 'POST /api/store',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 201, otherSeller: 409, owner: 201 },
    request: async (w, caller) => ({
      payload: { name: `Opened ${newUser().userDto.userName}`, city: 'TORONTO', description: '' },
      ...(caller === 'buyer' || caller === 'owner' ? { as: await loginAs(w.ctx.app) } : {}),
    }),
  },
  {
    route: 'PUT /api/store',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 409, owner: 200 },
    request: (w) => ({
      payload: { name: w.seller.storeName, city: 'VANCOUVER', description: 'Edited by its owner.' },
    }),
  },

  // The owner's view of a store (its addresses): each seller reads only their own store.
  {
    route: 'GET /api/store',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
  },

  // Products: a seller adds to their own store, and changes only their own products.
  {
    route: 'POST /api/item',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 201, owner: 201 },
    request: () => itemForm(validItem(), true),
  },
  {
    route: 'PUT /api/item',
    owner: 'seller',
    expect: ownerOnly(200),
    request: (w) =>
      itemForm(
        {
          ...validItem({ name: 'Renamed by its owner' }),
          id: w.itemToDelete.id,
          itemOptions: w.itemToDelete.itemOptions,
        },
        false,
      ),
  },

  // Reviews: anyone signed in reviews, except the product's own brand; only the author edits.
  {
    route: 'POST /api/item-review',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 201, otherSeller: 201, owner: 403 },
    request: (w) => ({ payload: { itemId: w.item.id, ...reviewBody } }),
  },
  {
    route: 'PUT /api/item-review',
    owner: 'customer',
    expect: ownerOnly(200),
    request: (w) => ({ payload: { reviewId: w.review.reviewId, ...reviewBody, rating: 5 } }),
  },

  // The bag and checkout: each signed-in user's own; another's order is 404.
  { route: 'GET /api/orders/cart', owner: 'customer', expect: signedIn(200) },
  {
    route: 'POST /api/orders/cart/add',
    owner: 'customer',
    expect: signedIn(200),
    request: (w) => ({
      payload: { itemId: w.item.id, itemOptionId: w.item.itemOptions[0]!.id, quantity: 2 },
    }),
  },
  {
    route: 'DELETE /api/orders/cart/remove',
    owner: 'customer',
    expect: signedIn(200),
    request: (w) => ({
      payload: { itemId: w.item.id, itemOptionId: w.item.itemOptions[0]!.id, quantity: 1 },
    }),
  },
  { route: 'POST /api/orders/checkout', owner: 'customer', expect: signedIn(201) },
  {
    route: 'PUT /api/orders/:orderId/shipping',
    owner: 'customer',
    expect: hiddenFromOthers(200),
    request: async (w) => ({
      url: `/api/orders/${(await openCheckout(w)).orderId}/shipping`,
      payload: { address: shippingAddress, method: 'STANDARD' },
    }),
  },
  {
    route: 'POST /api/payments/local/confirm',
    owner: 'customer',
    expect: hiddenFromOthers(200),
    request: async (w) => ({
      payload: {
        clientSecret: (await openCheckout(w)).clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      },
    }),
  },
  {
    route: 'POST /api/orders/place',
    owner: 'customer',
    expect: hiddenFromOthers(200),
    // A paid order (the card step placed it already): placing it again answers it, to its buyer.
    request: (w) => ({ payload: { orderId: w.storeOrder.orderId } }),
  },
  { route: 'GET /api/orders/history', owner: 'customer', expect: signedIn(200) },

  // Seller order handling: a user without a store gets 403; another store's order is 404.
  {
    route: 'GET /api/store/orders',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
  },
  {
    route: 'POST /api/store/orders/accept',
    owner: 'seller',
    expect: hiddenFromOthers(200, 403),
    request: (w) => decision(w, 0, 'ACCEPTED'),
  },
  {
    route: 'POST /api/store/orders/reject',
    owner: 'seller',
    expect: hiddenFromOthers(200, 403),
    request: (w) => decision(w, 1, 'REJECTED_REFUND_IN_PROGRESS'),
  },
  {
    route: 'GET /api/store/orders/:id/shipping-label',
    owner: 'seller',
    expect: hiddenFromOthers(200, 403),
    request: (w) => ({ url: `/api/store/orders/${w.storeOrder.id}/shipping-label` }),
  },
  {
    route: 'POST /api/store/orders/:id/ship',
    owner: 'seller',
    expect: hiddenFromOthers(200, 403),
    request: (w) => ({ url: `/api/store/orders/${w.storeOrder.id}/ship` }),
  },
  // The simulated tracker: the owner's parcel is shipped by the row above; it moves one step.
  {
    route: 'POST /api/store/orders/:id/tracking/advance',
    owner: 'seller',
    expect: hiddenFromOthers(200, 403),
    request: (w) => ({ url: `/api/store/orders/${w.storeOrder.id}/tracking/advance` }),
  },
  // The buyer's "I received it": the customer's own parcel only (the seller's is not theirs).
  {
    route: 'POST /api/orders/parcels/:id/received',
    owner: 'customer',
    expect: { anonymous: 401, buyer: 404, otherSeller: 404, owner: 200 },
    request: (w) => ({ url: `/api/orders/parcels/${w.storeOrder.id}/received` }),
  },
  {
    route: 'POST /api/store/orders/:id/refund',
    owner: 'seller',
    expect: hiddenFromOthers(200, 403),
    request: (w) => ({ url: `/api/store/orders/${w.storeOrder.id}/refund` }),
  },

  // Returns (issue 16 item 4): the buyer's own, the brand's own; others' answer 404.
  {
    route: 'GET /api/orders/:orderId/returnable',
    owner: 'customer',
    expect: hiddenFromOthers(200),
    request: async (w) => ({
      url: `/api/orders/${(await returnFixture(w)).delivered.orderId}/returnable`,
    }),
  },
  {
    route: 'POST /api/orders/returns',
    owner: 'customer',
    expect: hiddenFromOthers(201),
    request: async (w) => {
      const { delivered } = await returnFixture(w);
      return {
        payload: {
          storeOrderId: delivered.storeOrder.id,
          orderItemIds: [delivered.storeOrder.items[1]!.id],
          reason: 'RUNS_SMALL',
        },
      };
    },
  },
  { route: 'GET /api/orders/returns', owner: 'customer', expect: signedIn(200) },
  {
    route: 'GET /api/orders/returns/:id/label',
    owner: 'customer',
    expect: hiddenFromOthers(200),
    request: async (w) => ({
      url: `/api/orders/returns/${(await returnFixture(w)).returnId}/label`,
    }),
  },
  {
    route: 'GET /api/store/returns',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
  },
  {
    route: 'POST /api/store/returns/:id/receive',
    owner: 'seller',
    expect: hiddenFromOthers(200, 403),
    request: async (w) => ({
      url: `/api/store/returns/${(await returnFixture(w)).returnId}/receive`,
      payload: { damaged: false },
    }),
  },
  {
    route: 'GET /api/store/payouts',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
  },
  // Issue 17: each store's own statements and payout account (another store sees its own).
  {
    route: 'GET /api/store/payouts/statements/:start/pdf',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
    request: () => ({ url: '/api/store/payouts/statements/2026-01-05/pdf' }),
  },
  {
    route: 'GET /api/store/payouts/statements/:start/csv',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
    request: () => ({ url: '/api/store/payouts/statements/2026-01-05/csv' }),
  },
  // Each seller reads and writes only their own store's bank details (issue 39.3).
  {
    route: 'GET /api/store/payouts/bank-account',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
  },
  {
    route: 'PUT /api/store/payouts/bank-account',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
    request: () => ({
      payload: {
        country: 'CA',
        accountHolder: 'Matrix Holder',
        transitNumber: '12345',
        institutionNumber: '003',
        accountNumber: '1234567',
      },
    }),
  },
  {
    route: 'GET /api/store/payouts/account',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 200, owner: 200 },
  },
  {
    // The local provider has nothing to onboard (409); stripe-payouts.test.ts onboards.
    route: 'POST /api/store/payouts/account/onboarding',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 409, owner: 409 },
  },
  // The operator's payout runs: no caller of the matrix is an operator (payouts-run.test.ts is).
  {
    route: 'POST /api/operator/payouts/run',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 403, owner: 403 },
    request: () => ({ payload: { period: '2026-01-19' } }),
  },
  {
    route: 'GET /api/operator/payouts/runs',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 403, owner: 403 },
  },
  {
    route: 'GET /api/operator/payouts/due',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 403, owner: 403 },
  },
  {
    route: 'GET /api/operator/payouts/preview',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 403, owner: 403 },
    request: () => ({ url: '/api/operator/payouts/preview?period=2026-01-19' }),
  },
  {
    route: 'GET /api/operator/payouts/runs/:id/file',
    owner: 'seller',
    expect: { anonymous: 401, buyer: 403, otherSeller: 403, owner: 403 },
    request: () => ({
      url: '/api/operator/payouts/runs/6f1c2d3e-4b5a-4c6d-8e7f-8a9b0c1d2e3f/file',
    }),
  },

  // The operator's console (issue 17): operators only; sellers and buyers are refused alike.
  {
    route: 'POST /api/item-review/:reviewId/report',
    owner: 'customer',
    // Anyone signed in may report a review once; its author may not.
    expect: { anonymous: 401, buyer: 204, otherSeller: 204, owner: 403 },
    request: (w) => ({
      url: `/api/item-review/${w.review.reviewId}/report`,
      payload: { reason: 'Not about the product.' },
    }),
  },
  { route: 'GET /api/operator/brands', owner: 'operator', expect: ownerOnly(200) },
  ...(['approve', 'suspend', 'reinstate'] as const).map((decision): RouteAccess => ({
    route: `POST /api/operator/brands/:storeId/${decision}`,
    owner: 'operator',
    expect: ownerOnly(200),
    request: (w) => ({
      url: `/api/operator/brands/${w.moderatedStoreId}/${decision}`,
      payload: { reason: 'Checked by the matrix.' },
    }),
  })),
  {
    route: 'POST /api/operator/brands/:storeId/decline',
    owner: 'operator',
    expect: ownerOnly(200),
    request: (w) => ({
      url: `/api/operator/brands/${w.applicantStoreId}/decline`,
      payload: { reason: 'Checked by the matrix.' },
    }),
  },
  { route: 'GET /api/operator/reviews', owner: 'operator', expect: ownerOnly(200) },
  // Keep, then hide: each on a fresh report of the customer's review.
  ...(['keep', 'hide'] as const).map((decision): RouteAccess => ({
    route: `POST /api/operator/reviews/:reviewId/${decision}`,
    owner: 'operator',
    expect: ownerOnly(204),
    request: async (w, caller) => {
      if (caller === 'owner') {
        const reporter = await loginAs(w.ctx.app);
        const reported = await w.ctx.app.inject({
          method: 'POST',
          url: `/api/item-review/${w.review.reviewId}/report`,
          headers: reporter.headers,
          payload: { reason: 'Spam.' },
        });
        if (reported.statusCode !== 204) throw new Error(`report failed: ${reported.body}`);
      }
      return {
        url: `/api/operator/reviews/${w.review.reviewId}/${decision}`,
        payload: { reason: 'Checked by the matrix.' },
      };
    },
  })),
  {
    route: 'GET /api/operator/money',
    owner: 'operator',
    expect: ownerOnly(200),
    request: () => ({ url: '/api/operator/money?from=2026-01-05&to=2026-03-02' }),
  },
  { route: 'GET /api/operator/audit-log', owner: 'operator', expect: ownerOnly(200) },
  {
    route: 'GET /api/operator/tax-report',
    owner: 'operator',
    expect: ownerOnly(200),
    request: () => ({ url: '/api/operator/tax-report?from=2026-01-05&to=2026-03-02' }),
  },

  // Deletes last: they spend their fixture.
  {
    route: 'DELETE /api/item-review/:reviewId',
    owner: 'customer',
    expect: ownerOnly(204),
    request: (w) => ({ url: `/api/item-review/${w.review.reviewId}` }),
  },
  {
    route: 'DELETE /api/item/:id',
    owner: 'seller',
    expect: ownerOnly(204),
    request: (w) => ({ url: `/api/item/${w.itemToDelete.id}` }),
  },
];

/** The rows' fixtures, through the API as users make them. */
export async function buildWorld(ctx: TestContext): Promise<World> {
  const { app } = ctx;
  const steps = orderSteps(ctx);
  const seller = await sellerWithStore(app);
  const otherSeller = await sellerWithStore(app);
  const customer = await loginAs(app);
  const buyer = await loginAs(app);
  const resetUser = await register(app, newUser());
  const stocked = (name: string) =>
    validItem({
      name,
      itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 50, isAvailable: true }],
    });
  const item = await createItem(app, seller, stocked('Raw Selvedge Jacket'));
  const secondItem = await createItem(app, seller, stocked('Linen Overshirt'));
  const itemToDelete = await createItem(app, seller, stocked('Wool Scarf'));

  for (const product of [item, secondItem]) {
    const added = await steps.addToBag(customer, product);
    if (added.statusCode !== 200) throw new Error(`add failed: ${added.body}`);
  }
  const session = await steps.paidCheckout(customer);
  const placed = await steps.place(customer, session.orderId);
  if (placed.statusCode !== 200) throw new Error(`place failed: ${placed.body}`);
  const reviewed = await app.inject({
    method: 'POST',
    url: '/api/item-review',
    headers: customer.headers,
    payload: { itemId: item.id, ...reviewBody },
  });
  if (reviewed.statusCode !== 201) throw new Error(`review failed: ${reviewed.body}`);
  const orders = json<StoreOrderView[]>(
    await app.inject({ method: 'GET', url: '/api/store/orders', headers: seller.headers }),
  );
  const storeOrder = orders.find((order) => order.orderId === session.orderId)!;
  if (storeOrder.items.length !== 2) throw new Error('the store order should hold both products');

  const operator = await loginAs(app);
  await app.services.users.setRole(operator.userName, 'operator');
  const moderated = await sellerWithStore(app);
  const moderatedStoreId = (await app.services.stores.findByIdentifier(moderated.storeName)).id;
  await app.services.stores.moveStatus(moderatedStoreId, ['ACTIVE'], 'PENDING');
  const applicant = await sellerWithStore(app);
  const applicantStoreId = (await app.services.stores.findByIdentifier(applicant.storeName)).id;
  await app.services.stores.moveStatus(applicantStoreId, ['ACTIVE'], 'PENDING');

  return {
    ctx,
    steps,
    operator,
    moderatedStoreId,
    applicantStoreId,
    seller,
    otherSeller,
    customer,
    buyer,
    resetUser,
    item,
    secondItem,
    itemToDelete,
    review: json<Review>(reviewed),
    storeOrder,
    usedResetTokens: new Set(),
  };
}

/** Who sends a row's request for a caller. */
export function identityOf(world: World, row: RouteAccess, caller: Caller): Identity {
  switch (caller) {
    case 'anonymous':
      return null;
    case 'buyer':
      return world.buyer;
    case 'otherSeller':
      return world.otherSeller;
    case 'owner':
      return { seller: world.seller, customer: world.customer, operator: world.operator }[
        row.owner
      ];
  }
}
