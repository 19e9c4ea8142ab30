import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_SENT,
  LOGIN_REQUIRED_MESSAGE,
  PASSWORD_MENTIONS_IDENTITY,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_PUBLIC,
  PASSWORD_TOO_COMMON,
  RESET_LINK_INVALID,
  passwordWeakness,
} from '@marketplace/shared';
import { outboxEmails } from '../../db/schema';
import {
  TEST_JWT_SECRET,
  json,
  loginAs,
  newUser,
  register,
  setupTestApp,
} from '../../../test/helper';

const ctx = setupTestApp({
  loginLimits: { freeFailures: 3, firstDelayMs: 60_000, perAddress: 50, perDevice: 2 },
});

const login = (
  userName: string,
  password: string,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName, password },
    remoteAddress,
    headers,
  });

/** The device cookie a successful login set, as the browser sends it back. */
function deviceCookieFrom(response: { headers: Record<string, unknown> }): { cookie: string } {
  const cookie = String(response.headers['set-cookie'] ?? '');
  const value = /^device=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no device cookie in ${cookie}`);
  return { cookie: `theme=dark; device=${value}` };
}

const profileOf = (userName: string, token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/user/${userName}`,
    headers: { authorization: `Bearer ${token}` },
  });

function signToken(payload: object, secret = TEST_JWT_SECRET): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('POST /api/auth/registerUser', () => {
  it('creates the account and answers 201 with the profile, never the password', async () => {
    const body = newUser({ firstName: 'Zoë', lastName: "O'Neil" });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({
      userName: body.userDto.userName,
      firstName: 'Zoë',
      lastName: "O'Neil",
      email: body.userDto.email,
      storeName: null,
      role: 'buyer',
      locale: null,
      addresses: [],
    });
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('argon2');
  });

  it('refuses a taken user name (any case) with 409 and says so', async () => {
    const first = await register(ctx.app);
    const second = newUser({ userName: first.userDto.userName.toUpperCase() });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      payload: second,
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      message: 'Username is already taken.',
      fieldErrors: { userName: 'Username is already taken.' },
    });
  });

  it('refuses a registered email (any case) with 409 and says so', async () => {
    const first = await register(ctx.app);
    const second = newUser({ email: first.userDto.email.toUpperCase() });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      payload: second,
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      message: 'Email is already registered.',
      fieldErrors: { email: 'Email is already registered.' },
    });
  });

  it('validates every field with a clear message (400)', async () => {
    const body = newUser({ email: 'not-an-email', firstName: ' ' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      payload: { ...body, password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const { fieldErrors } = json<{ fieldErrors: Record<string, string> }>(response);
    expect(fieldErrors).toMatchObject({
      password: 'Password must be at least 8 characters.',
      'userDto.firstName': 'First name is required.',
      'userDto.email': 'Enter a valid email address.',
    });
  });

  it('rejects unknown fields instead of ignoring them', async () => {
    const body = newUser();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      payload: { ...body, userDto: { ...body.userDto, storeName: 'Sneaky' } },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in by user name and issues a token whose sub is the user name and exp is in seconds', async () => {
    const user = await register(ctx.app);
    const before = Math.floor(Date.now() / 1000);
    const response = await login(user.userDto.userName, user.password);
    expect(response.statusCode).toBe(200);
    const { accessToken } = json<{ accessToken: string }>(response);
    expect(accessToken.split('.')).toHaveLength(3);
    const claims = decodeJwt(accessToken);
    expect(claims.sub).toBe(user.userDto.userName);
    expect(claims.exp).toBeGreaterThanOrEqual(before + 3600);
    expect(claims.exp).toBeLessThan(before + 3600 + 60);
  });

  it('logs in by email (any case) with the canonical user name as sub', async () => {
    const user = await register(ctx.app);
    const response = await login(user.userDto.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(json<{ accessToken: string }>(response).accessToken).sub).toBe(
      user.userDto.userName,
    );
  });

  it('answers 401 with the exact message for a wrong password and for an unknown account alike', async () => {
    const user = await register(ctx.app);
    const wrongPassword = await login(user.userDto.userName, 'wrong password');
    const unknown = await login('nobody-here', 'wrong password');
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ message: 'Incorrect username or password' });
    }
  });

  it('requires both fields (400, spec message)', async () => {
    const response = await login('   ', '');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(LOGIN_REQUIRED_MESSAGE);
  });

  it('delays an account after repeated failures: 429 even with the right password, other accounts unaffected', async () => {
    const user = await register(ctx.app);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(user.userDto.userName, 'guess', `10.0.0.${attempt}`)).statusCode).toBe(
        401,
      );
    }
    // From an address that guessed: the window holds even the right password.
    const limited = await login(user.userDto.userName, user.password, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(limited).message).toMatch(
      /^Too many login attempts\. Please try again in \d+ minute\(s\)\.$/,
    );
    const other = await register(ctx.app);
    expect((await login(other.userDto.userName, other.password, '10.0.0.99')).statusCode).toBe(200);
  });

  it('counts the user name and the email as one account', async () => {
    const user = await register(ctx.app);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(user.userDto.email.toUpperCase(), 'guess')).statusCode).toBe(401);
    }
    expect((await login(user.userDto.userName, user.password)).statusCode).toBe(429);
  });

  it("lets the owner's known device in while a stranger's guesses hold the account", async () => {
    const user = await register(ctx.app);
    const first = await login(user.userDto.userName, user.password, '198.51.100.1');
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^device=[\w.-]+; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const device = deviceCookieFrom(first);

    for (let attempt = 0; attempt < 6; attempt++) {
      await login(user.userDto.userName, `guess ${attempt}`, '203.0.113.66');
    }
    // The stranger waits, even with the right password; the owner's known device does not.
    expect((await login(user.userDto.userName, user.password, '203.0.113.66')).statusCode).toBe(
      429,
    );
    const known = await login(user.userDto.userName, user.password, '203.0.113.66', device);
    expect(known.statusCode).toBe(200);
    expect(known.headers['set-cookie']).toBeUndefined();
    // Another account's device token, or a forged one, lets nobody skip the wait.
    const other = await register(ctx.app);
    const othersDevice = deviceCookieFrom(await login(other.userDto.userName, other.password));
    expect(
      (await login(user.userDto.userName, user.password, '203.0.113.66', othersDevice)).statusCode,
    ).toBe(429);
    // The genuine token with a later expiry: its signature no longer matches.
    const [userId, deviceId, expires, signature] = device.cookie.split('device=')[1]!.split('.');
    const forged = { cookie: `device=${userId}.${deviceId}.${Number(expires) + 1}.${signature}` };
    expect(
      (await login(user.userDto.userName, user.password, '203.0.113.66', forged)).statusCode,
    ).toBe(429);
  });

  it("lets the owner in from a new browser elsewhere while a stranger's guesses hold the stranger (issue 38 item 11)", async () => {
    const user = await register(ctx.app);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await login(user.userDto.userName, `guess ${attempt}`, '203.0.113.90')).statusCode,
      ).toBe(401);
    }
    const held = await login(user.userDto.userName, 'guess 3', '203.0.113.90');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(60);
    // The owner, in a browser that never logged in, from another network: the right password works.
    const owner = await login(user.userDto.userName, user.password, '198.51.100.90');
    expect(owner.statusCode).toBe(200);
    expect(String(owner.headers['set-cookie'])).toMatch(/^device=/);
    // The owner's login does not free the stranger: their window still runs, right password or not.
    const still = await login(user.userDto.userName, user.password, '203.0.113.90');
    expect(still.statusCode).toBe(429);
    expect(Number(still.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a known device its own small budget, so a stolen cookie cannot guess freely', async () => {
    const user = await register(ctx.app);
    const device = deviceCookieFrom(await login(user.userDto.userName, user.password));
    for (let attempt = 0; attempt < 3; attempt++) {
      await login(user.userDto.userName, `guess ${attempt}`, '203.0.113.67');
    }
    // perDevice is 2: two wrong guesses with the cookie, then it no longer skips the wait.
    expect((await login(user.userDto.userName, 'guess a', '127.0.0.1', device)).statusCode).toBe(
      401,
    );
    expect((await login(user.userDto.userName, 'guess b', '127.0.0.1', device)).statusCode).toBe(
      401,
    );
    expect(
      (await login(user.userDto.userName, user.password, '127.0.0.1', device)).statusCode,
    ).toBe(429);
  });

  it('answers unknown accounts exactly like existing ones while delaying', async () => {
    const user = await register(ctx.app);
    const statuses = async (name: string) => {
      const answers = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await login(name, 'wrong password');
        answers.push(`${response.statusCode} ${json(response).message}`);
      }
      return answers;
    };
    const known = await statuses(user.userDto.userName);
    expect(await statuses(`nobody-${user.userDto.userName}`)).toEqual(known);
    expect(known.slice(2)).toEqual([
      expect.stringMatching(/^401 /),
      expect.stringMatching(/^429 Too many login attempts/),
      expect.stringMatching(/^429 Too many login attempts/),
    ]);
  });
});

