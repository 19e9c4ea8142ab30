import type { AppConfig } from '../../config';
import { EasyPostShippingProvider } from './easypost-shipping-provider';
import { LocalShippingProvider } from './local-shipping-provider';
import type { ShippingProvider } from './shipping-provider';

/**
 * The shipping provider the configuration asks for (issue 16): EasyPost when EASYPOST_API_KEY is
 * set, the local provider otherwise. `localWebhookSecret` signs the local simulated tracker's
 * events: every API process must pass the same one (derive it from the JWT secret, say).
 * `easypostBaseUrl` points the client at a local server in tests.
 */
export function createShippingProvider(
  config: Pick<AppConfig, 'easypost'>,
  options: { localWebhookSecret: string; expressFee?: number; easypostBaseUrl?: string },
): ShippingProvider {
  if (config.easypost)
    return new EasyPostShippingProvider({
      apiKey: config.easypost.apiKey,
      webhookSecret: config.easypost.webhookSecret,
      baseUrl: options.easypostBaseUrl,
    });
  return new LocalShippingProvider({
    webhookSecret: options.localWebhookSecret,
    expressFee: options.expressFee,
  });
}
