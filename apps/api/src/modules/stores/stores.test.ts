import { describe, expect, it } from 'vitest';
import type { StorePublic } from '@marketplace/shared';
import { imageBytes, multipart, sellerWithStore, createItem } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';

const ctx = setupTestApp();

const openStore = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/store', headers, payload });

describe('POST /api/store', () => {
  it('opens the caller’s store, and their profile then names it', async () => {
    const user = await loginAs(ctx.app);
    const response = await openStore(user.headers, {
      name: 'Maple Denim Co',
      city: 'TORONTO',
      description: 'Jeans.',
    });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({
      id: 'Maple Denim Co',
      name: 'Maple Denim Co',
      description: 'Jeans.',
      thumbnail: null,
      city: 'TORONTO',
      productCount: 0,
    });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${user.userName}`,
      headers: user.headers,
    });
    expect(json(profile).storeName).toBe('Maple Denim Co');
  });

  it('allows one store per user (409) and unique names whatever the case (409)', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Unique Threads' });
    const again = await openStore(seller.headers, { name: 'Another One', city: 'VANCOUVER' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You already have a store.');
    const other = await loginAs(ctx.app);
    const taken = await openStore(other.headers, { name: 'UNIQUE threads', city: 'VANCOUVER' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe('A store with this name already exists.');
  });

  it('requires a name and one of the five cities', async () => {
    const user = await loginAs(ctx.app);
    const noName = await openStore(user.headers, { name: ' ', city: 'VANCOUVER' });
    expect(json(noName).message).toBe('Store name is required.');
    const badCity = await openStore(user.headers, { name: 'Somewhere', city: 'PARIS' });
    expect(badCity.statusCode).toBe(400);
    expect(json(badCity).message).toBe('Choose one of our cities.');
  });

  it('takes a thumbnail in a multipart form, checked by its bytes', async () => {
    const user = await loginAs(ctx.app);
    const fake = await multipart({
      fields: { name: 'Fake Image Store', city: 'MONTREAL' },
      thumbnail: { bytes: Buffer.from('just text, honestly'), name: 'logo.png', type: 'image/png' },
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/store',
      headers: { ...user.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(json(refused).message).toBe('Invalid image type. Allowed: JPG, PNG, WEBP, GIF');

    const real = await multipart({
      fields: { name: 'Real Image Store', city: 'MONTREAL' },
      thumbnail: { bytes: await imageBytes('jpeg') },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/store',
      headers: { ...user.headers, ...real.headers },
      payload: real.payload,
    });
    expect(response.statusCode).toBe(201);
    const thumbnail = json<StorePublic>(response).thumbnail!;
    expect(thumbnail).toMatch(/^\/uploads\/[a-f0-9]+-400\.webp$/);
    const image = await ctx.app.inject({ method: 'GET', url: thumbnail });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/store',
      payload: { name: 'X', city: 'VANCOUVER' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/store', () => {
  it('edits the caller’s store, and its products are found by the new name', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Old Name Goods' });
    await createItem(ctx.app, seller);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/store',
      headers: seller.headers,
      payload: { name: 'Brand New Goods', city: 'NEW YORK', description: 'Moved.' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      name: 'Brand New Goods',
      city: 'NEW YORK',
      productCount: 1,
    });
    const found = await ctx.app.inject({
      method: 'GET',
      url: '/api/item/public/search?keyword=brand%20new%20goods&city=NEW%20YORK',
    });
    expect(json<unknown[]>(found)).toHaveLength(1);
  });

  it('answers 403 for a user without a store', async () => {
    const user = await loginAs(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/store',
      headers: user.headers,
      payload: { name: 'Mine', city: 'VANCOUVER' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('public stores', () => {
  it('lists stores, filtered by city, with their product counts', async () => {
    const la = await sellerWithStore(ctx.app, { name: 'Sunset Basics', city: 'LOS ANGELES' });
    await createItem(ctx.app, la);
    await sellerWithStore(ctx.app, { name: 'Harbour Knits', city: 'VANCOUVER' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/store/public?city=LOS%20ANGELES',
    });
    expect(response.statusCode).toBe(200);
    expect(json<StorePublic[]>(response)).toEqual([
      expect.objectContaining({ name: 'Sunset Basics', city: 'LOS ANGELES', productCount: 1 }),
    ]);
    const all = json<StorePublic[]>(
      await ctx.app.inject({ method: 'GET', url: '/api/store/public' }),
    );
    expect(all.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Sunset Basics', 'Harbour Knits']),
    );
  });

  it('finds a store by its URL-encoded name, and 404s an unknown one', async () => {
    await sellerWithStore(ctx.app, { name: 'Gastown Tailors & Co' });
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/store/public/${encodeURIComponent('gastown tailors & co')}`,
    });
    expect(found.statusCode).toBe(200);
    expect(json(found).name).toBe('Gastown Tailors & Co');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/store/public/No%20Such%20Store',
    });
    expect(missing.statusCode).toBe(404);
  });
});
