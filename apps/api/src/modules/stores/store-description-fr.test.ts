import { describe, expect, it } from 'vitest';
import {
  FRENCH_CONTENT_MESSAGES,
  type StoreOwnerView,
  type StorePublic,
} from '@marketplace/shared';
import { createItem, sellerWithStore } from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';

// Issue 19 item 4: a store's description in French beside English.

const ctx = setupTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const putStore = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/store', headers, payload });

describe('issue 19: a store described in French', () => {
  it('answers each reader in their language, and the owner in both', async () => {
    const seller = await sellerWithStore(ctx.app, {
      city: 'MONTREAL',
      description: 'Knitwear from the Mile End.',
    });
    const saved = await putStore(seller.headers, {
      name: seller.storeName,
      city: 'MONTREAL',
      description: 'Knitwear from the Mile End.',
      descriptionFr: 'Tricots du Mile End.',
    });
    expect(saved.statusCode).toBe(200);
    expect(json<StorePublic>(saved).description).toBe('Knitwear from the Mile End.');

    const path = `/api/store/public/${encodeURIComponent(seller.storeName)}`;
    expect(json<StorePublic>(await get(path)).description).toBe('Knitwear from the Mile End.');
    expect(json<StorePublic>(await get(`${path}?lang=fr-CA`)).description).toBe(
      'Tricots du Mile End.',
    );
    await createItem(ctx.app, seller); // the Brands list shows stores with a product (issue 39.21)
    const list = json<StorePublic[]>(await get('/api/store/public?city=MONTREAL&lang=fr-CA'));
    expect(list.find((s) => s.name === seller.storeName)?.description).toBe('Tricots du Mile End.');

    const own = json<StoreOwnerView>(await get('/api/store', seller.headers));
    expect(own).toMatchObject({
      description: 'Knitwear from the Mile End.',
      descriptionFr: 'Tricots du Mile End.',
    });
  });

  it('falls back to the other language, and keeps the French when an edit leaves it out', async () => {
    const englishOnly = await sellerWithStore(ctx.app, { description: 'Denim, made slowly.' });
    expect(
      json<StorePublic>(
        await get(`/api/store/public/${encodeURIComponent(englishOnly.storeName)}?lang=fr-CA`),
      ).description,
    ).toBe('Denim, made slowly.');

    const frenchOnly = await sellerWithStore(ctx.app, { city: 'MONTREAL' });
    await putStore(frenchOnly.headers, {
      name: frenchOnly.storeName,
      city: 'MONTREAL',
      descriptionFr: 'Des jeans faits lentement.',
    });
    const path = `/api/store/public/${encodeURIComponent(frenchOnly.storeName)}`;
    expect(json<StorePublic>(await get(path)).description).toBe('Des jeans faits lentement.');
    // A form that does not send the French description keeps it.
    await putStore(frenchOnly.headers, {
      name: frenchOnly.storeName,
      city: 'MONTREAL',
      description: 'Jeans.',
    });
    expect(json<StoreOwnerView>(await get('/api/store', frenchOnly.headers)).descriptionFr).toBe(
      'Des jeans faits lentement.',
    );
    await putStore(frenchOnly.headers, {
      name: frenchOnly.storeName,
      city: 'MONTREAL',
      description: 'Jeans.',
      descriptionFr: null,
    });
    expect(json<StorePublic>(await get(`${path}?lang=fr-CA`)).description).toBe('Jeans.');
  });

  it('limits the French description like the English one', async () => {
    const seller = await sellerWithStore(ctx.app);
    const response = await putStore(seller.headers, {
      name: seller.storeName,
      city: 'VANCOUVER',
      descriptionFr: 'x'.repeat(1001),
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(FRENCH_CONTENT_MESSAGES.storeDescriptionMax);
  });
});
