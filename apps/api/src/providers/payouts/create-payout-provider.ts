import path from 'node:path';
import type { AppConfig } from '../../config';
import { LocalPayoutProvider } from './local-payout-provider';
import type { PayoutProvider } from './payout-provider';

/**
 * Stripe Connect when Stripe's keys are set (payments and payouts go together: the platform
 * charges, brands get transfers); otherwise the local bank transfer files in $DATA_DIR/payouts.
 */
export async function createPayoutProvider(config: AppConfig): Promise<PayoutProvider> {
  if (!config.stripe) return new LocalPayoutProvider(path.join(config.dataDir, 'payouts'));
  const { StripePayoutProvider } = await import('./stripe-payout-provider');
  return new StripePayoutProvider({
    secretKey: config.stripe.secretKey,
    webhookSecret: config.stripeConnectWebhookSecret ?? config.stripe.webhookSecret,
  });
}
