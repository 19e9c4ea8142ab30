import { describe, expect, it } from 'vitest';
import { checkoutReturnUrl } from './checkout-form';

describe("Stripe's return URL after paying (decision 029)", () => {
  it('keeps the /fr prefix for a shopper on French pages', () => {
    expect(checkoutReturnUrl('https://shop.test', 'a b', 'fr-CA')).toBe(
      'https://shop.test/fr/checkout/success?orderId=a%20b',
    );
  });

  it('is unprefixed in English, as before', () => {
    expect(checkoutReturnUrl('https://shop.test', 'o1', 'en')).toBe(
      'https://shop.test/checkout/success?orderId=o1',
    );
  });
});
