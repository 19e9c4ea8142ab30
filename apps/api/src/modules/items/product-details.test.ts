import { describe, expect, it } from 'vitest';
import type { CatalogFacets, ItemDetail, ItemSummary } from '@marketplace/shared';
import {
  createItem,
  imageBytes,
  multipart,
  sellerWithStore,
  updateItem,
  validItem,
} from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';

const ctx = setupTestApp();

async function post(seller: { headers: Record<string, string> }, itemDto: unknown) {
  const body = await multipart({ itemDto, thumbnail: { bytes: await imageBytes() } });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/item',
    headers: { ...seller.headers, ...body.headers },
    payload: body.payload,
  });
}

const option = { price: 0, sale: 0, count: 3, isAvailable: true };

describe('issue 13 item 11: description, materials and care', () => {
  it('keeps the paragraphs, shows them on the product and finds the product by them', async () => {
    const seller = await sellerWithStore(ctx.app);
    const description = 'Cut from a heavy twill.\n\nThe hem is left raw: quokkastitch detail.';
    const created = await createItem(
      ctx.app,
      seller,
      validItem({ description, materials: '100% zanzibarcotton', care: 'Cold wash.' }),
    );
    const item = json<ItemDetail>(
      await ctx.app.inject({ method: 'GET', url: `/api/item/public/${created.id}` }),
    );
    expect(item).toMatchObject({
      description,
      materials: '100% zanzibarcotton',
      care: 'Cold wash.',
    });
    for (const keyword of ['quokkastitch', 'zanzibarcotton']) {
      const found = json<ItemSummary[]>(
        await ctx.app.inject({ method: 'GET', url: `/api/item/public/search?keyword=${keyword}` }),
      );
      expect(found.map((i) => i.id)).toEqual([created.id]);
    }
  });

  it('refuses a description over 5,000 characters, with its message', async () => {
    const seller = await sellerWithStore(ctx.app);
    const response = await post(seller, validItem({ description: 'a'.repeat(5001) }));
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Description must be at most 5,000 characters.');
  });
});

