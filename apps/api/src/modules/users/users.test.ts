import { describe, expect, it } from 'vitest';
import { json, loginAs, setupTestApp } from '../../../test/helper';

const ctx = setupTestApp();

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
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      userName: user.userName,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      storeName: null,
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
    const response = await put(alice, { ...editable(alice), email: bob.email.toUpperCase() });
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
