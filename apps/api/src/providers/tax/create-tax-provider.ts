import Stripe from 'stripe';
import type { AppConfig } from '../../config';
import { BuiltinTaxProvider } from './builtin-tax-provider';
import { StripeTaxProvider } from './stripe-tax-provider';
import type { TaxProvider } from './tax-provider';

/**
 * The sales-tax provider the configuration asks for (issue 15): Stripe Tax when STRIPE_TAX=true
 * (loadConfig has made sure a Stripe secret key is set), the built-in rates table otherwise.
 * `stripe` is a client to use instead of one made from the key (tests point it at a local server).
 */
export function createTaxProvider(
  config: Pick<AppConfig, 'stripeTax' | 'stripe'>,
  stripe?: Stripe,
): TaxProvider {
  if (!config.stripeTax) return new BuiltinTaxProvider();
  if (stripe) return new StripeTaxProvider(stripe);
  if (!config.stripe) throw new Error('STRIPE_TAX=true needs STRIPE_SECRET_KEY.');
  return new StripeTaxProvider(
    new Stripe(config.stripe.secretKey, {
      // The same client settings as payments: retried requests carry Stripe's idempotency keys.
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'local-brands-marketplace' },
    }),
  );
}
