import { createHmac } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PURCHASE_LIMITS, type PurchaseLimits, type StoreApprovalMode } from '@marketplace/shared';
import type { Database } from './db/client';
import { authenticate } from './plugins/app/authenticate';
import { errorHandler } from './plugins/app/error-handler';
import { etag } from './plugins/app/etag';
import { jsonBodies, refuseNulText } from './plugins/app/request-parsing';
import { apiReferenceRoutes, openapi } from './plugins/app/openapi';
import { webApp, type SsrModule } from './plugins/app/web-app';
import { trackInFlight, type InFlight } from './shutdown';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService, PasswordConfirmation } from './modules/auth/auth.service';
import { DeviceTokens } from './modules/auth/device-token';
import { LoginThrottle, type LoginThrottleLimits } from './modules/auth/login-throttle';
import {
  DEFAULT_RATE_LIMITS,
  PageRenderLimit,
  rateLimits,
  type RateLimits,
} from './plugins/app/rate-limits';
import { MemoryCounters, SharedOrLocalCounters } from './providers/shared-state/counters';
import { redisMessageBus } from './providers/shared-state/message-bus';
import { RedisLink } from './providers/shared-state/redis';
import { PasswordHasher, type HashingLimits } from './modules/auth/password-hasher';
import { TokenService } from './modules/auth/token.service';
import { healthRoutes } from './modules/health/health.routes';
import { CatalogCache, DEFAULT_CATALOG_CACHE_SECONDS } from './modules/items/catalog-cache';
import { CatalogIndexRepository } from './modules/items/catalog-index/catalog-index.repository';
import { CatalogSearch, DEFAULT_INDEX_POLL_MS } from './modules/items/catalog-index/catalog-search';
import { ItemsRepository } from './modules/items/items.repository';
import { itemsRoutes } from './modules/items/items.routes';
import { ItemsService, ListedProducts, type ItemEvents } from './modules/items/items.service';
import { CartRepository } from './modules/cart/cart.repository';
import { cartRoutes } from './modules/cart/cart.routes';
import { CartService } from './modules/cart/cart.service';
import { CheckoutRepository } from './modules/checkout/checkout.repository';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { CheckoutService } from './modules/checkout/checkout.service';
import { stripeWebhookRoutes } from './modules/checkout/stripe-webhook.routes';
import { FulfilmentRepository } from './modules/fulfilment/fulfilment.repository';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes';
import { FulfilmentService } from './modules/fulfilment/fulfilment.service';
import { ShippingLabels } from './modules/fulfilment/shipping-labels';
import { shippingWebhookRoutes } from './modules/fulfilment/shipping-webhook.routes';
import { OrdersRepository } from './modules/orders/orders.repository';
import { ordersRoutes } from './modules/orders/orders.routes';
import { OrderTaxSums, OrdersService } from './modules/orders/orders.service';
import { RefundsRepository } from './modules/store-orders/refunds.repository';
import { StoreOrdersRepository } from './modules/store-orders/store-orders.repository';
import { storeOrdersRoutes } from './modules/store-orders/store-orders.routes';
import {
  StoreOrdersService,
  type StoreOrderEvents,
} from './modules/store-orders/store-orders.service';
import { LocalPaymentProvider } from './providers/payments/local-payment-provider';
import type { PaymentProvider } from './providers/payments/payment-provider';
import type { StripePaymentProvider } from './providers/payments/stripe-payment-provider';
import { BuiltinTaxProvider } from './providers/tax/builtin-tax-provider';
import type { TaxProvider } from './providers/tax/tax-provider';
import { TaxReportService } from './modules/tax/tax-report.service';
import { taxReportRoutes } from './modules/tax/tax-report.routes';
import { ReturnsRepository } from './modules/returns/returns.repository';
import { returnsRoutes } from './modules/returns/returns.routes';
import { ReturnsService } from './modules/returns/returns.service';
import { MarketplaceFigures } from './modules/operator/marketplace-figures.repository';
import { OperatorRepository } from './modules/operator/operator.repository';
import { operatorRoutes } from './modules/operator/operator.routes';
import { OperatorService } from './modules/operator/operator.service';
import { ReviewsRepository } from './modules/reviews/reviews.repository';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { ReviewsService } from './modules/reviews/reviews.service';
import { StoresRepository } from './modules/stores/stores.repository';
import { storesRoutes } from './modules/stores/stores.routes';
import { StoreOwners, StoresService, type StoreEvents } from './modules/stores/stores.service';
import { seoRoutes } from './modules/seo/seo.routes';
import { SitemapService } from './modules/seo/sitemap.service';
import { uploads } from './plugins/app/uploads';
import { LocalDiskStorage, type Storage } from './providers/storage/storage';
import { UsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService, type UserEvents } from './modules/users/users.service';
import { InProcessEvents } from './lib/events';
import { OutboxMailer, type Mailer } from './providers/mail/mailer';
import { LocalShippingProvider } from './providers/shipping/local-shipping-provider';
import type { ShippingProvider } from './providers/shipping/shipping-provider';
import { PayoutsRepository } from './modules/payouts/payouts.repository';
import {
  operatorPayoutsRoutes,
  payoutsRoutes,
  payoutsWebhookRoutes,
} from './modules/payouts/payouts.routes';
import { BankDetailsCipher, DEV_BANK_DETAILS_KEY } from './modules/payouts/bank-details-cipher';
import { PayoutsService } from './modules/payouts/payouts.service';
import { LocalPayoutProvider } from './providers/payouts/local-payout-provider';
import type { PayoutProvider } from './providers/payouts/payout-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services, for the server's start-up work (seeding) and for tests. */
    services: {
      auth: AuthService;
      users: UsersService;
      stores: StoresService;
      items: ItemsService;
      reviews: ReviewsService;
      cart: CartService;
      checkout: CheckoutService;
      orders: OrdersService;
      storeOrders: StoreOrdersService;
      fulfilment: FulfilmentService;
      returns: ReturnsService;
      taxReport: TaxReportService;
      payouts: PayoutsService;
      operator: OperatorService;
    };
    /** What a graceful shutdown waits for (src/shutdown.ts). */
    inFlight: InFlight;
    /** The public catalog's answers (their size, for tests and for a look in production). */
    catalogCache: CatalogCache;
    /** The catalog's searches and facets (decision 034): tests catch it up after writing SQL of their own. */
    catalogSearch: CatalogSearch;
    /**
     * Data the public pages are drawn from changed without a request (the reconcile sweep):
     * kept server-rendered pages are asked again before being sent (decision 026).
     */
    pageDataChanged: () => void;
    /** Every route the app registered (method and URL), for the authorization matrix test. */
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface Timeouts {
  /** The whole request, headers and body, must arrive within this (a body sent a byte at a time is cut: 408). */
  requestMs: number;
  /** A connection with nothing sent either way for this long is closed. */
  connectionMs: number;
  /** An idle keep-alive connection is closed after this (above a load balancer's idle timeout). */
  keepAliveMs: number;
}

