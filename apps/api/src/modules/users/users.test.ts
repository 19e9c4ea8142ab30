import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_REVERTED,
  MESSAGES,
  PASSWORD_MENTIONS_IDENTITY,
  PASSWORD_TOO_COMMON,
} from '@marketplace/shared';
import { outboxEmails } from '../../db/schema';
import { json, loginAs, setupTestApp } from '../../../test/helper';

const ctx = setupTestApp({ loginLimits: { freeFailures: 3, firstDelayMs: 60_000 } });

const vancouver = {
  streetAddress: '1055 West Georgia Street',
  apartment: 'Suite 400',
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'v6e3p3',
  defaultAddress: true,
};
const seattle = {
  streetAddress: '400 Broad Street',
  city: 'Seattle',
  province: 'WA',
  country: 'US',
  postalCode: '98109-4607',
  defaultAddress: false,
};

type User = Awaited<ReturnType<typeof loginAs>>;
const put = (user: User, body: object, userName = user.userName) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${userName}`,
    headers: user.headers,
    payload: body,
  });
const editable = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  addresses: [] as object[],
});

describe('GET /api/user/{userName}', () => {
  it('returns the caller their own profile without any password hash', async () => {
    const user = await loginAs(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${user.userName}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      userName: user.userName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      storeName: null,
      role: 'buyer',
      locale: null,
      addresses: [],
    });
    expect(response.body).not.toMatch(/password|argon2/i);
  });

  it("refuses another user's profile with 403", async () => {
    const alice = await loginAs(ctx.app);
    const bob = await loginAs(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${bob.userName}`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(bob.email);
  });

  it('needs a token (401)', async () => {
    const user = await loginAs(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/user/${user.userName}` })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/user/{userName}', () => {
  it('updates names, email and addresses, normalising codes, and returns the profile', async () => {
    const user = await loginAs(ctx.app);
    const response = await put(user, {
      firstName: ' Grace ',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      addresses: [vancouver, seattle],
      currentPassword: user.password,
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      userName: user.userName,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      storeName: null,
      role: 'buyer',
      locale: null,
      addresses: [
        { ...vancouver, postalCode: 'V6E 3P3' },
        { ...seattle, apartment: null },
      ],
    };
    expect(json(response)).toEqual(expected);
    const reread = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${user.userName}`,
      headers: user.headers,
    });
    expect(json(reread)).toEqual(expected);
  });

  it('makes the first address the default when none is chosen, and replaces the list', async () => {
    const user = await loginAs(ctx.app);
    await put(user, { ...editable(user), addresses: [vancouver, seattle] });
    const response = await put(user, {
      ...editable(user),
      addresses: [{ ...seattle, defaultAddress: false }],
    });
    expect(
      json<{ addresses: { defaultAddress: boolean; city: string }[] }>(response).addresses,
    ).toEqual([expect.objectContaining({ city: 'Seattle', defaultAddress: true })]);
  });

  it.each([
    [{ ...vancouver, country: 'MX' }, 'addresses.0.country', 'We ship to Canada and the USA only.'],
    [{ ...vancouver, province: 'WA' }, 'addresses.0.province', 'Choose a province or territory.'],
    [{ ...seattle, province: 'BC' }, 'addresses.0.province', 'Choose a state.'],
    [
      { ...vancouver, postalCode: '90210' },
      'addresses.0.postalCode',
      'Enter a valid postal code, like V6B 1A1.',
    ],
    [
      { ...seattle, postalCode: 'V6E 3P3' },
      'addresses.0.postalCode',
      'Enter a valid ZIP code, like 98101 or 98101-1234.',
    ],
    [
      { ...vancouver, streetAddress: '  ' },
      'addresses.0.streetAddress',
      'Street address is required.',
    ],
    [{ ...vancouver, city: '' }, 'addresses.0.city', 'City is required.'],
  ])('refuses an invalid address %#: %s', async (address, field, message) => {
    const user = await loginAs(ctx.app);
    const response = await put(user, { ...editable(user), addresses: [address] });
    expect(response.statusCode).toBe(400);
    expect(json<{ fieldErrors: Record<string, string> }>(response).fieldErrors[field]).toBe(
      message,
    );
  });

  it('refuses two default addresses', async () => {
    const user = await loginAs(ctx.app);
    const response = await put(user, {
      ...editable(user),
      addresses: [vancouver, { ...seattle, defaultAddress: true }],
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Only one address can be the default.');
  });

  it("refuses another user's email with 409", async () => {
    const alice = await loginAs(ctx.app);
    const bob = await loginAs(ctx.app);
    const response = await put(alice, {
      ...editable(alice),
      email: bob.email.toUpperCase(),
      currentPassword: alice.password,
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      message: 'Email is already registered.',
      fieldErrors: { email: 'Email is already registered.' },
    });
  });

  it("refuses to change another user's profile with 403 and changes nothing", async () => {
    const alice = await loginAs(ctx.app);
    const bob = await loginAs(ctx.app);
    const response = await put(alice, { ...editable(alice), firstName: 'Mallory' }, bob.userName);
    expect(response.statusCode).toBe(403);
    const bobsProfile = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${bob.userName}`,
      headers: bob.headers,
    });
    expect(json(bobsProfile).firstName).toBe(bob.firstName);
  });

  it('does not let a body change the user name or smuggle fields', async () => {
    const user = await loginAs(ctx.app);
    const response = await put(user, { ...editable(user), userName: 'someone-else' });
    expect(response.statusCode).toBe(400);
  });
});

const lastEmailTo = async (recipient: string) => {
  const [email] = await ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.recipient, recipient))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  return email;
};
const mailsTo = (recipient: string) =>
  ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, recipient));
const revertTokenFrom = (text: string) => /revert-email\?token=([\w-]+)/.exec(text)?.[1];
const revert = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/revert-email', payload: { token } });
const profile = (user: User, headers = user.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/user/${user.userName}`, headers });
const login = (userName: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName, password } });
const changePassword = (user: User, body: object, userName = user.userName) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${userName}/password`,
    headers: user.headers,
    payload: body,
  });

describe('PUT /api/user/{userName}/addresses/default: "Save this address" (issue 39.10)', () => {
  const saveDefault = (user: User, body: object, userName = user.userName) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${userName}/addresses/default`,
      headers: user.headers,
      payload: body,
    });
  const profileOf = async (user: User) =>
    json<{ addresses: object[] }>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/user/${user.userName}`,
        headers: user.headers,
      }),
    );
  const { defaultAddress: _ignored, ...montreal } = {
    streetAddress: '1 Rue Sainte-Catherine O',
    city: 'Montréal',
    province: 'qc',
    country: 'CA',
    postalCode: 'h2x1z5',
    defaultAddress: false,
  };

  it('saves the address as the default, first, so the next checkout fills it in', async () => {
    const user = await loginAs(ctx.app);
    expect(
      (await put(user, { ...editable(user), addresses: [vancouver, seattle] })).statusCode,
    ).toBe(200);
    const response = await saveDefault(user, montreal);
    expect(response.statusCode).toBe(200);
    const expected = [
      { ...montreal, apartment: null, province: 'QC', postalCode: 'H2X 1Z5', defaultAddress: true },
      { ...vancouver, postalCode: 'V6E 3P3', defaultAddress: false },
      { ...seattle, apartment: null, defaultAddress: false },
    ];
    expect(json(response)).toEqual(expected);
    expect((await profileOf(user)).addresses).toEqual(expected);
  });

  it('an address already saved becomes the default instead of repeating', async () => {
    const user = await loginAs(ctx.app);
    await put(user, { ...editable(user), addresses: [vancouver, seattle] });
    const response = await saveDefault(user, { ...seattle, streetAddress: '400  broad street' });
    expect(response.statusCode).toBe(200);
    const addresses = (await profileOf(user)).addresses as {
      city: string;
      defaultAddress: boolean;
    }[];
    expect(addresses.map((a) => [a.city, a.defaultAddress])).toEqual([
      ['Seattle', true],
      ['Vancouver', false],
    ]);
  });

  it('validates with the shared address rules (400, nothing saved)', async () => {
    const user = await loginAs(ctx.app);
    const response = await saveDefault(user, { ...montreal, postalCode: '12345' });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(ADDRESS_MESSAGES.postalCode);
    expect((await profileOf(user)).addresses).toEqual([]);
  });

  it("refuses another user's address book (403) and changes nothing", async () => {
    const owner = await loginAs(ctx.app);
    const other = await loginAs(ctx.app);
    const response = await saveDefault(other, montreal, owner.userName);
    expect(response.statusCode).toBe(403);
    expect((await profileOf(owner)).addresses).toEqual([]);
  });

  it('says when the address book is full (409)', async () => {
    const user = await loginAs(ctx.app);
    const ten = Array.from({ length: 10 }, (_, index) => ({
      ...seattle,
      streetAddress: `${400 + index} Broad Street`,
    }));
    await put(user, { ...editable(user), addresses: ten });
    const response = await saveDefault(user, montreal);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('You can save up to 10 addresses.');
  });
});

describe('PUT /api/user/{userName}/locale (issue 19)', () => {
  const setLocale = (user: User, locale: unknown, userName = user.userName) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${userName}/locale`,
      headers: user.headers,
      payload: { locale },
    });
  const profileOf = async (user: User) =>
    json(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/user/${user.userName}`,
        headers: user.headers,
      }),
    ) as { locale: string | null };

  it('keeps the language chosen with the switch in the profile', async () => {
    const user = await loginAs(ctx.app);
    expect((await profileOf(user)).locale).toBeNull();
    const chosen = await setLocale(user, 'fr-CA');
    expect(chosen.statusCode).toBe(200);
    expect(json(chosen)).toEqual({ locale: 'fr-CA' });
    expect((await profileOf(user)).locale).toBe('fr-CA');
    expect(json(await setLocale(user, 'en'))).toEqual({ locale: 'en' });
    expect((await profileOf(user)).locale).toBe('en');
  });

  it('refuses a language the store does not have (400)', async () => {
    const user = await loginAs(ctx.app);
    for (const locale of ['fr', 'de', '', null]) {
      expect((await setLocale(user, locale)).statusCode, String(locale)).toBe(400);
    }
    expect((await profileOf(user)).locale).toBeNull();
  });

  it("refuses to change another user's language (403) and changes nothing", async () => {
    const owner = await loginAs(ctx.app);
    const other = await loginAs(ctx.app);
    expect((await setLocale(other, 'fr-CA', owner.userName)).statusCode).toBe(403);
    expect((await profileOf(owner)).locale).toBeNull();
  });
});

describe('changing the email', () => {
  it('needs the current password (a stolen token alone cannot take the account)', async () => {
    const user = await loginAs(ctx.app);
    const missing = await put(user, { ...editable(user), email: 'mallory@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({
      message: CURRENT_PASSWORD_REQUIRED,
      fieldErrors: { currentPassword: CURRENT_PASSWORD_REQUIRED },
    });
    const wrong = await put(user, {
      ...editable(user),
      email: 'mallory@example.com',
      currentPassword: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({
      message: CURRENT_PASSWORD_INCORRECT,
      fieldErrors: { currentPassword: CURRENT_PASSWORD_INCORRECT },
    });
    expect(json(await profile(user)).email).toBe(user.email);
    // Names and addresses still change without it, and so does the email's case.
    const names = await put(user, {
      ...editable(user),
      firstName: 'Augusta',
      email: user.email.toUpperCase(),
    });
    expect(names.statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed logins of the account', async () => {
    const user = await loginAs(ctx.app);
    const attempt = (currentPassword: string) =>
      put(user, { ...editable(user), email: 'mallory@example.com', currentPassword });
    for (let i = 0; i < 3; i++) expect((await attempt(`guess ${i}`)).statusCode).toBe(400);
    const held = await attempt(user.password);
    expect(held.statusCode).toBe(429);
    expect(json(held).message).toMatch(/^Too many login attempts/);
    expect((await login(user.userName, user.password)).statusCode).toBe(429);
  });

  it('mails the previous address a link that puts it back, ends every session and mails a reset link there', async () => {
    const user = await loginAs(ctx.app);
    const newEmail = `new-${user.email}`;
    const changed = await put(user, {
      ...editable(user),
      email: newEmail,
      currentPassword: user.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(json(changed).email).toBe(newEmail);

    const mail = await lastEmailTo(user.email);
    expect(mail?.subject).toMatch(/email was changed/i);
    expect(mail?.bodyText).toContain(newEmail);
    expect(mail?.bodyText).toMatch(/If this was not you/);
    expect(mail?.bodyText).toContain('http://shop.test/revert-email?token=');
    const token = revertTokenFrom(mail!.bodyText)!;

    const reverted = await revert(token);
    expect(reverted.statusCode).toBe(200);
    // Issue 38 item 5: the answer never carries a reset token; whoever opens the link only
    // learns the address is back, and the reset link goes by mail to that address.
    expect(json(reverted)).toEqual({ message: EMAIL_CHANGE_REVERTED, email: user.email });
    expect(reverted.body).not.toMatch(/token/i);
    // Every session ended; the account is reachable by the old address again.
    const stale = await profile(user);
    expect(stale.statusCode).toBe(401);
    expect(json(stale).message).toBe(MESSAGES.sessionEnded);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    // The normal reset mail, to the restored address, sets a new password.
    const resetMail = await lastEmailTo(user.email);
    expect(resetMail?.subject).toMatch(/reset/i);
    const resetToken = /reset-password\?token=([\w-]+)/.exec(resetMail!.bodyText)?.[1];
    expect(resetToken).toBeDefined();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'a fresh start at last' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await login(user.userName, 'a fresh start at last')).statusCode).toBe(200);
    // The link works once.
    const again = await revert(token);
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(EMAIL_CHANGE_LINK_INVALID);
  });

  it.each([
    ['changes the password', 'change'],
    ['sets a new password through a reset link mailed to the new address', 'reset'],
  ])('retires the revert link once the owner %s (issue 38 item 5)', async (_case, how) => {
    const user = await loginAs(ctx.app);
    const newEmail = `moved-${user.email}`;
    await put(user, { ...editable(user), email: newEmail, currentPassword: user.password });
    const token = revertTokenFrom((await lastEmailTo(user.email))!.bodyText)!;
    if (how === 'change') {
      const changed = await changePassword(user, {
        currentPassword: user.password,
        newPassword: 'my new passphrase here',
      });
      expect(changed.statusCode).toBe(200);
    } else {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: newEmail },
      });
      await ctx.app.services.auth.settled();
      const resetMail = await lastEmailTo(newEmail);
      const resetToken = /reset-password\?token=([\w-]+)/.exec(resetMail!.bodyText)?.[1];
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: resetToken, password: 'my new passphrase here' },
      });
      expect(reset.statusCode).toBe(204);
    }
    // Whoever holds the old mailbox can no longer take the address back, nor get a reset there.
    const mailsBefore = await mailsTo(user.email);
    const refused = await revert(token);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(EMAIL_CHANGE_LINK_INVALID);
    const relogged = json<{ accessToken: string }>(
      await login(user.userName, 'my new passphrase here'),
    );
    const after = await profile(user, { authorization: `Bearer ${relogged.accessToken}` });
    expect(json(after).email).toBe(newEmail);
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore.length);
  });

  it('retires the links of later changes, so the second address cannot take it back', async () => {
    const user = await loginAs(ctx.app);
    const second = `second-${user.email}`;
    const third = `third-${user.email}`;
    await put(user, { ...editable(user), email: second, currentPassword: user.password });
    await put(user, { ...editable(user), email: third, currentPassword: user.password });
    const owners = revertTokenFrom((await lastEmailTo(user.email))!.bodyText)!;
    const seconds = revertTokenFrom((await lastEmailTo(second))!.bodyText)!;
    expect((await revert(owners)).statusCode).toBe(200);
    expect((await revert(seconds)).statusCode).toBe(400);
    const relogged = json<{ accessToken: string }>(await login(user.userName, user.password));
    const after = await profile(user, { authorization: `Bearer ${relogged.accessToken}` });
    expect(json(after).email).toBe(user.email);
  });

  it('refuses a made-up link', async () => {
    const response = await revert('a'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(EMAIL_CHANGE_LINK_INVALID);
  });
});

describe('PUT /api/user/{userName}/password', () => {
  it('changes the password, ends every other session and gives the caller a fresh token', async () => {
    const user = await loginAs(ctx.app);
    const otherSession = json<{ accessToken: string }>(await login(user.userName, user.password));
    const response = await changePassword(user, {
      currentPassword: user.password,
      newPassword: 'a longer passphrase now',
    });
    expect(response.statusCode).toBe(200);
    const { accessToken } = json<{ accessToken: string }>(response);
    expect((await profile(user, { authorization: `Bearer ${accessToken}` })).statusCode).toBe(200);
    for (const stale of [user.token, otherSession.accessToken]) {
      const answer = await profile(user, { authorization: `Bearer ${stale}` });
      expect(answer.statusCode).toBe(401);
      expect(json(answer).message).toBe(MESSAGES.sessionEnded);
    }
    expect((await login(user.userName, user.password)).statusCode).toBe(401);
    expect((await login(user.userName, 'a longer passphrase now')).statusCode).toBe(200);
  });

  it('needs the right current password', async () => {
    const user = await loginAs(ctx.app);
    const wrong = await changePassword(user, {
      currentPassword: 'not it at all',
      newPassword: 'a longer passphrase now',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({
      message: CURRENT_PASSWORD_INCORRECT,
      fieldErrors: { currentPassword: CURRENT_PASSWORD_INCORRECT },
    });
    const missing = await changePassword(user, { newPassword: 'a longer passphrase now' });
    expect(missing.statusCode).toBe(400);
    expect((await profile(user)).statusCode).toBe(200);
  });

  it.each([
    ['12345678', PASSWORD_TOO_COMMON],
    ['Password1', PASSWORD_TOO_COMMON],
  ])(
    'refuses the common password %s, saying why beside the new password',
    async (newPassword, message) => {
      const user = await loginAs(ctx.app);
      const response = await changePassword(user, { currentPassword: user.password, newPassword });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ message, fieldErrors: { newPassword: message } });
    },
  );

  it('refuses a password made of the user name', async () => {
    const user = await loginAs(ctx.app);
    const response = await changePassword(user, {
      currentPassword: user.password,
      newPassword: `${user.userName.toUpperCase()}!!`,
    });
    expect(json(response).fieldErrors).toEqual({ newPassword: PASSWORD_MENTIONS_IDENTITY });
  });

  it("refuses to change another user's password (403)", async () => {
    const alice = await loginAs(ctx.app);
    const bob = await loginAs(ctx.app);
    const response = await changePassword(
      alice,
      { currentPassword: bob.password, newPassword: 'a longer passphrase now' },
      bob.userName,
    );
    expect(response.statusCode).toBe(403);
    expect((await login(bob.userName, bob.password)).statusCode).toBe(200);
  });
});
