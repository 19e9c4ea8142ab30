import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@marketplace/shared';
import { jsonDepthExceeds } from '../../src/lib/input-parsing';
import { json, loginAs, newUser, register, setupTestApp } from '../helper';

/**
 * Requests any anonymous client can send that cost the server far more than they cost the
 * client (issue 14, finding 6): big or deeply nested JSON bodies.
 */
const ctx = setupTestApp();

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('request bodies', () => {
  it('refuses a sign-in body over 8 KB with 413, before reading it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'someone', password: 'x'.repeat(9 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ message: MESSAGES.bodyTooLarge });
  });

  it('keeps the 1 MB limit for other JSON bodies', async () => {
    const user = await loginAs(ctx.app);
    // 9 KB of address text: over the sign-in limit, far under the general one.
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${user.userName}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(9 * 1024) }),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).not.toBe(MESSAGES.bodyTooLarge);
  });

  it('refuses JSON nested deeper than 32 levels with 400, on sign-in and every other route', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"userName":${nested(40)},"password":"x"}`,
    });
    expect(login.statusCode).toBe(400);
    expect(json(login)).toEqual({ message: MESSAGES.jsonTooDeep });

    const buyer = await loginAs(ctx.app);
    // 600 KB of nesting under the general 1 MB limit: refused without building it.
    const started = performance.now();
    const bag = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/cart/add',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: nested(300_000),
    });
    expect(bag.statusCode).toBe(400);
    expect(json(bag)).toEqual({ message: MESSAGES.jsonTooDeep });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('still takes ordinary JSON, brackets inside strings included', async () => {
    const user = newUser();
    user.password = '[[[[{{{{"\\'.repeat(12);
    await register(ctx.app, user);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: user.userDto.userName, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  // Issue 38, finding 14: the login check comes before the body is read or parsed, so a
  // stranger's megabyte of JSON costs a token check, not a parse.
  it('answers 401 on a signed-in route before reading or parsing its body', async () => {
    const wide = JSON.stringify(
      Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [`key${i}`, i])),
    );
    expect(wide.length).toBeGreaterThan(1024 * 1024);
    const cases = [
      // A route's own preHandler, a scope's hook, and an operator route.
      { method: 'POST', url: '/api/orders/cart/add' },
      { method: 'POST', url: '/api/orders/returns' },
      { method: 'POST', url: '/api/operator/payouts/run' },
    ] as const;
    for (const { method, url } of cases) {
      // Over the 1 MB limit: read, it would be 413; not valid JSON: parsed, it would be 400.
      for (const payload of [wide, `${'{"a":1,'.repeat(1000)}`]) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(json(response)).toEqual({ message: MESSAGES.sessionRequired });
      }
    }
  });

  it('counts depth without parsing, and ignores brackets in strings and escapes', () => {
    expect(jsonDepthExceeds(nested(32), 32)).toBe(false);
    expect(jsonDepthExceeds(nested(33), 32)).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}"}`, 32)).toBe(false);
    expect(jsonDepthExceeds(`["\\"${'{'.repeat(100)}"]`, 32)).toBe(false);
    expect(jsonDepthExceeds(`{"a":${'{"b":'.repeat(40)}1${'}'.repeat(40)}}`, 32)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from(nested(33)), 32)).toBe(true);
  });
});
