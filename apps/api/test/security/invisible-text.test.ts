import { describe, expect, it } from 'vitest';
import type { ItemDetail, Review, StorePublic, UserProfile } from '@marketplace/shared';
import { createItem, multipart, imageBytes, sellerWithStore, validItem } from '../catalog';
import { json, loginAs, newUser, setupTestApp } from '../helper';

// Invisible and control characters let one name pass for another and hide or reorder text
// (issue 14, finding 10): every name, address and free-text field refuses them with 400 and a
// message naming the field; names are stored NFC-normalised.

const ctx = setupTestApp();
const refusal = (label: string) => `${label}: remove invisible or control characters.`;

const address = {
  streetAddress: '1055 West Georgia Street',
  apartment: 'Suite 400',
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6E 3P3',
  defaultAddress: true,
};

describe('invisible and control characters in names, addresses and free text', () => {
  it.each([
    ['firstName', 'Ada\u200b', 'First name'],
    ['lastName', 'Love\u202elace', 'Last name'],
    ['firstName', 'Ada\tB', 'First name'],
    ['lastName', 'Lovelace\nSmith', 'Last name'],
  ])('registration refuses %s %j (400)', async (field, value, label) => {
    const body = newUser({ [field]: value });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/registerUser',
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(refusal(label));
  });

  it('registration and profile store names in NFC', async () => {
    const user = await loginAs(
      ctx.app,
      newUser({ firstName: 'Zoe\u0308', lastName: 'Ange\u0301' }),
    );
    const profile = json<UserProfile>(
      await ctx.app.inject({ url: `/api/user/${user.userName}`, headers: user.headers }),
    );
    expect(profile.firstName).toBe('Zo\u00eb');
    expect(profile.lastName).toBe('Ang\u00e9');
  });

  it.each([
    ['streetAddress', '1055 West\u200b Georgia Street', 'Street address'],
    ['apartment', 'Suite\t400', 'Apartment'],
    ['city', 'Van\u2066couver', 'City'],
  ])('profile addresses refuse %s %j (400)', async (field, value, label) => {
    const user = await loginAs(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${user.userName}`,
      headers: user.headers,
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: user.email,
        addresses: [{ ...address, [field]: value }],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(refusal(label));
  });

  it('a store description refuses invisible characters and keeps its line breaks', async () => {
    const user = await loginAs(ctx.app);
    const open = (description: string, name: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/store',
        headers: user.headers,
        payload: { name, city: 'VANCOUVER', description },
      });
    const hidden = await open('Denim.\u200b', 'Quiet Loom');
    expect(hidden.statusCode).toBe(400);
    expect(json(hidden).message).toBe(refusal('Description'));
    const opened = await open('Raw denim.\nCut in Vancouver.', 'Quiet Loom');
    expect(opened.statusCode).toBe(201);
    expect(json<StorePublic>(opened).description).toBe('Raw denim.\nCut in Vancouver.');
  });

  it.each([
    [{ name: 'Raw\u200d Jacket' }, 'Name'],
    [{ name: 'Raw\nJacket' }, 'Name'],
    [{ tags: ['denim', 'sel\u200bvedge'] }, 'Tags'],
    [{ tags: 'denim, raw\u202e' }, 'Tags'],
  ])('a product refuses %j (400)', async (change, label) => {
    const seller = await sellerWithStore(ctx.app);
    const body = await multipart({
      itemDto: validItem(change),
      thumbnail: { bytes: await imageBytes() },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/item',
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(refusal(label));
  });

  it('a product name is stored in NFC', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Cafe\u0301 Jacket' }));
    expect(item.name).toBe('Caf\u00e9 Jacket');
    const shown = json<ItemDetail>(await ctx.app.inject({ url: `/api/item/public/${item.id}` }));
    expect(shown.name).toBe('Caf\u00e9 Jacket');
  });

  it('a review comment refuses invisible characters and keeps its line breaks', async () => {
    const item = await createItem(ctx.app, await sellerWithStore(ctx.app));
    const post = async (comment: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/item-review',
        headers: (await loginAs(ctx.app)).headers,
        payload: { itemId: item.id, rating: 4, fitScore: 3, comment },
      });
    for (const comment of ['Great\u202e fit', 'Great\u200b fit', 'Great\tfit', 'Great\u2028fit']) {
      const response = await post(comment);
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(refusal('Comment'));
    }
    const kept = await post('Great fit.\r\nSize up.');
    expect(kept.statusCode).toBe(201);
    expect(json<Review>(kept).comment).toBe('Great fit.\r\nSize up.');
  });
});