/**
 * A request has a minute to arrive (24 MB of photos at ~3 Mbit/s); a handler waits 15 s at most
 * for the database or the payment provider, well within 30 s of silence; idle keep-alive
 * connections are let go after 10 s, since each holds a socket an attacker could otherwise keep.
 */
export const DEFAULT_TIMEOUTS: Timeouts = {
  requestMs: 60_000,
  connectionMs: 30_000,
  keepAliveMs: 10_000,
};

export interface AppOptions {
  database: Database;
  /** Uploaded images: $DATA_DIR/uploads on local disk unless a Storage is given. */
  uploadsDir: string;
  storage?: Storage;
  jwtSecret: string;
  jwtTtlSeconds: number;
  publicUrl: string;
  mailFrom: string;
  smtpUrl?: string;
  webDist?: string;
  /** The web app's server-rendering module (tests); by default the build's (decision 024). */
  loadWebRenderer?: () => Promise<SsrModule>;
  /** What the kept server-rendered pages may add up to, as held (default 32 MiB). */
  keptPageBytes?: number;
  /** Public catalog answers are kept this long at most (default 60 s; 0 turns caching off). */
  catalogCacheSeconds?: number;
  /** What the kept catalog answers may add up to, as JSON (default 32 MiB). */
  catalogCacheMaxBytes?: number;
  /**
   * After a product write, how long a list it touched may still be served while one refresh
   * runs behind it (default 0: dropped, so the next read waits for the database).
   */
  catalogStaleMs?: number;
  /** How long after a write its touched lists wait before one refresh covers that time's writes (0). */
  catalogRefreshDelayMs?: number;
  /**
   * How often the catalog index looks for product writes it was not told of (default 250 ms);
   * never on embedded PGlite, whose one process tells it of each.
   */
  catalogIndexPollMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass cheap argon2 parameters and their own limits. */
  passwordHasher?: PasswordHasher;
  /** Hashes at once and waiting (default: password-hasher.ts defaultHashingLimits); unused with passwordHasher. */
  passwordHashing?: Partial<HashingLimits>;
  loginLimits?: Partial<LoginThrottleLimits>;
  /** Limits left undefined keep their default (plugins/app/rate-limits.ts). */
  rateLimits?: Partial<RateLimits>;
  /** What one account may hold; those left undefined keep PURCHASE_LIMITS. */
  purchaseLimits?: Partial<PurchaseLimits>;
  /**
   * State every API process must share when there are several: rate limit and login counts, and
   * catalog invalidation. Without it that state is this process's own. The caller closes it.
   */
  redis?: Redis;
  /** Fastify's trustProxy, for the client's address behind a load balancer. */
  trustProxy?: boolean | string;
  /** Limits on slow and idle connections; undefined ones keep DEFAULT_TIMEOUTS. */
  timeouts?: Partial<Timeouts>;
  mailer?: Mailer;
  payments?: PaymentProvider;
  /**
   * Sales tax (issue 15): the built-in rates table unless another provider is given. server.ts
   * chooses it from the configuration; tests pass their own.
   */
  tax?: TaxProvider;
  /**
   * Labels, rates and tracking (issue 16): the local provider (our own PDF labels and a simulated
   * tracker) unless another is given. server.ts chooses EasyPost when EASYPOST_API_KEY is set.
   */
  shipping?: ShippingProvider;
  /**
   * Sends brands their payouts (issue 17): the local provider (a bank transfer file per run, in
   * payoutFilesDir) unless another is given. server.ts chooses Stripe Connect with Stripe keys.
   */
  payouts?: PayoutProvider;
  /** Where the local payout provider writes its files (default: beside the uploads, in payouts/). */
  payoutFilesDir?: string;
  /** ASSUME_DELIVERED_AFTER_DAYS: a shipped parcel with no delivery event is assumed delivered then. */
  assumeDeliveredAfterDays?: number;
  /** TRACKING_SIMULATOR: sellers may play the local provider's simulated tracker (default off). */
  trackingSimulator?: boolean;
  /** How long a request waits for the payment provider (default 15 s); tests shorten it. */
  paymentTimeoutMs?: number;
  /** STORE_APPROVAL (issue 17): 'required' opens new stores as PENDING until an operator approves. */
  storeApproval?: StoreApprovalMode;
  /** BANK_DETAILS_KEY (issue 39.3); the development key when unset (config.ts refuses that in production). */
  bankDetailsKey?: Buffer;
  /** Tests move time (reservations lapse after 15 minutes). */
  now?: () => Date;
}

