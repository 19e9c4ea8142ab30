import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createShippingProvider } from './create-shipping-provider';

describe('createShippingProvider', () => {
  it('ships through EasyPost when EASYPOST_API_KEY is set, the local provider otherwise', () => {
    const options = { localWebhookSecret: 'local-secret' };
    expect(createShippingProvider(loadConfig({}), options).name).toBe('local');
    expect(createShippingProvider(loadConfig({ EASYPOST_API_KEY: 'EZTK_1' }), options).name).toBe(
      'easypost',
    );
  });
});
