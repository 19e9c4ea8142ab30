import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_ASSUME_DELIVERED_AFTER_DAYS,
  MAX_ORDER_TOTAL,
  STORE_APPROVAL_MODES,
  type PurchaseLimits,
  type StoreApprovalMode,
} from '@marketplace/shared';
import {
  DEFAULT_CATALOG_CACHE_MAX_BYTES,
  DEFAULT_CATALOG_CACHE_SECONDS,
} from './modules/items/catalog-cache';
import type { RateLimits } from './plugins/app/rate-limits';
import type { S3StorageOptions } from './providers/storage/s3-storage';
import { DEV_BANK_DETAILS_KEY } from './modules/payouts/bank-details-cipher';
import { repoRoot } from './paths';

// npm runs workspace scripts inside the workspace folder; relative paths mean the caller's folder.
const callerDir = process.env.INIT_CWD ?? process.cwd();

/** 32 bytes from 64 hex digits or from base64; null for anything else. */
function bankDetailsKeyOf(value: string): Buffer | null {
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z
  .object({
    NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
    PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
    HOST: optional(z.string()).default('0.0.0.0'),
    DATA_DIR: optional(z.string()).transform((dir) =>
      dir ? path.resolve(callerDir, dir) : path.join(repoRoot, 'data'),
    ),
    DATABASE_URL: optional(z.url()),
    JWT_SECRET: optional(z.string().min(32, 'JWT_SECRET must be at least 32 characters.')),
    JWT_TTL_SECONDS: optional(z.coerce.number().int().positive()).default(24 * 60 * 60),
    SEED_DEMO: optional(z.enum(['true', 'false'])).transform((value) => value !== 'false'),
    SMTP_URL: optional(z.url()),
    MAIL_FROM: optional(z.string()).default('Local Brands <no-reply@localbrands.example>'),
    PUBLIC_URL: optional(z.url()),
    STRIPE_SECRET_KEY: optional(z.string().startsWith('sk_', 'STRIPE_SECRET_KEY starts with sk_.')),
    STRIPE_PUBLISHABLE_KEY: optional(
      z.string().startsWith('pk_', 'STRIPE_PUBLISHABLE_KEY starts with pk_.'),
    ),
    STRIPE_WEBHOOK_SECRET: optional(
      z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_.'),
    ),
    STRIPE_CONNECT_WEBHOOK_SECRET: optional(
      z.string().startsWith('whsec_', 'STRIPE_CONNECT_WEBHOOK_SECRET starts with whsec_.'),
    ),
    STRIPE_TAX: optional(z.enum(['true', 'false'])).transform((value) => value === 'true'),
    EASYPOST_API_KEY: optional(z.string().min(1)),
    EASYPOST_WEBHOOK_SECRET: optional(z.string().min(1)),
    TRACKING_SIMULATOR: optional(z.enum(['true', 'false'])).transform((value) => value === 'true'),
    ASSUME_DELIVERED_AFTER_DAYS: optional(z.coerce.number().int().min(1).max(365)).default(
      DEFAULT_ASSUME_DELIVERED_AFTER_DAYS,
    ),
    WEB_DIST: optional(z.string()).transform((dir) =>
      dir ? path.resolve(callerDir, dir) : path.join(repoRoot, 'apps/web/dist'),
    ),
    REDIS_URL: optional(z.url()),
    TRUST_PROXY: optional(z.string()),
    RATE_LIMIT_SIGNUPS_PER_HOUR: optional(z.coerce.number().int().positive()),
    RATE_LIMIT_PASSWORD_RESETS_PER_HOUR: optional(z.coerce.number().int().positive()),
    RATE_LIMIT_WRITES_PER_MINUTE: optional(z.coerce.number().int().positive()),
    PURCHASE_LIMIT_UNITS_PER_OPTION: optional(z.coerce.number().int().positive()),
    PURCHASE_LIMIT_CHECKOUT_AMOUNT: optional(z.coerce.number().positive().max(MAX_ORDER_TOTAL)),
    RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: optional(z.coerce.number().int().positive()),
    RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: optional(z.coerce.number().int().positive()),
    PASSWORD_HASH_CONCURRENCY: optional(z.coerce.number().int().positive()),
    PASSWORD_HASH_QUEUE: optional(z.coerce.number().int().min(0)),
    S3_BUCKET: optional(z.string()),
    S3_REGION: optional(z.string()).default('us-east-1'),
    S3_ENDPOINT: optional(z.url()),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_PUBLIC_URL: optional(z.url()),
    REQUEST_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
    CONNECTION_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
    KEEP_ALIVE_TIMEOUT_MS: optional(z.coerce.number().int().positive()),
    CATALOG_CACHE_SECONDS: optional(z.coerce.number().int().min(0).max(3600)).default(
      DEFAULT_CATALOG_CACHE_SECONDS,
    ),
    CATALOG_CACHE_MAX_BYTES: optional(z.coerce.number().int().positive()).default(
      DEFAULT_CATALOG_CACHE_MAX_BYTES,
    ),
    CATALOG_STALE_MS: optional(z.coerce.number().int().min(0).max(60_000)).default(1000),
    STORE_APPROVAL: optional(z.enum(STORE_APPROVAL_MODES)).default('open'),
    /** AES-256-GCM key of the brands' bank details (issue 39.3): 32 bytes, as 64 hex digits or base64. */
    BANK_DETAILS_KEY: optional(
      z
        .string()
        .transform((value) => bankDetailsKeyOf(value))
        .refine(
          (key) => key !== null,
          'BANK_DETAILS_KEY must be 32 bytes: 64 hex digits or base64.',
        ),
    ),
    /** Below CATALOG_STALE_MS: how long the writes after a first one share its refresh (issue 20). */
    CATALOG_REFRESH_DELAY_MS: optional(z.coerce.number().int().min(0).max(60_000)).default(250),
    /** How often the catalog index reads product writes it was not told of (decision 034; PostgreSQL). */
    CATALOG_INDEX_POLL_MS: optional(z.coerce.number().int().min(10).max(60_000)),
    LOG_LEVEL: optional(
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    ).default('info'),
  })
  .refine((env) => !env.REDIS_URL || env.DATABASE_URL, {
    path: ['REDIS_URL'],
    message:
      'REDIS_URL is for several API processes, which need a shared database: set DATABASE_URL too.',
  })
  .refine((env) => !env.REDIS_URL || env.JWT_SECRET, {
    path: ['JWT_SECRET'],
    message: 'JWT_SECRET is needed with REDIS_URL: every API process must sign tokens alike.',
  })
  .refine((env) => !env.S3_BUCKET || (env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY), {
    path: ['S3_ACCESS_KEY_ID'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed with S3_BUCKET.',
  })
  .refine((env) => !env.STRIPE_TAX || env.STRIPE_SECRET_KEY, {
    path: ['STRIPE_TAX'],
    message:
      'STRIPE_TAX=true calculates sales tax with Stripe Tax: set STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY) too.',
  })
  .refine((env) => !env.EASYPOST_WEBHOOK_SECRET || env.EASYPOST_API_KEY, {
    path: ['EASYPOST_WEBHOOK_SECRET'],
    message:
      'EASYPOST_WEBHOOK_SECRET verifies EasyPost tracking webhooks: set EASYPOST_API_KEY too, or neither (the local shipping provider).',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY || env.BANK_DETAILS_KEY, {
    path: ['BANK_DETAILS_KEY'],
    message:
      'BANK_DETAILS_KEY is needed with NODE_ENV=production and the local payouts: it encrypts the brands’ bank details (openssl rand -hex 32).',
  })
  .refine((env) => !(env.TRACKING_SIMULATOR && env.NODE_ENV === 'production'), {
    path: ['TRACKING_SIMULATOR'],
    message:
      'the simulated tracker lets sellers mark their own parcels delivered: never with NODE_ENV=production.',
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY, {
    path: ['STRIPE_PUBLISHABLE_KEY'],
    message:
      'STRIPE_PUBLISHABLE_KEY is needed with STRIPE_SECRET_KEY (the checkout page loads Stripe with it).',
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of links in emails (password reset). */
  publicUrl: string;
  webDist: string;
  /** Payments go through Stripe when set; the built-in provider otherwise. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret?: string } | undefined;
  /**
   * Verifies Connect's account.updated webhooks (POST /api/payouts/stripe/webhook); Stripe Connect
   * payouts are used whenever `stripe` is set.
   */
  stripeConnectWebhookSecret: string | undefined;
  /** Sales tax through Stripe Tax (needs `stripe`); the built-in rates table otherwise. */
  stripeTax: boolean;
  /** Labels and tracking through EasyPost when set; the local shipping provider otherwise. */
  easypost: { apiKey: string; webhookSecret?: string } | undefined;
  /** A shipped parcel with no delivery event is assumed delivered this many days later. */
  assumeDeliveredAfterDays: number;
  /** TRACKING_SIMULATOR=true: sellers may play the local provider's tracker (tests, demos). */
  trackingSimulator: boolean;
  /** How long another process may serve a catalog answer after a change; 0 turns caching off. */
  catalogCacheSeconds: number;
  /** What the kept catalog answers may add up to, as JSON. */
  catalogCacheMaxBytes: number;
  /** How long a list a write touched may still be served while it is refreshed; 0: dropped. */
  catalogStaleMs: number;
  /** 'required': new stores wait for an operator's approval before their products are listed (issue 17). */
  storeApproval: StoreApprovalMode;
  /** Encrypts the brands' bank details; outside production, DEV_BANK_DETAILS_KEY when unset. */
  bankDetailsKey: Buffer;
  catalogRefreshDelayMs: number;
  catalogIndexPollMs: number | undefined;
  /** Shared state of several API processes (rate limits, login throttle, catalog invalidation). */
  redisUrl: string | undefined;
  /** Fastify's trustProxy: behind a load balancer, the client's address comes from X-Forwarded-For. */
  trustProxy: boolean | string | undefined;
  rateLimits: Partial<RateLimits>;
  /** What one account may hold (issue 14); unset ones keep PURCHASE_LIMITS. */
  purchaseLimits: Partial<PurchaseLimits>;
  /** Slow and idle connections' limits; undefined keeps the default (app.ts DEFAULT_TIMEOUTS). */
  timeouts: { requestMs?: number; connectionMs?: number; keepAliveMs?: number };
  /** Password hashes at once, and waiting (beyond which 503); undefined keeps the default. */
  passwordHashing: { concurrency?: number; maxWaiting?: number };
  /** Uploads go to this bucket when set; to $DATA_DIR/uploads otherwise. */
  s3: S3StorageOptions | undefined;
  logLevel: Env['LOG_LEVEL'];
}

/** Every environment variable the server reads, parsed once. Invalid values stop the start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: e.WEB_DIST,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    stripeTax: e.STRIPE_TAX,
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    easypost: e.EASYPOST_API_KEY
      ? { apiKey: e.EASYPOST_API_KEY, webhookSecret: e.EASYPOST_WEBHOOK_SECRET }
      : undefined,
    assumeDeliveredAfterDays: e.ASSUME_DELIVERED_AFTER_DAYS,
    trackingSimulator: e.TRACKING_SIMULATOR,
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    catalogCacheMaxBytes: e.CATALOG_CACHE_MAX_BYTES,
    catalogStaleMs: e.CATALOG_STALE_MS,
    storeApproval: e.STORE_APPROVAL,
    bankDetailsKey: (e.BANK_DETAILS_KEY as Buffer | undefined) ?? DEV_BANK_DETAILS_KEY,
    catalogRefreshDelayMs: Math.min(e.CATALOG_REFRESH_DELAY_MS, e.CATALOG_STALE_MS),
    catalogIndexPollMs: e.CATALOG_INDEX_POLL_MS,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      signupsPerHour: e.RATE_LIMIT_SIGNUPS_PER_HOUR,
      passwordResetsPerHour: e.RATE_LIMIT_PASSWORD_RESETS_PER_HOUR,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      anonymousReadsPerMinute: e.RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE,
      pageRendersPerMinute: e.RATE_LIMIT_PAGE_RENDERS_PER_MINUTE,
    },
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    passwordHashing: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: e.PASSWORD_HASH_QUEUE,
    },
    purchaseLimits: {
      unitsPerOption: e.PURCHASE_LIMIT_UNITS_PER_OPTION,
      checkoutAmount: e.PURCHASE_LIMIT_CHECKOUT_AMOUNT,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
  };
}

/** 'true' (trust every proxy) or the proxies' addresses/CIDRs, comma-separated. */
function parseTrustProxy(value: string | undefined): boolean | string | undefined {
  if (value === undefined || value === 'false') return undefined;
  return value === 'true' ? true : value;
}
