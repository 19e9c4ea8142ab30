import type { FastifyBaseLogger } from 'fastify';
import { CITIES, type ItemInput } from '@marketplace/shared';
import type { AuthService } from '../../modules/auth/auth.service';
import type { CartService } from '../../modules/cart/cart.service';
import type { ItemsService } from '../../modules/items/items.service';
import type { CheckoutService } from '../../modules/checkout/checkout.service';
import type { FulfilmentService } from '../../modules/fulfilment/fulfilment.service';
import type { StoreOrdersService } from '../../modules/store-orders/store-orders.service';
import type { ReviewsService } from '../../modules/reviews/reviews.service';
import type { StoresService } from '../../modules/stores/stores.service';
import type { UsersService } from '../../modules/users/users.service';
import type { Db } from '../client';
import { DEMO_CATALOG, DEMO_REVIEWS, parseOptions } from './demo-catalog';
import { placeOrder, seedPastOrders, shipDemoParcel } from './demo-past-orders';
import { withFrenchContent } from './demo-french';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { placeholderImage } from './placeholder-image';

interface Services {
  auth: AuthService;
  users: UsersService;
  stores: StoresService;
  items: ItemsService;
  reviews: ReviewsService;
  cart: CartService;
  checkout: CheckoutService;
  storeOrders: StoreOrdersService;
  fulfilment: FulfilmentService;
}

export interface SeedOptions {
  /**
   * Whether the demo reviewers buy what they review first, so that their reviews show as
   * verified purchases: only with the built-in payment provider (never through a real one).
   */
  purchases: boolean;
  /**
   * With purchases, the database the demo orders of the last ended payout period are dated in
   * (demo-past-orders.ts): the operator's console has a period to pay.
   */
  database?: Db;
}

const US_CITIES: readonly string[] = [CITIES[3], CITIES[4]];

/**
 * Seeds demo accounts, their stores and products into an empty database, through the
 * services, so every rule applies to the demo data too.
 */
export async function seedDemoData(
  services: Services,
  log: FastifyBaseLogger,
  options: SeedOptions,
): Promise<boolean> {
  if ((await services.users.countUsers()) > 0) return false;
  if (options.purchases && !services.fulfilment.labelsAreLocal)
    log.info(
      'demo orders ship with tracking numbers of their own: seeding buys no label from the shipping provider and does not use the network',
    );
  let products = 0;
  const productIds = new Map<string, number>();
  const sellerOf = new Map<string, string>();
  const demo = withFrenchContent(DEMO_USERS, DEMO_CATALOG);
  for (const user of demo.users) {
    const { store, role, ...userDto } = user;
    await services.auth.register({
      password: DEMO_PASSWORD,
      userDto: { ...userDto, addresses: [...user.addresses] },
    });
    if (role) await services.users.setRole(user.userName, role);
    if (!store) continue;
    await services.stores.open(user.userName, store);
    // With STORE_APPROVAL=required the demo brands are approved at once, as by their operator.
    const opened = await services.stores.findByIdentifier(store.name);
    await services.stores.moveStatus(opened.id, ['PENDING'], 'ACTIVE');
    for (const product of demo.catalog[user.userName] ?? []) {
      const itemDto: ItemInput = {
        name: product.name,
        description: product.description ?? '',
        materials: product.materials ?? '',
        care: product.care ?? '',
        nameFr: product.nameFr,
        descriptionFr: product.descriptionFr,
        materialsFr: product.materialsFr,
        category: product.category,
        price: product.price,
        sale: product.sale ?? 0,
        currency: US_CITIES.includes(store.city) ? 'USD' : 'CAD',
        tags: product.tags,
        isAvailable: true,
        dimensions: { width: 12, length: 14, height: 3, weight: 2, unit: 'IMPERIAL' },
        itemOptions: parseOptions(product.options, product.stock ?? 8),
      };
      const tile = await placeholderImage(
        product.name,
        store.name,
        product.swatch,
        inkFor(product.swatch),
      );
      const created = await services.items.create(user.userName, {
        fields: { itemDto: JSON.stringify(itemDto) },
        files: [
          { field: 'thumbnail', filename: 'tile.png', declaredType: 'image/png', bytes: tile },
        ],
      });
      productIds.set(product.name, created.id);
      sellerOf.set(product.name, user.userName);
      products += 1;
    }
  }
  for (const review of DEMO_REVIEWS) {
    const itemId = productIds.get(review.product);
    if (itemId === undefined) throw new Error(`demo review of unknown product ${review.product}`);
    if (options.purchases)
      await deliver(services, review.author, itemId, sellerOf.get(review.product)!);
    await services.reviews.create(review.author, {
      itemId,
      rating: review.rating,
      fitScore: review.fitScore,
      comment: review.comment,
    });
  }
  if (options.purchases && options.database)
    await seedPastOrders(services, options.database, productIds);
  log.info(
    {
      users: demo.users.map((u) => u.userName),
      password: DEMO_PASSWORD,
      products,
      reviews: DEMO_REVIEWS.length,
      verifiedReviews: options.purchases,
    },
    'seeded demo accounts, stores and products',
  );
  return true;
}

/**
 * The buyer orders one of the product and the brand accepts and ships it, through the same
 * services as the web app: the buyer has then received it, and their review is verified.
 */
async function deliver(services: Services, buyer: string, itemId: number, seller: string) {
  const orderId = await placeOrder(services, buyer, [{ itemId, quantity: 1 }]);
  const { orders } = await services.storeOrders.list(seller, 1, 100);
  const storeOrder = orders.find((o) => o.orderId === orderId)!;
  for (const line of storeOrder.items) {
    await services.storeOrders.decide(
      seller,
      { storeOrderId: storeOrder.id, orderItemId: line.id, newStatus: 'ACCEPTED' },
      'ACCEPTED',
    );
  }
  await shipDemoParcel(services, seller, storeOrder.id);
}

/** Dark text on light garments, light text on dark ones. */
function inkFor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 160 ? '#1a1a1a' : '#ffffff';
}