describe('issue 13 item 12: colours and size systems', () => {
  it('stores colours as ids whatever their case, and takes waist, shoe and one-size sizes', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(
      ctx.app,
      seller,
      validItem({
        name: 'Pleated Trousers',
        itemOptions: [
          { ...option, color: 'navy', size: '32' },
          { ...option, color: 'Beige', size: '9.5' },
          { ...option, color: 'MULTI', size: 'one size' },
          { ...option, color: 'RED', size: 'XXXL' },
        ],
      }),
    );
    expect(created.itemOptions.map((o) => [o.color, o.size])).toEqual([
      ['NAVY', '32'],
      ['BEIGE', '9.5'],
      ['MULTI', 'ONE SIZE'],
      ['RED', 'XXXL'],
    ]);
    const facets = json<CatalogFacets>(
      await ctx.app.inject({ method: 'GET', url: '/api/item/public/facets?keyword=pleated' }),
    );
    expect(facets.color.map((f) => f.value).sort()).toEqual(['beige', 'multi', 'navy', 'red']);
    expect(facets.size.map((f) => f.value).sort()).toEqual(['32', '9.5', 'ONE SIZE', 'XXXL']);
    const byColour = json<ItemSummary[]>(
      await ctx.app.inject({ method: 'GET', url: '/api/item/public/search?color=navy&size=32' }),
    );
    expect(byColour.map((i) => i.id)).toEqual([created.id]);
  });

  it('refuses a colour or size outside the lists', async () => {
    const seller = await sellerWithStore(ctx.app);
    const response = await post(
      seller,
      validItem({ itemOptions: [{ ...option, color: 'CHARTREUSE', size: '45' }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).fieldErrors).toMatchObject({
      'itemOptions.0.color': 'Select a color',
      'itemOptions.0.size': 'Select a size',
    });
  });
});

describe('issue 13 item 13: one option per colour and size', () => {
  it('refuses two options with the same colour and size, naming the repeat', async () => {
    const seller = await sellerWithStore(ctx.app);
    const response = await post(
      seller,
      validItem({
        itemOptions: [
          { ...option, color: 'RED', size: 'M' },
          { ...option, color: 'BLUE', size: 'M' },
          { ...option, color: 'red', size: 'm' },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Each color and size can be listed only once.');
    expect(json(response).fieldErrors).toMatchObject({
      'itemOptions.2.size': 'Another option already has this color and size.',
    });
  });

  it('lets a seller swap two options’ colours in one save (checked at commit)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(
      ctx.app,
      seller,
      validItem({
        itemOptions: [
          { ...option, color: 'RED', size: 'M' },
          { ...option, color: 'BLUE', size: 'M' },
        ],
      }),
    );
    const [red, blue] = created.itemOptions;
    const updated = await updateItem(ctx.app, seller, created.id, {
      itemOptions: [
        { ...option, id: red!.id, color: 'BLUE', size: 'M' },
        { ...option, id: blue!.id, color: 'RED', size: 'M' },
      ],
    });
    expect(updated.itemOptions.map((o) => [o.id, o.color])).toEqual([
      [red!.id, 'BLUE'],
      [blue!.id, 'RED'],
    ]);
  });
});

describe('issue 13 item 14: every dimension problem, each with its own message', () => {
  it('names rule 5 first, and gives an out-of-range side its own message', async () => {
    const seller = await sellerWithStore(ctx.app);
    const response = await post(
      seller,
      validItem({
        dimensions: { width: 'wide', length: 10, height: 500, weight: 'heavy', unit: 'IMPERIAL' },
      } as never),
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Delivery box dimensions must be valid numbers.');
    expect(json(response).fieldErrors).toMatchObject({
      'dimensions.width': 'Delivery box dimensions must be valid numbers.',
      'dimensions.height': 'Height must be between 2 and 200 in.',
    });
  });

  it('a number too large to hold is out of range, not missing', async () => {
    const seller = await sellerWithStore(ctx.app);
    const response = await post(
      seller,
      validItem({
        dimensions: { width: '1e999', length: 10, height: 3, weight: 2, unit: 'IMPERIAL' },
      } as never),
    );
    expect(json(response).message).toBe('Width must be between 2 and 200 in.');
  });
});

describe('issue 20: a product page is written by the database (decision 032)', () => {
  it("holds what the owner's answer holds, field for field, in either language", async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(
      ctx.app,
      seller,
      validItem({
        name: 'Waxed Canvas Chore Coat',
        nameFr: 'Manteau de travail en toile cirée',
        description: 'Waxed by hand.',
        descriptionFr: 'Ciré à la main.',
        materials: '',
        materialsFr: 'Coton',
        care: 'Wipe clean.',
        careFr: 'Essuyer.',
        sale: 12.5,
        tags: ['canvas', 'workwear'],
        dimensions: { width: 12.25, length: 16, height: 8.5, weight: 2.75, unit: 'METRIC' },
        itemOptions: [
          { color: 'OLIVE', size: 'L', price: 199.99, sale: 10, count: 4, isAvailable: true },
          { color: 'BLACK', size: 'S', price: 0, sale: 0, count: 0, isAvailable: false },
        ],
      }),
    );
    const { nameFr, descriptionFr, materialsFr, careFr, ...shown } = created;
    const page = (lang = '') =>
      ctx.app
        .inject({ method: 'GET', url: `/api/item/public/${created.id}${lang}` })
        .then((response) => json<ItemDetail>(response));
    expect(await page()).toEqual({ ...shown, materials: 'Coton' });
    expect(await page('?lang=fr-CA')).toEqual({
      ...shown,
      name: nameFr,
      description: descriptionFr,
      materials: materialsFr,
      care: careFr,
    });
    expect(shown.itemOptions.map((o) => o.color)).toEqual(['OLIVE', 'BLACK']);
    // Its card in the catalog (kept on the row, migration 0032) says what the page says.
    for (const lang of ['', '&lang=fr-CA']) {
      const [card] = json<ItemSummary[]>(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/item/public/search?keyword=chore${lang}`,
        }),
      );
      const { id, name, price, sale, salePrice, currency, thumbnail, store, category, soldOut } =
        await page(lang.replace('&', '?'));
      expect(card).toEqual({
        id,
        name,
        price,
        sale,
        salePrice,
        currency,
        thumbnail,
        store,
        category,
        soldOut,
      });
    }
    expect(shown.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
