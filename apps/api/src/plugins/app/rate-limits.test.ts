import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@marketplace/shared';
import { UNLIMITED, json, loginAs, newUser, setupTestApp } from '../../../test/helper';
import { connectRedis } from '../../providers/shared-state/redis';

const limits = { signupsPerHour: 3, passwordResetsPerHour: 2, writesPerMinute: 4 };
// loginAs registers, so the sign-up budget is kept apart from the users the tests need.
const ctx = setupTestApp({ rateLimits: { ...limits, signupsPerHour: 1000 } });
const signupCtx = setupTestApp({ rateLimits: limits });

// Redis that never answers: nothing listens on port 1.
const unreachableRedis = connectRedis('redis://127.0.0.1:1');
unreachableRedis.on('error', () => {}); // heard by the app's logger once it is built
afterAll(() => unreachableRedis.disconnect());
const noRedisCtx = setupTestApp({ redis: unreachableRedis, rateLimits: limits });

const fromAddress = (remoteAddress: string) => ({ remoteAddress });
const readsCtx = setupTestApp({ rateLimits: { ...UNLIMITED, anonymousReadsPerMinute: 3 } });

describe('rate limits', () => {
  it('lets one address open a few accounts an hour, then answers 429 with a wait', async () => {
    const signUp = (remoteAddress: string) =>
      signupCtx.app.inject({
        method: 'POST',
        url: '/api/auth/registerUser',
        payload: newUser(),
        ...fromAddress(remoteAddress),
      });
    for (let i = 0; i < limits.signupsPerHour; i++) {
      expect((await signUp('203.0.113.1')).statusCode).toBe(201);
    }
    const refused = await signUp('203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Another address has its own budget.
    expect((await signUp('203.0.113.2')).statusCode).toBe(201);
  });

  it('counts password reset requests and reset attempts together, per address', async () => {
    const forgot = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'someone@example.com' },
        ...fromAddress('198.51.100.7'),
      });
    const reset = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'guessed-token', password: 'a new password' },
        ...fromAddress('198.51.100.7'),
      });
    expect((await forgot()).statusCode).toBe(202);
    expect((await reset()).statusCode).toBe(400);
    const refused = await reset();
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(MESSAGES.tooManyRequests);
    expect((await forgot()).statusCode).toBe(429);
  });

  it('gives each signed-in user their own budget of writes, shared by every write route', async () => {
    const [ada, grace] = [await loginAs(ctx.app), await loginAs(ctx.app)];
    const add = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders/cart/add',
        headers,
        payload: { itemId: crypto.randomUUID(), itemOptionId: crypto.randomUUID(), quantity: 1 },
      });
    const remove = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/orders/cart/remove',
        headers,
        payload: { itemId: crypto.randomUUID(), itemOptionId: crypto.randomUUID() },
      });
    for (let i = 0; i < limits.writesPerMinute / 2; i++) {
      expect((await add(ada.headers)).statusCode).not.toBe(429);
      expect((await remove(ada.headers)).statusCode).not.toBe(429);
    }
    const refused = await add(ada.headers);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).message).toBe(MESSAGES.tooManyRequests);
    expect((await remove(ada.headers)).statusCode).toBe(429);
    // Reads are not limited, and another shopper is not slowed by Ada.
    const bag = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/cart',
      headers: ada.headers,
    });
    expect(bag.statusCode).toBe(200);
    expect((await add(grace.headers)).statusCode).not.toBe(429);
  });

  it('counts writes with a made-up token against the address, not a fresh budget per token', async () => {
    const forged = (n: number) => ({ authorization: `Bearer forged.token.${n}` });
    const statuses = [];
    for (let i = 0; i <= limits.writesPerMinute; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/store',
        headers: forged(i),
        payload: { name: 'x', city: 'VANCOUVER', description: '' },
        ...fromAddress('192.0.2.50'),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limits.writesPerMinute).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('gives each address a budget of anonymous reads; signed-in readers and health checks are not counted', async () => {
    const app = readsCtx.app;
    const read = (url: string, headers: Record<string, string> = {}, address = '203.0.113.9') =>
      app.inject({ method: 'GET', url, headers, ...fromAddress(address) });
    const reader = await loginAs(app);
    for (let i = 0; i < 3; i++) {
      expect((await read(`/api/item/public/search?minPrice=${i}`)).statusCode).toBe(200);
    }
    const refused = await read('/api/store/public');
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A made-up token is anonymous; a valid one is not limited by the address's reads.
    expect(
      (await read('/api/item/public', { authorization: 'Bearer made.up.token' })).statusCode,
    ).toBe(429);
    expect((await read('/api/item/public', reader.headers)).statusCode).toBe(200);
    expect((await read(`/api/user/${reader.userName}`, reader.headers)).statusCode).toBe(200);
    // A load balancer's health checks are never refused.
    expect((await read('/api/health/live')).statusCode).toBe(200);
    // Another address has its own budget.
    expect((await read('/api/item/public', {}, '203.0.113.10')).statusCode).toBe(200);
  });

  it('leaves logins to their own throttle', async () => {
    const user = await loginAs(ctx.app);
    for (let i = 0; i < limits.writesPerMinute + 2; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: user.userName, password: user.password },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('counts in this process while the shared counts are unreachable: logins answer, limits hold', async () => {
    const app = noRedisCtx.app;
    const accounts = Array.from({ length: limits.signupsPerHour + 1 }, () => newUser());
    const signUps = [];
    for (const account of accounts) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/auth/registerUser',
        payload: account,
        ...fromAddress('203.0.113.40'),
      });
      signUps.push(answer.statusCode);
    }
    // Each process has its own budget meanwhile, not none.
    expect(signUps).toEqual([201, 201, 201, 429]);
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: accounts[0]!.userDto.userName, password },
      });
    expect((await login('not the password')).statusCode).toBe(401);
    const signedIn = await login(accounts[0]!.password);
    expect(signedIn.statusCode).toBe(200);
    expect(json<{ accessToken: string }>(signedIn).accessToken).toBeTruthy();
  });
});
