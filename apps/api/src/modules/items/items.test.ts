import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  CatalogFacets,
  ItemDetail,
  ItemInput,
  ItemSummary,
  Suggestion,
} from '@marketplace/shared';
import {
  createItem,
  updateItem,
  imageBytes,
  multipart,
  sellerWithStore,
  validItem,
  type FilePart,
  type Seller,
} from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';

const ctx = setupTestApp();

async function postItem(
  seller: { headers: Record<string, string> },
  itemDto: unknown,
  files: { thumbnail?: FilePart; images?: FilePart[] } = {},
  method: 'POST' | 'PUT' = 'POST',
) {
  const body = await multipart({ itemDto, ...files });
  return ctx.app.inject({
    method,
    url: '/api/item',
    headers: { ...seller.headers, ...body.headers },
    payload: body.payload,
  });
}

const withThumbnail = async () => ({ thumbnail: { bytes: await imageBytes() } });

describe('POST /api/item: the product form rules, in order, with their messages', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await sellerWithStore(ctx.app);
  });

  const option = validItem().itemOptions![0]!;
  it.each<[string, Partial<ItemInput> & Record<string, unknown>, string]>([
    ['name', { name: '   ' }, 'Name is required.'],
    ['price', { price: 14.99 }, 'Price must be at least 15.'],
    ['price not a number', { price: 'cheap' as never }, 'Price must be at least 15.'],
    ['currency', { currency: undefined as never }, 'Currency is required.'],
    ['tag count', { tags: 'a1,b2,c3,d4,e5,f6,g7,h8,i9,j10,k11' }, 'You can add up to 10 tags.'],
    ['tag length', { tags: 'ok, x' }, 'Each tag must be 2–32 chars. Offender: "x".'],
    [
      'dimension numbers',
      { dimensions: { width: 'wide', length: 10, height: 2, weight: 2 } as never },
      'Delivery box dimensions must be valid numbers.',
    ],
    [
      'width',
      { dimensions: { width: 1, length: 10, height: 2, weight: 2, unit: 'IMPERIAL' } },
      'Width must be between 2 and 200 in.',
    ],
    [
      'length',
      { dimensions: { width: 10, length: 201, height: 2, weight: 2, unit: 'IMPERIAL' } },
      'Length must be between 2 and 200 in.',
    ],
    [
      'height',
      { dimensions: { width: 10, length: 10, height: 0, weight: 2, unit: 'IMPERIAL' } },
      'Height must be between 2 and 200 in.',
    ],
    [
      'weight',
      { dimensions: { width: 10, length: 10, height: 2, weight: 250, unit: 'IMPERIAL' } },
      'Weight must be between 2 and 200 lb.',
    ],
    ['no option', { itemOptions: [] }, 'Add at least one item option.'],
    [
      'option fields',
      { itemOptions: [{ ...option, color: '', count: -1 }] },
      'Please complete all required fields for item options.',
    ],
  ])('%s', async (_rule, overrides, message) => {
    const response = await postItem(
      seller,
      { ...validItem(), ...overrides },
      await withThumbnail(),
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
  });

  it('says which tag is too long or short in the caller’s language, the tag as sent (issue 19)', async () => {
    const tags = 'ok, x';
    const french = await postItem(
      { headers: { ...seller.headers, 'accept-language': 'fr-CA' } },
      { ...validItem(), tags },
      await withThumbnail(),
    );
    const inFrench = 'Chaque mot-clé doit compter de 2 à 32 caractères. En cause\u00a0: « x ».';
    expect(json(french)).toMatchObject({ message: inFrench, fieldErrors: { tags: inFrench } });
    const english = await postItem(seller, { ...validItem(), tags }, await withThumbnail());
    expect(json(english)).toMatchObject({
      message: 'Each tag must be 2–32 chars. Offender: "x".',
      fieldErrors: { tags: 'Each tag must be 2–32 chars. Offender: "x".' },
    });
  });

  it('names each incomplete option field', async () => {
    const response = await postItem(
      seller,
      { ...validItem(), itemOptions: [option, { color: '', size: '', price: -1, count: 1.5 }] },
      await withThumbnail(),
    );
    expect(json(response).fieldErrors).toMatchObject({
      'itemOptions.1.color': 'Select a color',
      'itemOptions.1.size': 'Select a size',
      'itemOptions.1.price': 'Price must be ≥ 0',
      'itemOptions.1.count': 'Count must be ≥ 0',
    });
  });

  it('stops at the first failing rule', async () => {
    const response = await postItem(
      seller,
      { ...validItem(), name: '', price: 1, itemOptions: [] },
      await withThumbnail(),
    );
    expect(json(response).message).toBe('Name is required.');
  });

  it('requires a thumbnail for a new product', async () => {
    const response = await postItem(seller, validItem());
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Thumbnail is required for a new product.');
  });

  it('refuses a text file named .png, judged by its bytes (415)', async () => {
    const response = await postItem(seller, validItem(), {
      thumbnail: {
        bytes: Buffer.from('plain text pretending'),
        name: 'photo.png',
        type: 'image/png',
      },
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).message).toBe('Invalid image type. Allowed: JPG, PNG, WEBP, GIF');
    const images = await postItem(seller, validItem(), {
      ...(await withThumbnail()),
      images: [{ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'x.png' }],
    });
    expect(images.statusCode).toBe(415);
    expect(json(images).message).toBe('Some images are invalid. Allowed: JPG, PNG, WEBP, GIF');
  });

  it('refuses an image over 8 MB (413)', async () => {
    const huge = Buffer.concat([await imageBytes(), Buffer.alloc(9 * 1024 * 1024)]);
    const response = await postItem(seller, validItem(), { thumbnail: { bytes: huge } });
    expect(response.statusCode).toBe(413);
    expect(json(response).message).toBe('Each image must be ≤ 8 MB.');
  });

  it('refuses more than six photos', async () => {
    const photo = { bytes: await imageBytes() };
    const response = await postItem(seller, validItem(), {
      ...(await withThumbnail()),
      images: Array(7).fill(photo),
    });
    expect(response.statusCode).toBe(400);
  });

  it('creates the product (201) with WebP images without metadata, served for a year', async () => {
    const jpegWithExif = await sharp({
      create: { width: 800, height: 1000, channels: 3, background: '#224466' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret GPS place' } } })
      .toBuffer();
    const response = await postItem(seller, validItem({ name: 'Waxed Field Coat', sale: 25 }), {
      thumbnail: { bytes: jpegWithExif, name: 'coat.jpg', type: 'image/jpeg' },
      images: [{ bytes: await imageBytes('gif') }, { bytes: await imageBytes('webp') }],
    });
    expect(response.statusCode).toBe(201);
    const item = json<ItemDetail>(response);
    expect(item).toMatchObject({
      name: 'Waxed Field Coat',
      price: 120,
      sale: 25,
      salePrice: 90,
      currency: 'CAD',
      category: 'men',
      store: seller.storeName,
      isAvailable: true,
      tags: ['denim', 'selvedge'],
      dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
      itemOptions: [
        {
          id: expect.any(Number),
          color: 'RED',
          size: 'M',
          price: 0,
          sale: 0,
          count: 5,
          isAvailable: true,
        },
      ],
    });
    expect(item.images).toHaveLength(2);
    expect(item.thumbnail).toMatch(/-400\.webp$/);

    const thumbnail = await ctx.app.inject({ method: 'GET', url: item.thumbnail! });
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(400);
    expect(meta.exif).toBeUndefined();
  });

  it('answers 403 to a user without a store', async () => {
    const buyer = await loginAs(ctx.app);
    const response = await postItem(buyer, validItem(), await withThumbnail());
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT and DELETE /api/item', () => {
  it('takes the seller from the token check, with no second lookup of the account (issue 20)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const lookedUp = vi.spyOn(ctx.app.services.users, 'accountId');
    const created = await createItem(ctx.app, seller, validItem());
    await updateItem(ctx.app, seller, created.id, { name: 'Renamed Jacket' });
    expect((await ctx.app.inject({ url: '/api/store', headers: seller.headers })).statusCode).toBe(
      200,
    );
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${created.id}`,
      headers: seller.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(lookedUp).not.toHaveBeenCalled();
  });

  it('updates the owner’s product, keeping option ids and chosen images', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = json<ItemDetail>(
      await postItem(seller, validItem(), {
        ...(await withThumbnail()),
        images: [
          { bytes: await imageBytes('png', '#111') },
          { bytes: await imageBytes('png', '#222') },
        ],
      }),
    );
    const [keep] = created.images;
    const response = await postItem(
      seller,
      {
        ...created,
        name: 'Renamed Jacket',
        images: [keep, 'https://evil.example/not-ours.png'],
        itemOptions: [
          { ...created.itemOptions[0], count: 2 },
          { color: 'BLUE', size: 'L', price: 130, sale: 0, count: 1, isAvailable: true },
        ],
      },
      {},
      'PUT',
    );
    expect(response.statusCode).toBe(200);
    const updated = json<ItemDetail>(response);
    expect(updated.name).toBe('Renamed Jacket');
    expect(updated.images).toEqual([keep]);
    expect(updated.thumbnail).toBe(created.thumbnail);
    expect(updated.itemOptions[0]).toMatchObject({ id: created.itemOptions[0]!.id, count: 2 });
    expect(updated.itemOptions[1]).toMatchObject({ color: 'BLUE', size: 'L' });
  });

  it('saves many options at once: ids kept through a colour swap, the rest removed or added, never another product’s', async () => {
    const seller = await sellerWithStore(ctx.app);
    const option = (color: string, size: string, count: number) => ({
      color,
      size,
      price: 0,
      sale: 0,
      count,
      isAvailable: true,
    });
    const other = await createItem(ctx.app, seller);
    const created = await createItem(
      ctx.app,
      seller,
      validItem({
        itemOptions: [
          option('RED', 'S', 1),
          option('RED', 'M', 2),
          option('BLUE', 'S', 3),
          option('BLUE', 'M', 4),
        ],
      }),
    );
    const [redS, redM, blueS, blueM] = created.itemOptions;
    const response = await postItem(
      seller,
      {
        ...created,
        itemOptions: [
          { ...redS, color: 'BLUE', count: 5 },
          { ...blueS, color: 'RED', sale: 10 },
          { ...other.itemOptions[0], color: 'GREEN', size: 'L' },
          { ...redS, color: 'BLACK', size: 'XL' },
          option('WHITE', 'S', 7),
        ],
      },
      {},
      'PUT',
    );
    expect(response.statusCode).toBe(200);
    const saved = json<ItemDetail>(response).itemOptions;
    expect(saved.map((o) => [o.color, o.size, o.count, o.sale])).toEqual([
      ['BLUE', 'S', 5, 0],
      ['RED', 'S', 3, 10],
      ['GREEN', 'L', 5, 0],
      ['BLACK', 'XL', 1, 0],
      ['WHITE', 'S', 7, 0],
    ]);
    expect(saved.slice(0, 2).map((o) => o.id)).toEqual([redS!.id, blueS!.id]);
    // Another product's option id and an id sent twice are new options; redM and blueM are gone.
    const taken = [redS, redM, blueS, blueM, ...other.itemOptions].map((o) => o!.id);
    for (const added of saved.slice(2)) expect(taken).not.toContain(added.id);
    const otherNow = json<ItemDetail>(
      await ctx.app.inject({ method: 'GET', url: `/api/item/public/${other.id}` }),
    );
    expect(otherNow.itemOptions).toEqual(other.itemOptions);
  });

  it('refuses another seller (403) and leaves the product as it was', async () => {
    const owner = await sellerWithStore(ctx.app);
    const other = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, owner);
    const put = await postItem(other, { ...item, name: 'Hijacked' }, {}, 'PUT');
    expect(put.statusCode).toBe(403);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${item.id}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(403);
    expect(
      json(await ctx.app.inject({ method: 'GET', url: `/api/item/public/${item.id}` })).name,
    ).toBe(item.name);
  });

  it('deletes (hides) the product: gone from detail, lists and search', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ name: 'Vanishing Scarf Unique' }));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${item.id}`,
      headers: seller.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/item/public/${item.id}` })).statusCode,
    ).toBe(404);
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/item/public/search?keyword=vanishing',
    });
    expect(json<unknown[]>(search)).toEqual([]);
    const storeItems = await ctx.app.inject({
      method: 'GET',
      url: `/api/store/public/items/${encodeURIComponent(seller.storeName)}`,
    });
    expect(json<unknown[]>(storeItems)).toEqual([]);
  });
});

describe('public catalog', () => {
  const isolated = setupTestApp();
  const names = (response: { json(): unknown }) =>
    (response.json() as ItemSummary[]).map((i) => i.name);
  const get = (url: string) => isolated.app.inject({ method: 'GET', url });
  let vancouver: Seller;

  beforeAll(async () => {
    vancouver = await sellerWithStore(isolated.app, { name: 'Granville Goods', city: 'VANCOUVER' });
    const toronto = await sellerWithStore(isolated.app, {
      name: 'Queen West Wear',
      city: 'TORONTO',
    });
    const red = (size: string, count = 3) => ({
      color: 'RED',
      size,
      price: 0,
      sale: 0,
      count,
      isAvailable: true,
    });
    const blue = (size: string) => ({
      color: 'BLUE',
      size,
      price: 0,
      sale: 0,
      count: 3,
      isAvailable: true,
    });
    await createItem(
      isolated.app,
      vancouver,
      validItem({
        name: 'Mens Oxford Shirt',
        category: 'men',
        price: 45,
        tags: ['cotton', 'men'],
        itemOptions: [red('M')],
      }),
    );
    await createItem(
      isolated.app,
      vancouver,
      validItem({
        name: 'Womens Linen Dress',
        category: 'women',
        price: 95,
        tags: ['linen', 'women'],
        itemOptions: [blue('S')],
      }),
    );
    await createItem(
      isolated.app,
      vancouver,
      validItem({
        name: 'Kids Rain Jacket',
        category: 'kids',
        price: 60,
        sale: 50,
        tags: ['rain'],
        itemOptions: [red('XS'), blue('S')],
      }),
    );
    await createItem(
      isolated.app,
      toronto,
      validItem({
        name: 'Mens Wool Overcoat',
        category: 'men',
        price: 250,
        tags: ['wool'],
        itemOptions: [blue('L')],
      }),
    );
    await createItem(
      isolated.app,
      toronto,
      validItem({
        name: 'Womens Denim Jacket',
        category: 'women',
        price: 150,
        tags: ['denim'],
        itemOptions: [red('M'), blue('L')],
      }),
    );
    await createItem(
      isolated.app,
      toronto,
      validItem({ name: 'Hidden Draft Tee', category: 'men', price: 20, isAvailable: false }),
    );
  });

  it('lists only available products, newest first by default, with the total', async () => {
    const response = await get('/api/item/public?sort=newest');
    expect(response.headers['x-total-count']).toBe('5');
    expect(names(response)).toEqual([
      'Womens Denim Jacket',
      'Mens Wool Overcoat',
      'Kids Rain Jacket',
      'Womens Linen Dress',
      'Mens Oxford Shirt',
    ]);
  });

  it("matches whole words: 'men' never finds women's products", async () => {
    const men = json<ItemSummary[]>(await get('/api/item/public/search?keyword=men'));
    expect(men.map((i) => i.name).sort()).toEqual(['Mens Oxford Shirt', 'Mens Wool Overcoat']);
    expect(men.every((i) => i.category === 'men')).toBe(true);
    const women = json<ItemSummary[]>(await get('/api/item/public/search?keyword=women'));
    expect(women.map((i) => i.name).sort()).toEqual(['Womens Denim Jacket', 'Womens Linen Dress']);
    expect(names(await get('/api/item/public/search?keyword=mens')).sort()).toEqual([
      'Mens Oxford Shirt',
      'Mens Wool Overcoat',
    ]);
  });

  it('matches tags, category, colour, size and store name, every word required', async () => {
    expect(names(await get('/api/item/public/search?keyword=linen'))).toEqual([
      'Womens Linen Dress',
    ]);
    expect(names(await get('/api/item/public/search?keyword=kids'))).toEqual(['Kids Rain Jacket']);
    expect(names(await get('/api/item/public/search?keyword=queen%20west&sort=price-asc'))).toEqual(
      ['Womens Denim Jacket', 'Mens Wool Overcoat'],
    );
    expect(names(await get('/api/item/public/search?keyword=red%20m&sort=price-asc'))).toEqual([
      'Mens Oxford Shirt',
      'Womens Denim Jacket',
    ]);
  });

  it('filters by category, store, colour, size, price band, price range and city', async () => {
    const sorted = async (query: string) =>
      names(await get(`/api/item/public/search?sort=price-asc&${query}`));
    expect(await sorted('category=women')).toEqual(['Womens Linen Dress', 'Womens Denim Jacket']);
    expect(await sorted('category=women&category=kids')).toEqual([
      'Kids Rain Jacket',
      'Womens Linen Dress',
      'Womens Denim Jacket',
    ]);
    expect(await sorted('store=granville%20goods')).toEqual([
      'Kids Rain Jacket',
      'Mens Oxford Shirt',
      'Womens Linen Dress',
    ]);
    expect(await sorted('color=blue&size=L')).toEqual([
      'Womens Denim Jacket',
      'Mens Wool Overcoat',
    ]);
    expect(await sorted('price=0-50')).toEqual(['Kids Rain Jacket', 'Mens Oxford Shirt']); // 60 less 50 % is 30
    expect(await sorted('price=50-100&price=200%2B')).toEqual([
      'Womens Linen Dress',
      'Mens Wool Overcoat',
    ]);
    expect(
      names(await get('/api/item/public/search?sort=price-desc&price=0-50&price=100-200')),
    ).toEqual(['Womens Denim Jacket', 'Mens Oxford Shirt', 'Kids Rain Jacket']);
    expect(await sorted('minPrice=90&maxPrice=150')).toEqual([
      'Womens Linen Dress',
      'Womens Denim Jacket',
    ]);
    expect(await sorted('city=TORONTO')).toEqual(['Womens Denim Jacket', 'Mens Wool Overcoat']);
  });

  it('sorts by the price paid, both ways, and pages on the server', async () => {
    expect(names(await get('/api/item/public?sort=price-desc'))[0]).toBe('Mens Wool Overcoat');
    const page2 = await get('/api/item/public?sort=price-asc&page=2&pageSize=2');
    expect(page2.headers['x-total-count']).toBe('5');
    expect(names(page2)).toEqual(['Womens Linen Dress', 'Womens Denim Jacket']);
    const beyond = await get('/api/item/public?sort=price-asc&page=9&pageSize=2');
    expect(json<unknown[]>(beyond)).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
  });

  it('counts facets over the keyword’s results', async () => {
    const facets = json<CatalogFacets>(await get('/api/item/public/facets'));
    expect(facets.category).toEqual([
      { value: 'men', count: 2 },
      { value: 'women', count: 2 },
      { value: 'kids', count: 1 },
    ]);
    expect(facets.color).toEqual([
      { value: 'blue', count: 4 },
      { value: 'red', count: 3 },
    ]);
    expect(facets.store).toEqual(
      expect.arrayContaining([
        { value: 'Granville Goods', count: 3 },
        { value: 'Queen West Wear', count: 2 },
      ]),
    );
    expect(facets.price).toEqual([
      { value: '0-50', count: 2 },
      { value: '50-100', count: 1 },
      { value: '100-200', count: 1 },
      { value: '200+', count: 1 },
    ]);
    const jackets = json<CatalogFacets>(await get('/api/item/public/facets?keyword=jacket'));
    expect(jackets.category).toEqual([
      { value: 'kids', count: 1 },
      { value: 'women', count: 1 },
    ]);
  });

  it('counts each facet list over every other chosen filter but not its own (issue 13)', async () => {
    const facets = async (query: string) =>
      json<CatalogFacets>(await get(`/api/item/public/facets?${query}`));
    const red = await facets('color=red');
    // Ticking red leaves the colour list as it was: blue still counts what ticking it would add.
    expect(red.color).toEqual([
      { value: 'blue', count: 4 },
      { value: 'red', count: 3 },
    ]);
    expect(red.category).toEqual([
      { value: 'kids', count: 1 },
      { value: 'men', count: 1 },
      { value: 'women', count: 1 },
    ]);
    expect(red.store).toEqual([
      { value: 'Granville Goods', count: 2 },
      { value: 'Queen West Wear', count: 1 },
    ]);
    const redMen = await facets('color=red&category=men');
    expect(redMen.color).toEqual([
      { value: 'blue', count: 1 },
      { value: 'red', count: 1 },
    ]);
    expect(redMen.category).toEqual(red.category);
    expect(redMen.size).toEqual([{ value: 'M', count: 1 }]);
    expect(redMen.price).toEqual([
      { value: '0-50', count: 1 },
      { value: '50-100', count: 0 },
      { value: '100-200', count: 0 },
      { value: '200+', count: 0 },
    ]);
    // Two categories together: the other lists count the products of both.
    const menWomen = await facets('category=men&category=women');
    expect(menWomen.store).toEqual([
      { value: 'Granville Goods', count: 2 },
      { value: 'Queen West Wear', count: 2 },
    ]);
    expect(menWomen.category).toHaveLength(3);
  });

  it('suggests categories, brands and products for the start of a word (issue 13)', async () => {
    const suggest = async (q: string) =>
      json<Suggestion[]>(await get(`/api/item/public/suggest?q=${encodeURIComponent(q)}`));
    // Names that start with the text (A to Z), then names with a word that starts with it.
    expect(await suggest('W')).toEqual([
      { kind: 'category', value: 'women', label: 'Womenswear' },
      { kind: 'product', value: expect.any(Number), label: 'Womens Denim Jacket' },
      { kind: 'product', value: expect.any(Number), label: 'Womens Linen Dress' },
      { kind: 'product', value: expect.any(Number), label: 'Mens Wool Overcoat' },
    ]);
    // 'men' is not the start of 'women'.
    expect((await suggest(' men ')).map((s) => s.label)).toEqual([
      'Menswear',
      'Mens Oxford Shirt',
      'Mens Wool Overcoat',
    ]);
    expect(await suggest('gran')).toEqual([
      { kind: 'brand', value: 'Granville Goods', label: 'Granville Goods' },
    ]);
    const jackets = (await suggest('jac')).map((s) => s.label).sort();
    expect(jackets).toEqual(['Kids Rain Jacket', 'Womens Denim Jacket']);
    expect((await suggest('denim jac')).map((s) => s.label)).toEqual(['Womens Denim Jacket']);
    // A word no listed name has answers nothing, however common the other word is.
    expect(await suggest('denim jaq')).toEqual([]);
    // Not listed, so not suggested; punctuation cannot break the query.
    expect(await suggest('hidden')).toEqual([]);
    expect(await suggest("it's & (| !")).toEqual([]);
    const product = (await suggest('kids rain')).find((s) => s.kind === 'product')!;
    expect((await get(`/api/item/public/${product.value}`)).statusCode).toBe(200);
  });

  it('refuses an empty or over-long suggestion text with 400', async () => {
    expect((await get('/api/item/public/suggest')).statusCode).toBe(400);
    expect((await get('/api/item/public/suggest?q=%20%20')).statusCode).toBe(400);
    expect((await get(`/api/item/public/suggest?q=${'a'.repeat(61)}`)).statusCode).toBe(400);
    expect((await get(`/api/item/public/suggest?q=${'a'.repeat(60)}`)).statusCode).toBe(200);
  });

  it('refuses unknown sorts and filter values with 400', async () => {
    expect((await get('/api/item/public?sort=cheapest')).statusCode).toBe(400);
    expect((await get('/api/item/public/search?category=pets')).statusCode).toBe(400);
    expect((await get('/api/item/public/abc')).statusCode).toBe(400);
  });

  it('applies every store-page sort on the server', async () => {
    const url = (sort: string) =>
      `/api/store/public/items/${encodeURIComponent('Granville Goods')}?sort=${sort}`;
    expect(names(await get(url('name-asc')))).toEqual([
      'Kids Rain Jacket',
      'Mens Oxford Shirt',
      'Womens Linen Dress',
    ]);
    expect(names(await get(url('name-desc')))).toEqual([
      'Womens Linen Dress',
      'Mens Oxford Shirt',
      'Kids Rain Jacket',
    ]);
    expect(names(await get(url('price-asc')))).toEqual([
      'Kids Rain Jacket',
      'Mens Oxford Shirt',
      'Womens Linen Dress',
    ]);
    expect(names(await get(url('price-desc')))).toEqual([
      'Womens Linen Dress',
      'Mens Oxford Shirt',
      'Kids Rain Jacket',
    ]);
    const paged = await get(`${url('name-asc')}&page=2&pageSize=2`);
    expect(names(paged)).toEqual(['Womens Linen Dress']);
    expect(paged.headers['x-total-count']).toBe('3');
  });

  it("finds a store's page by its name in any case, pages it, and tells an empty store from none", async () => {
    const page = (name: string, query = '') =>
      get(`/api/store/public/items/${encodeURIComponent(name)}${query}`);
    const all = names(await page('Granville Goods'));
    expect(all).toHaveLength(3);
    expect(names(await page('  gRANVILLE goods '))).toEqual(all);
    const second = await page('granville goods', '?pageSize=2&page=2');
    expect(names(second)).toEqual(all.slice(2));
    expect(second.headers['x-total-count']).toBe('3');
    // Far past the end (an offset past 2^31): nothing, and the true total.
    const far = await page('Granville Goods', '?page=99999999');
    expect([far.statusCode, names(far), far.headers['x-total-count']]).toEqual([200, [], '3']);
    const empty = await sellerWithStore(isolated.app, { name: 'Empty Shelves', city: 'TORONTO' });
    const emptyPage = await page(empty.storeName);
    expect(emptyPage.statusCode).toBe(200);
    expect(emptyPage.json()).toEqual([]);
    const none = await page('No Such Store Anywhere');
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe('Store not found.');
  });

  it('shows the owner their unavailable products in full, and nobody else', async () => {
    const toronto = encodeURIComponent('Queen West Wear');
    const publicList = names(await get(`/api/store/public/items/${toronto}`));
    expect(publicList).not.toContain('Hidden Draft Tee');
    const profile = await isolated.app.inject({
      method: 'GET',
      url: `/api/store/public/items/${encodeURIComponent(vancouver.storeName)}?_=${Date.now()}`,
      headers: vancouver.headers,
    });
    expect(json<ItemDetail[]>(profile)[0]).toHaveProperty('itemOptions');
  });
});

describe('GET /api/item/public/suggest: at most six', () => {
  it('stops at six suggestions however many names match (issue 13)', async () => {
    const seller = await sellerWithStore(ctx.app);
    for (let i = 1; i <= 7; i++)
      await createItem(ctx.app, seller, validItem({ name: `Quixotic Parka ${i}` }));
    const response = await ctx.app.inject({ url: '/api/item/public/suggest?q=quixotic' });
    expect(response.statusCode).toBe(200);
    expect(json<Suggestion[]>(response).map((s) => s.label)).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => `Quixotic Parka ${i}`),
    );
  });
});

describe('GET /api/item/public/suggest: a word inside a name (migration 0034)', () => {
  const suggest = async (q: string) =>
    json<Suggestion[]>(
      await ctx.app.inject({ url: `/api/item/public/suggest?q=${encodeURIComponent(q)}` }),
    ).map((s) => s.label);

  it('follows names as they are created, renamed, unlisted and deleted, each name once, in word order', async () => {
    const seller = await sellerWithStore(ctx.app);
    const scarf = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Soft Zephyrus Zephyra Scarf' }),
    );
    const hoodie = await createItem(ctx.app, seller, validItem({ name: 'Plain Zephyrine Hoodie' }));
    await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Quiet Zephyrite Cap', isAvailable: false }),
    );
    expect(await suggest('zephyr')).toEqual([
      'Soft Zephyrus Zephyra Scarf',
      'Plain Zephyrine Hoodie',
    ]);

    await updateItem(ctx.app, seller, hoodie.id, { name: 'Plain Wool Hoodie' });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${scarf.id}`,
      headers: seller.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await suggest('zephy')).toEqual([]);

    await updateItem(ctx.app, seller, hoodie.id, { name: 'Plain Zephyrite Hoodie' });
    expect(await suggest('zeph')).toEqual(['Plain Zephyrite Hoodie']);
  });
});

describe('GET /api/item/public/{id}: a product saved as not available (unlisted)', () => {
  const view = (id: number, headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `/api/item/public/${id}`, headers });

  it('answers 404 to anonymous visitors and other users, and the full product to its owner', async () => {
    const seller = await sellerWithStore(ctx.app);
    const other = await loginAs(ctx.app);
    const rival = await sellerWithStore(ctx.app);
    const draft = await createItem(ctx.app, seller, validItem({ isAvailable: false }));
    const anonymous = await view(draft.id);
    expect(anonymous.statusCode).toBe(404);
    expect(json(anonymous).message).toBe('Product not found.');
    expect((await view(draft.id, other.headers)).statusCode).toBe(404);
    expect((await view(draft.id, rival.headers)).statusCode).toBe(404);
    expect((await view(draft.id, { authorization: 'Bearer not-a-token' })).statusCode).toBe(404);
    const own = await view(draft.id, seller.headers);
    expect(own.statusCode).toBe(200);
    expect(json<ItemDetail>(own)).toMatchObject({ id: draft.id, isAvailable: false });
    // Never kept for others: what the owner saw is not served to the next visitor, nor the reverse.
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await view(draft.id)).statusCode).toBe(404);
    expect((await view(draft.id, seller.headers)).statusCode).toBe(200);
  });

  it('follows the listing as the owner turns it on and off', async () => {
    const seller = await sellerWithStore(ctx.app);
    const item = await createItem(ctx.app, seller, validItem({ isAvailable: true }));
    expect((await view(item.id)).statusCode).toBe(200);
    const unlist = await postItem(
      seller,
      { ...validItem({ isAvailable: false }), id: item.id, images: null },
      {},
      'PUT',
    );
    expect(unlist.statusCode).toBe(200);
    expect(json<ItemDetail>(unlist).isAvailable).toBe(false);
    expect((await view(item.id)).statusCode).toBe(404);
    expect((await view(item.id, seller.headers)).statusCode).toBe(200);
    await postItem(
      seller,
      { ...validItem({ isAvailable: true }), id: item.id, images: null },
      {},
      'PUT',
    );
    expect((await view(item.id)).statusCode).toBe(200);
  });

  it('never appears in searches, facets or store pages', async () => {
    const seller = await sellerWithStore(ctx.app);
    await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Zyzzyva Unlisted Parka', isAvailable: false }),
    );
    const search = await ctx.app.inject({ url: '/api/item/public/search?keyword=zyzzyva' });
    expect(json<ItemSummary[]>(search)).toEqual([]);
    const store = await ctx.app.inject({
      url: `/api/store/public/items/${encodeURIComponent(seller.storeName)}`,
    });
    expect(json<ItemSummary[]>(store)).toEqual([]);
    const facets = json<CatalogFacets>(
      await ctx.app.inject({ url: '/api/item/public/facets?keyword=zyzzyva' }),
    );
    expect(facets.category).toEqual([]);
    const storePage = await ctx.app.inject({
      url: `/api/store/public/${encodeURIComponent(seller.storeName)}`,
    });
    expect(json(storePage).productCount).toBe(0);
  });
});
