import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
});