describe('POST /api/auth/login per address', () => {
  const limited = setupTestApp({
    loginLimits: { freeFailures: 100, perAddress: 4, successesPerMinute: 3 },
  });
  const attempt = (
    userName: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName, password },
      remoteAddress,
      headers,
    });

  it('does not hold an address whose failures name existing accounts (a shared network)', async () => {
    const users = await Promise.all([1, 2, 3].map(() => register(limited.app)));
    for (let i = 0; i < 12; i++) {
      const user = users[i % 3]!;
      expect((await attempt(user.userDto.userName, 'mistyped', '192.0.2.50')).statusCode).toBe(401);
    }
    const colleague = await register(limited.app);
    expect(
      (await attempt(colleague.userDto.userName, colleague.password, '192.0.2.50')).statusCode,
    ).toBe(200);
  });

  it("holds an address spraying unknown accounts, never a known account's right password", async () => {
    const user = await register(limited.app);
    for (let i = 0; i < 4; i++) {
      expect((await attempt(`someone${i}`, 'guess', '192.0.2.7')).statusCode).toBe(401);
    }
    // Unknown names wait; so does a wrong password of a known account, so the answer never
    // tells which names exist. The right password of a known account gets in (issue 38 item 11).
    expect((await attempt('someone-else', 'guess', '192.0.2.7')).statusCode).toBe(429);
    const wrong = await attempt(user.userDto.userName, 'guess', '192.0.2.7');
    expect(wrong.statusCode).toBe(429);
    expect(json(wrong).message).toMatch(/^Too many login attempts/);
    expect((await attempt(user.userDto.userName, user.password, '192.0.2.7')).statusCode).toBe(200);
    expect((await attempt(user.userDto.userName, user.password, '192.0.2.8')).statusCode).toBe(200);
  });

  it("does not hold a known account's owner on a new browser after 21 failures naming no account from the address (issue 38 item 11)", async () => {
    const owner = await register(limited.app);
    for (let i = 0; i < 21; i++) await attempt(`stranger${i}`, 'guess', '192.0.2.77');
    expect((await attempt('stranger-22', 'guess', '192.0.2.77')).statusCode).toBe(429);
    const login = await attempt(owner.userDto.userName, owner.password, '192.0.2.77');
    expect(login.statusCode).toBe(200);
  });

  it('limits successful logins of one account per minute, since each costs a hash', async () => {
    const user = await register(limited.app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await attempt(user.userDto.userName, user.password, `192.0.2.${20 + i}`)).statusCode,
      ).toBe(200);
    }
    const fourth = await attempt(user.userDto.userName, user.password, '192.0.2.30');
    expect(fourth.statusCode).toBe(429);
    expect(json(fourth).message).toMatch(/^Too many login attempts/);
  });
});

