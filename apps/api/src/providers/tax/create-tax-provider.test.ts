import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCents } from '@marketplace/shared';
import { loadConfig } from '../../config';
import { FakeStripe } from '../../../test/fake-stripe';
import { createTaxProvider } from './create-tax-provider';

const fake = new FakeStripe();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };

describe('createTaxProvider', () => {
  it('is the built-in table by default, even when Stripe takes the payments', () => {
    expect(createTaxProvider(loadConfig({})).name).toBe('builtin');
    expect(createTaxProvider(loadConfig(keys), fake.client()).name).toBe('builtin');
  });

  it('is Stripe Tax with STRIPE_TAX=true, through the client it is given', async () => {
    const provider = createTaxProvider(loadConfig({ ...keys, STRIPE_TAX: 'true' }), fake.client());
    expect(provider.name).toBe('stripe');
    const result = await provider.calculate({
      orderId: 'o1',
      currency: 'CAD',
      destination: { country: 'CA', province: 'AB', city: 'Calgary', postalCode: 'T2P 1J9' },
      lines: [
        {
          reference: '1',
          storeId: '1',
          unitPriceCents: asCents(10_000),
          quantity: 1,
          taxClass: 'clothing',
        },
      ],
      shipping: [],
      date: new Date(),
    });
    expect(result).toMatchObject({
      totalCents: 500,
      providerReference: expect.stringMatching(/^taxcalc_/),
    });
  });

  it('makes its own Stripe client from the secret key when given none', () => {
    expect(createTaxProvider(loadConfig({ ...keys, STRIPE_TAX: 'true' })).name).toBe('stripe');
  });
});
