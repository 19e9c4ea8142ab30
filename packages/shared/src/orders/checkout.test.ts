import { describe, expect, it } from 'vitest';
import { checkoutBodySchema } from './checkout';

const returnPath = (successUrl: string) => checkoutBodySchema.safeParse({ successUrl });

describe('checkout return paths (issue 14)', () => {
  it.each(['/checkout/success', '/checkout/cancel', '/shopping-bag', '/checkout/success?from=bag'])(
    'takes the site page %j',
    (path) => {
      expect(returnPath(path).success).toBe(true);
    },
  );

  it.each([
    // URL parsing drops tabs and newlines: each of these becomes http://evil.example/x.
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '/\r/evil.example/x',
    '/\r\n/evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    'https://evil.example/x',
    'evil.example/x',
    '',
  ])('refuses %j, which is not a page of this site', (path) => {
    const result = returnPath(path);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Return addresses must be pages of this site.');
  });

  it.each(['/checkout/\u0000success', '/checkout/success\u007f', '/checkout/\u0085x', '/a\u001bb'])(
    'refuses control characters anywhere (%j)',
    (path) => {
      expect(returnPath(path).success).toBe(false);
    },
  );

  it('refuses a path that normalises to another one (what is stored is what is used)', () => {
    expect(returnPath('/checkout/../admin').success).toBe(false);
    expect(returnPath('/check out').success).toBe(false);
  });
});