describe('POST /api/auth/login behind https', () => {
  const proxied = setupTestApp({ trustProxy: true });

  it('marks the device cookie Secure when the request came over https', async () => {
    const user = await register(proxied.app);
    const response = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: user.userDto.userName, password: user.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });
});

describe('password rules', () => {
  const registerWith = (password: string, overrides = {}) => {
    const body = newUser(overrides);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      payload: { ...body, password },
    });
  };

  it.each(['password', '12345678', 'Password1', 'QWERTYUIOP', 'iloveyou'])(
    'refuses the common password %s on sign-up, saying why',
    async (password) => {
      const response = await registerWith(password);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        message: PASSWORD_TOO_COMMON,
        fieldErrors: { password: PASSWORD_TOO_COMMON },
      });
    },
  );

  it.each([
    ['the user name', 'Grace_Hopper'],
    ['the user name and digits', 'grace_hopper1906!'],
    ['the email', 'G.Hopper@Navy.example'],
    ['the email local part and symbols', 'g.hopper#2024'],
  ])('refuses a password made of %s', async (_case, password) => {
    const unique = Date.now().toString(36);
    const userName = password.toLowerCase().startsWith('g.') ? `gh_${unique}` : 'grace_hopper';
    const email = password.toLowerCase().startsWith('g.')
      ? 'g.hopper@navy.example'
      : `gh_${unique}@example.com`;
    const response = await registerWith(password, { userName, email });
    expect(response.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string> }>(response).fieldErrors.password).toBe(
      PASSWORD_MENTIONS_IDENTITY,
    );
  });

  it.each([
    ['aaaaaaaa', PASSWORD_ONE_CHARACTER],
    ['Password123!', PASSWORD_PUBLIC],
  ])('refuses %s on sign-up (issue 38 item 15), saying why', async (password, message) => {
    const response = await registerWith(password);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message, fieldErrors: { password: message } });
  });

  it('refuses one character repeated and the demo password on reset and change too', async () => {
    const user = await loginAs(ctx.app);
    for (const newPassword of ['zzzzzzzzzzzz', 'password123!']) {
      const change = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/${user.userName}/password`,
        headers: user.headers,
        payload: { currentPassword: user.password, newPassword },
      });
      expect(change.statusCode, newPassword).toBe(400);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'any', password: newPassword },
      });
      expect(reset.statusCode, newPassword).toBe(400);
      expect(json(reset).fieldErrors).toEqual({ password: passwordWeakness(newPassword) });
    }
    expect((await login(user.userName, user.password)).statusCode).toBe(200);
  });

  it('accepts an uncommon passphrase (the tests use one everywhere)', async () => {
    expect((await registerWith('correct horse battery')).statusCode).toBe(201);
  });
});

describe('tokens', () => {
  it('accepts a valid token on a protected route', async () => {
    const user = await loginAs(ctx.app);
    expect((await profileOf(user.userName, user.token)).statusCode).toBe(200);
  });

  it('rejects a missing, expired, forged or tampered token with 401', async () => {
    const user = await loginAs(ctx.app);
    const now = Math.floor(Date.now() / 1000);
    const noToken = await ctx.app.inject({ method: 'GET', url: `/api/user/${user.userName}` });
    const expired = await profileOf(
      user.userName,
      signToken({ sub: user.userName, iat: now - 7200, exp: now - 60 }),
    );
    const forged = await profileOf(
      user.userName,
      signToken(
        { sub: user.userName, exp: now + 600 },
        'another-secret-that-the-server-never-used',
      ),
    );
    const [header, , signature] = user.token.split('.');
    const tampered = await profileOf(
      user.userName,
      `${header}.${Buffer.from(JSON.stringify({ sub: 'someone-else', exp: now + 600 })).toString('base64url')}.${signature}`,
    );
    const noneAlg = await profileOf(
      user.userName,
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.userName, exp: now + 600 })).toString('base64url')}.`,
    );
    for (const response of [noToken, expired, forged, tampered, noneAlg]) {
      expect(response.statusCode).toBe(401);
      expect(typeof json(response).message).toBe('string');
    }
    expect(json(expired).message).toBe('Your session has expired. Please log in again.');
  });
});

