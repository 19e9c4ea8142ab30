import { describe, expect, it } from 'vitest';
import { nextPath } from './site-path';

describe('nextPath (issue 13: where the login page sends the shopper back)', () => {
  it.each(['/product/7', '/product/7?color=red', '/store/Maple%20Denim', '/shopping-bag'])(
    'keeps a page of this site: %s',
    (path) => expect(nextPath(path)).toBe(path),
  );

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example/x',
    'javascript:alert(1)',
    'product/7',
    '/login?next=/product/7',
    '/signup',
    '',
    null,
    undefined,
  ])('refuses %j', (path) => expect(nextPath(path)).toBeNull());
});
