import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed/seed';
import { connectRedis } from './providers/shared-state/redis';
import { createPayoutProvider } from './providers/payouts/create-payout-provider';
import { S3Storage } from './providers/storage/s3-storage';
import { reconcileAll } from './reconcile';
import { resolveJwtSecret } from './secrets';
import { shutdown, startSweep } from './shutdown';
import { RECONCILE_EVERY_MS } from './modules/checkout/checkout.service';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();

const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;

const app = await buildApp({
  database,
  redis,
  uploadsDir: path.join(config.dataDir, 'uploads'),
  storage: config.s3 ? new S3Storage(config.s3) : undefined,
  trustProxy: config.trustProxy,
  rateLimits: config.rateLimits,
  purchaseLimits: config.purchaseLimits,
  passwordHashing: config.passwordHashing,
  timeouts: config.timeouts,
  jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
  jwtTtlSeconds: config.jwtTtlSeconds,
  publicUrl: config.publicUrl,
  mailFrom: config.mailFrom,
  smtpUrl: config.smtpUrl,
  webDist: config.webDist,
  assumeDeliveredAfterDays: config.assumeDeliveredAfterDays,
  trackingSimulator: config.trackingSimulator,
  catalogCacheSeconds: config.catalogCacheSeconds,
  catalogCacheMaxBytes: config.catalogCacheMaxBytes,
  catalogStaleMs: config.catalogStaleMs,
  storeApproval: config.storeApproval,
  bankDetailsKey: config.bankDetailsKey,
  catalogRefreshDelayMs: config.catalogRefreshDelayMs,
  catalogIndexPollMs: config.catalogIndexPollMs,
  logger: { level: config.logLevel },
  // Stripe's client library is loaded only when Stripe takes the payments.
  payments: config.stripe
    ? new (await import('./providers/payments/stripe-payment-provider')).StripePaymentProvider({
        ...config.stripe,
        publicUrl: config.publicUrl,
      })
    : undefined,
  // The sales tax provider: Stripe Tax when STRIPE_TAX=true (loading Stripe's library only
  // then), else undefined, which is the built-in rates table.
  tax: config.stripeTax
    ? (await import('./providers/tax/create-tax-provider')).createTaxProvider(config)
    : undefined,
  // Payouts: Stripe Connect transfers with Stripe's keys, else bank transfer files (issue 17).
  payouts: await createPayoutProvider(config),
  // Labels and tracking through EasyPost when EASYPOST_API_KEY is set; else the local provider.
  shipping: config.easypost
    ? new (
        await import('./providers/shipping/easypost-shipping-provider')
      ).EasyPostShippingProvider(config.easypost)
    : undefined,
});
if (config.stripe && !config.stripe.webhookSecret) {
  app.log.warn(
    'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused, so orders are placed only when the buyer returns to the success page or by the sweep.',
  );
}

// Stores opened before look-alike keys existed get theirs (migration 0011 cannot compute them).
const { collisions } = await app.services.stores.backfillNameSkeletons();
if (collisions.length > 0) {
  app.log.warn(
    { stores: collisions },
    'these stores’ names look like an older store’s name: they keep their names, but rename one',
  );
}

if (config.seedDemo)
  await seedDemoData(app.services, app.log, { purchases: !config.stripe, database: database.db });

// The reconcile sweep runs before serving, then every RECONCILE_EVERY_MS.
const reconcile = () => reconcileAll(app);
await reconcile().catch((error: unknown) => app.log.error({ err: error }, 'reconcile failed'));
const sweep = startSweep(reconcile, RECONCILE_EVERY_MS, app.log);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Reset mails are made after their answer: they finish before the pool closes.
    const resetMails = { stop: () => app.services.auth.settled() };
    await shutdown({ app, inFlight: app.inFlight, database, sweeps: [sweep, resetMails] });
    redis?.disconnect();
    app.log.info('stopped');
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Marketplace ready on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}/db` : 'PostgreSQL'})`,
);
