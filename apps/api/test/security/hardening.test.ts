import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_SENT, MESSAGES } from '@marketplace/shared';
import { PasswordHasher } from '../../src/modules/auth/password-hasher';
import type { Email, Mailer } from '../../src/providers/mail/mailer';
import { json, loginAs, register, setupTestApp } from '../helper';

/** A mail service that takes its time, as a remote SMTP server can. */
class SlowMailer implements Mailer {
  readonly sent: Email[] = [];
  async send(email: Email): Promise<void> {
    await sleep(300);
    this.sent.push(email);
  }
  async sendAll(emails: Email[]): Promise<void> {
    for (const email of emails) await this.send(email);
  }
}

const mailer = new SlowMailer();
// A hash that takes clearly more time than the queries around it (so the comparison holds on a
// loaded machine), so a login skipping it would show.
const ctx = setupTestApp({
  mailer,
  passwordHasher: new PasswordHasher({ memoryCost: 32768, timeCost: 3, parallelism: 1 }),
  loginLimits: { freeFailures: 1000, perAddress: 1000, successesPerMinute: 1000 },
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The content security policy as directive → sources. */
function policyOf(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('allows scripts, frames and connections from the app itself only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/item/public' });
    expect(policyOf(response.headers['content-security-policy'])).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'font-src': ["'self'", 'data:'],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'frame-src': ["'self'"],
      'connect-src': ["'self'"],
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('grants no cross-origin access: no CORS headers for another site, no preflight', async () => {
    const origin = 'https://evil.example';
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/item/public',
      headers: { origin },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/orders/cart/add',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('body size', () => {
  it('refuses a JSON body over 1 MB with 413 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ message: 'The request body is too large.' });
  });
});

describe('sessions after a password reset', () => {
  it('refuses every token issued before the reset, and accepts the new login', async () => {
    const user = await loginAs(ctx.app);
    const profile = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/user/${user.userName}`, headers });
    expect((await profile(user.headers)).statusCode).toBe(200);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    await ctx.app.services.auth.settled();
    const link = mailer.sent.find((email) => email.to === user.email)!.text;
    const token = /token=([\w-]+)/.exec(link)![1];
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(204);

    const stale = await profile(user.headers);
    expect(stale.statusCode).toBe(401);
    expect(json(stale).message).toBe(MESSAGES.sessionEnded);
    // A public route that reads the caller treats the old token as no token at all.
    const bag = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/cart',
      headers: user.headers,
    });
    expect(bag.statusCode).toBe(401);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: user.userName, password: 'a brand new password' },
    });
    const fresh = { authorization: `Bearer ${json<{ accessToken: string }>(login).accessToken}` };
    expect((await profile(fresh)).statusCode).toBe(200);
  });
});

describe('no user enumeration', () => {
  it('answers a login for an unknown account as slowly as a wrong password', async () => {
    const user = await register(ctx.app);
    const login = (userName: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName, password: 'not the password' },
      });
    const unknown = await login('nobody-by-this-name');
    const wrong = await login(user.userDto.userName);
    expect(json(unknown)).toEqual(json(wrong));
    expect(unknown.statusCode).toBe(wrong.statusCode);

    const unknownTimes: number[] = [];
    const wrongTimes: number[] = [];
    for (let i = 0; i < 21; i++) {
      unknownTimes.push(await timed(() => login(`nobody-${i}`)));
      wrongTimes.push(await timed(() => login(user.userDto.userName)));
    }
    const ratio = median(unknownTimes) / median(wrongTimes);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it('answers a reset request before looking the email up, whether or not it has an account', async () => {
    const user = await register(ctx.app);
    const forgot = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const before = mailer.sent.length;
    for (const email of [user.userDto.email, 'nobody@nowhere.example']) {
      let response;
      // The slow mail service takes 300 ms: the answer does not wait for it.
      const took = await timed(async () => (response = await forgot(email)));
      expect(took).toBeLessThan(200);
      expect(response!.statusCode).toBe(202);
      expect(json(response!)).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    await ctx.app.services.auth.settled();
    expect(mailer.sent.slice(before).map((email) => email.to)).toEqual([user.userDto.email]);
  });
});