describe('password reset', () => {
  const lastEmailTo = async (recipient: string) => {
    await ctx.app.services.auth.settled();
    const [email] = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.recipient, recipient))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    return email;
  };
  const tokenFrom = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('mails a single-use link that sets a new password', async () => {
    const user = await register(ctx.app);
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.userDto.email },
    });
    expect(forgot.statusCode).toBe(202);
    expect(json(forgot)).toEqual({ message: FORGOT_PASSWORD_SENT });

    const email = await lastEmailTo(user.userDto.email);
    expect(email?.bodyText).toContain('http://shop.test/reset-password?token=');
    const token = tokenFrom(email!.bodyText)!;

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(user.userDto.userName, user.password)).statusCode).toBe(401);
    expect((await login(user.userDto.userName, 'a brand new password')).statusCode).toBe(200);

    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'yet another password' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(json(reuse).message).toBe(RESET_LINK_INVALID);
  });

  it('refuses a common password or the user name on reset, leaving the link usable', async () => {
    const user = await register(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.userDto.email },
    });
    const token = tokenFrom((await lastEmailTo(user.userDto.email))!.bodyText)!;
    const reset = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password },
      });
    const common = await reset('12345678');
    expect(common.statusCode).toBe(400);
    expect(json(common)).toEqual({
      message: PASSWORD_TOO_COMMON,
      fieldErrors: { password: PASSWORD_TOO_COMMON },
    });
    const own = await reset(`${user.userDto.userName}2024`);
    expect(json(own).fieldErrors).toEqual({ password: PASSWORD_MENTIONS_IDENTITY });
    expect((await reset('a brand new password')).statusCode).toBe(204);
  });

  it('answers an unknown email exactly like a known one and mails nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@nowhere.example' },
    });
    expect(response.statusCode).toBe(202);
    expect(json(response)).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(await lastEmailTo('nobody@nowhere.example')).toBeUndefined();
  });

  it('refuses a made-up token, and an older link once a newer one was used', async () => {
    const madeUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'not-a-real-token', password: 'whatever password' },
    });
    expect(madeUp.statusCode).toBe(400);

    const user = await register(ctx.app);
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.userDto.email },
      });
    await ask();
    const older = tokenFrom((await lastEmailTo(user.userDto.email))!.bodyText)!;
    await ask();
    const newer = tokenFrom((await lastEmailTo(user.userDto.email))!.bodyText)!;
    expect(newer).not.toBe(older);
    const reset = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'fresh password 1' },
      });
    expect((await reset(newer)).statusCode).toBe(204);
    expect((await reset(older)).statusCode).toBe(400);
  });
});