/** Builds the whole app (plugins, then modules) without listening: server.ts and tests share it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts ?? {}) };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy,
    // Fastify leaves requests without a time limit and keeps idle connections 72 s: a client
    // could hold a connection open for ever by trickling its body.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      // Node looks for requests over their time every 30 s by default, which would let a slow
      // body run up to 30 s past its limit.
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, timeouts.requestMs / 2)),
      // Node swaps the two limits when the headers' (60 s by default) is the longer one: a
      // shorter request limit would silently become 60 s.
      headersTimeout: Math.min(60_000, timeouts.requestMs),
    },
  });
  // First, so that every request and every route handler is counted for a graceful shutdown.
  app.decorate('inFlight', trackInFlight(app));
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = options.database;
  // Nothing waits for Redis: while it is away, each process counts on its own and its buses
  // catch up once it is back (decision 010, "Failure modes").
  const redisLink = options.redis ? new RedisLink(options.redis, app.log) : undefined;
  const counters = redisLink ? new SharedOrLocalCounters(redisLink) : new MemoryCounters();
  const catalogBus = redisLink ? redisMessageBus(redisLink, 'catalog-changed', app.log) : undefined;
  if (catalogBus) app.addHook('onClose', () => catalogBus.close());
  // Writes answered by any process: kept server-rendered pages are checked again (decision 026).
  const pagesBus = redisLink ? redisMessageBus(redisLink, 'page-data-changed', app.log) : undefined;
  if (pagesBus) app.addHook('onClose', () => pagesBus.close());
  const tokens = new TokenService(options.jwtSecret, options.jwtTtlSeconds);
  const mailer =
    options.mailer ??
    new OutboxMailer(db, app.log, { smtpUrl: options.smtpUrl, from: options.mailFrom });
  // What a module announces for later ones to react to (decision 051): each service gets what
  // it uses when it is built, so the modules below depend on each other in one direction only.
  const events = new InProcessEvents<UserEvents & StoreEvents & ItemEvents & StoreOrderEvents>();
  const hasher =
    options.passwordHasher ??
    new PasswordHasher(undefined, definedOnly(options.passwordHashing ?? {}));
  const throttle = new LoginThrottle(counters, options.loginLimits);
  const passwords = new PasswordConfirmation({ hasher, throttle });
  const storesRepository = new StoresRepository(db);
  const users = new UsersService(new UsersRepository(db), {
    storeOwners: new StoreOwners(storesRepository),
    passwords,
    events,
  });
  const auth = new AuthService({
    users,
    userEvents: events,
    repository: new AuthRepository(db),
    hasher,
    passwords,
    tokens,
    throttle,
    devices: new DeviceTokens(options.jwtSecret),
    mailer,
    publicUrl: options.publicUrl,
    log: app.log,
  });

  const storage: Storage = options.storage ?? new LocalDiskStorage(options.uploadsDir);
  const itemsRepository = new ItemsRepository(db);
  const stores = new StoresService({
    repository: storesRepository,
    users,
    storage,
    listed: new ListedProducts(itemsRepository),
    events,
    approval: options.storeApproval,
  });
  const catalogSearch = new CatalogSearch(new CatalogIndexRepository(db), {
    // The embedded engine takes one process (the scripts ask for the server to be stopped), and
    // each of its product writes catches the index up: a poll would find nothing, at 2 % of a
    // core while idle.
    pollMs:
      options.database.kind === 'pglite'
        ? undefined
        : (options.catalogIndexPollMs ?? DEFAULT_INDEX_POLL_MS),
    log: app.log,
  });
  app.decorate('catalogSearch', catalogSearch);
  // Loads in the background: /api/health answers 503 until the index is ready.
  app.addHook('onReady', async () => catalogSearch.start());
  app.addHook('onClose', () => catalogSearch.stop());
  const catalogCache = new CatalogCache({
    ttlMs: (options.catalogCacheSeconds ?? DEFAULT_CATALOG_CACHE_SECONDS) * 1000,
    maxEntries: 5000,
    maxBytes: options.catalogCacheMaxBytes,
    staleMs: options.catalogStaleMs ?? 0,
    refreshDelayMs: options.catalogRefreshDelayMs ?? 0,
    bus: catalogBus,
    // A change another process made is read into the index before any answer is refreshed.
    beforeHeard: () => catalogSearch.catchUp(),
  });
  app.decorate('catalogCache', catalogCache);
  const orders = new OrdersService({ repository: new OrdersRepository(db), users });
  const items = new ItemsService({
    repository: itemsRepository,
    stores,
    storeEvents: events,
    orders,
    events,
    storage,
    cache: catalogCache,
    catalog: catalogSearch,
  });
  const purchaseLimits = { ...PURCHASE_LIMITS, ...definedOnly(options.purchaseLimits ?? {}) };
  const cart = new CartService(new CartRepository(db), users, items, purchaseLimits, options.now);
  const payments = options.payments ?? new LocalPaymentProvider(db);
  const tax = options.tax ?? new BuiltinTaxProvider();
  const shipping =
    options.shipping ??
    new LocalShippingProvider({
      // Every process derives the same secret, so a tracker event signed by one is accepted by all.
      webhookSecret: createHmac('sha256', options.jwtSecret)
        .update('local-shipping-webhook-v1')
        .digest('base64url'),
    });
  const checkout = new CheckoutService({
    repository: new CheckoutRepository(db),
    orders,
    users,
    items,
    cart,
    stores,
    payments,
    tax,
    shipping,
    mailer,
    log: app.log,
    paymentTimeoutMs: options.paymentTimeoutMs,
    limits: purchaseLimits,
    now: options.now,
  });
  const labels = new ShippingLabels({ shipping, stores, items, now: options.now });
  const storeOrders = new StoreOrdersService({
    repository: new StoreOrdersRepository(db),
    events,
    refunds: new RefundsRepository(db),
    labels,
    stores,
    users,
    payments,
    tax,
    shipping,
    mailer,
    log: app.log,
    paymentTimeoutMs: options.paymentTimeoutMs,
    trackingSimulator: options.trackingSimulator ?? false,
    now: options.now,
  });
  const returns = new ReturnsService({
    repository: new ReturnsRepository(db),
    storeOrders,
    storeOrderEvents: events,
    stores,
    users,
    items,
    shipping,
    mailer,
    log: app.log,
    now: options.now,
  });
  const fulfilment = new FulfilmentService({
    repository: new FulfilmentRepository(db),
    storeOrders,
    labels,
    returns,
    stores,
    users,
    shipping,
    mailer,
    log: app.log,
    assumeDeliveredAfterDays: options.assumeDeliveredAfterDays,
    trackingSimulator: options.trackingSimulator ?? false,
    now: options.now,
  });
  const reviews = new ReviewsService(
    new ReviewsRepository(db),
    users,
    items,
    stores,
    orders,
    returns,
  );
  const taxReport = new TaxReportService(new OrderTaxSums(db));
  const payouts = new PayoutsService({
    repository: new PayoutsRepository(db),
    itemEvents: events,
    storeOrders,
    stores,
    users,
    provider:
      options.payouts ??
      new LocalPayoutProvider(
        options.payoutFilesDir ?? path.join(path.dirname(options.uploadsDir), 'payouts'),
      ),
    bankDetails: new BankDetailsCipher(options.bankDetailsKey ?? DEV_BANK_DETAILS_KEY),
    publicUrl: options.publicUrl,
    log: app.log,
    now: options.now,
  });
  const operator = new OperatorService({
    repository: new OperatorRepository(db),
    users,
    stores,
    items,
    reviews,
    returns,
    figures: new MarketplaceFigures(db),
    mailer,
    log: app.log,
  });
  app.decorate('services', {
    auth,
    users,
    stores,
    items,
    reviews,
    cart,
    checkout,
    orders,
    storeOrders,
    fulfilment,
    returns,
    taxReport,
    payouts,
    operator,
  });

  // Stripe.js and its Payment Element frames, only when Stripe takes the payments.
  const paymentOrigins =
    payments.name === 'stripe'
      ? {
          scripts: ['https://js.stripe.com'],
          frames: ['https://js.stripe.com', 'https://hooks.stripe.com'],
          connect: ['https://api.stripe.com'],
        }
      : { scripts: [], frames: [], connect: [] };
  // The security headers' middleware, built once (@fastify/helmet builds it again for every
  // request: a twentieth of a catalog read's CPU in a profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:', ...(storage.origin ? [storage.origin] : [])],
        // React and Bootstrap's components set style attributes (positions, widths).
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...paymentOrigins.scripts],
        frameSrc: ["'self'", ...paymentOrigins.frames],
        connectSrc: ["'self'", ...paymentOrigins.connect],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(errorHandler);
  const limits = { ...DEFAULT_RATE_LIMITS, ...definedOnly(options.rateLimits ?? {}) };
  const pageRenders = new PageRenderLimit(counters, limits.pageRendersPerMinute);
  await app.register(rateLimits, { limits, counters, tokens, pageRenders });
  await app.register(etag);
  await app.register(jsonBodies);
  await app.register(refuseNulText);
  await app.register(multipart);
  await app.register(authenticate, {
    tokens,
    sessionOf: (userName) => users.sessionOf(userName),
    roleOf: (userName) => users.roleOf(userName),
  });
  // Before the routes: it collects them as they are registered (GET /api/openapi.json).
  await app.register(openapi);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        ping: options.database.ping,
        catalogReady: () => catalogSearch.ready,
      });
      await api.register(apiReferenceRoutes);
      await api.register(authRoutes, { auth });
      await api.register(usersRoutes, { users });
      await api.register(storesRoutes, { stores });
      await api.register(itemsRoutes, { items });
      await api.register(reviewsRoutes, { reviews });
      await api.register(cartRoutes, { cart });
      await api.register(checkoutRoutes, { checkout });
      await api.register(ordersRoutes, { orders });
      await api.register(storeOrdersRoutes, { storeOrders });
      await api.register(fulfilmentRoutes, { fulfilment });
      await api.register(returnsRoutes, { returns });
      await api.register(payoutsRoutes, { payouts });
      await api.register(operatorPayoutsRoutes, { payouts });
      await api.register(payoutsWebhookRoutes, { payouts });
      await api.register(operatorRoutes, { operator });
      await api.register(taxReportRoutes, { taxReport });
      await api.register(shippingWebhookRoutes, { fulfilment });
      await api.register(stripeWebhookRoutes, {
        checkout,
        stripe: payments.name === 'stripe' ? (payments as StripePaymentProvider) : null,
      });
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes, {
    sitemap: new SitemapService({ items, stores, publicUrl: options.publicUrl }),
  });
  if (storage instanceof LocalDiskStorage) await app.register(uploads, { root: storage.root });
  await app.register(webApp, {
    webDist: options.webDist,
    publicUrl: options.publicUrl,
    loadRenderer: options.loadWebRenderer,
    onDataChange: (listener) => catalogCache.onChange(listener),
    bus: pagesBus,
    keptPageBytes: options.keptPageBytes,
    pageRenders,
  });
  return app;
}

function definedOnly<T extends object>(values: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
