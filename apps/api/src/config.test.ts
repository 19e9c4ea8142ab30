import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DEV_BANK_DETAILS_KEY } from './modules/payouts/bank-details-cipher';

describe('loadConfig', () => {
  it('uses the built-in payment provider unless a Stripe secret key is set', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1' });
  });

  it('refuses to start with a Stripe secret key but no publishable key, or keys of the wrong kind', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY is needed/,
    );
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }),
    ).toThrow(/STRIPE_SECRET_KEY starts with sk_/);
  });

  it('calculates sales tax with the built-in table unless STRIPE_TAX=true, which needs the Stripe keys (issue 15)', () => {
    expect(loadConfig({}).stripeTax).toBe(false);
    expect(loadConfig({ STRIPE_TAX: 'false' }).stripeTax).toBe(false);
    const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };
    expect(loadConfig({ ...keys, STRIPE_TAX: 'true' }).stripeTax).toBe(true);
    expect(loadConfig(keys).stripeTax).toBe(false);
    expect(() => loadConfig({ STRIPE_TAX: 'true' })).toThrow(
      'STRIPE_TAX: STRIPE_TAX=true calculates sales tax with Stripe Tax: set STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY) too.',
    );
    expect(() => loadConfig({ ...keys, STRIPE_TAX: 'yes' })).toThrow(/STRIPE_TAX/);
  });

  it('ships through the local provider unless EASYPOST_API_KEY is set; a webhook secret needs the key (issue 16)', () => {
    expect(loadConfig({}).easypost).toBeUndefined();
    expect(loadConfig({ EASYPOST_API_KEY: '' }).easypost).toBeUndefined();
    expect(loadConfig({ EASYPOST_API_KEY: 'EZTK_1' }).easypost).toEqual({
      apiKey: 'EZTK_1',
      webhookSecret: undefined,
    });
    expect(
      loadConfig({ EASYPOST_API_KEY: 'EZTK_1', EASYPOST_WEBHOOK_SECRET: 'hook-secret' }).easypost,
    ).toEqual({ apiKey: 'EZTK_1', webhookSecret: 'hook-secret' });
    expect(() => loadConfig({ EASYPOST_WEBHOOK_SECRET: 'hook-secret' })).toThrow(
      'EASYPOST_WEBHOOK_SECRET: EASYPOST_WEBHOOK_SECRET verifies EasyPost tracking webhooks: set EASYPOST_API_KEY too, or neither (the local shipping provider).',
    );
  });

  it('keeps the simulated tracker off unless TRACKING_SIMULATOR=true, and never in production (issue 38)', () => {
    expect(loadConfig({}).trackingSimulator).toBe(false);
    expect(loadConfig({ TRACKING_SIMULATOR: 'true' }).trackingSimulator).toBe(true);
    expect(
      loadConfig({ TRACKING_SIMULATOR: 'true', NODE_ENV: 'development' }).trackingSimulator,
    ).toBe(true);
    expect(() => loadConfig({ TRACKING_SIMULATOR: 'true', NODE_ENV: 'production' })).toThrow(
      'TRACKING_SIMULATOR: the simulated tracker lets sellers mark their own parcels delivered: never with NODE_ENV=production.',
    );
    expect(
      loadConfig({
        TRACKING_SIMULATOR: 'false',
        NODE_ENV: 'production',
        BANK_DETAILS_KEY: 'ab'.repeat(32),
      }).trackingSimulator,
    ).toBe(false);
  });

  it('needs BANK_DETAILS_KEY in production with the local payouts, and a clear dev key only elsewhere (issue 39.3)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'BANK_DETAILS_KEY: BANK_DETAILS_KEY is needed with NODE_ENV=production and the local payouts',
    );
    expect(loadConfig({}).bankDetailsKey).toEqual(DEV_BANK_DETAILS_KEY);
    const key = 'ab'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', BANK_DETAILS_KEY: key }).bankDetailsKey).toEqual(
      Buffer.from(key, 'hex'),
    );
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ BANK_DETAILS_KEY: base64 }).bankDetailsKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ BANK_DETAILS_KEY: 'short' })).toThrow(
      'BANK_DETAILS_KEY must be 32 bytes: 64 hex digits or base64.',
    );
  });

  it('reads the purchase limits, leaving unset ones to their defaults (issue 14)', () => {
    expect(loadConfig({}).purchaseLimits).toEqual({
      unitsPerOption: undefined,
      checkoutAmount: undefined,
    });
    expect(
      loadConfig({ PURCHASE_LIMIT_UNITS_PER_OPTION: '4', PURCHASE_LIMIT_CHECKOUT_AMOUNT: '2500' })
        .purchaseLimits,
    ).toEqual({ unitsPerOption: 4, checkoutAmount: 2500 });
    expect(() => loadConfig({ PURCHASE_LIMIT_CHECKOUT_AMOUNT: '2000000' })).toThrow(
      /PURCHASE_LIMIT_CHECKOUT_AMOUNT/,
    );
  });

  it('reads the limits on expensive requests, leaving unset ones to their defaults', () => {
    const config = loadConfig({
      RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: '50',
      RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '30',
      PASSWORD_HASH_CONCURRENCY: '3',
      PASSWORD_HASH_QUEUE: '0',
      REQUEST_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '61000',
      CATALOG_CACHE_MAX_BYTES: '1048576',
    });
    expect(config.rateLimits.anonymousReadsPerMinute).toBe(50);
    expect(config.rateLimits.pageRendersPerMinute).toBe(30);
    expect(config.passwordHashing).toEqual({ concurrency: 3, maxWaiting: 0 });
    expect(config.timeouts).toEqual({
      requestMs: 5000,
      connectionMs: undefined,
      keepAliveMs: 61000,
    });
    expect(config.catalogCacheMaxBytes).toBe(1048576);
    expect(loadConfig({}).catalogCacheMaxBytes).toBe(32 * 1024 * 1024);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
