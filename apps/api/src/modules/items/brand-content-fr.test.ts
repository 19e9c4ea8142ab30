import { describe, expect, it } from 'vitest';
import {
  FRENCH_CONTENT_MESSAGES,
  type ItemDetail,
  type ItemSummary,
  type Suggestion,
} from '@marketplace/shared';
import {
  createItem,
  imageBytes,
  multipart,
  sellerWithStore,
  updateItem,
  validItem,
} from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';

// Issue 19 item 4: a product's name, description and materials in French beside English.

const ctx = setupTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const ids = (items: ItemSummary[]) => items.map((item) => item.id);

/** A keyword unique to this test file's run, so earlier products never match. */
const unique = () => Math.random().toString(36).slice(2, 8).replace(/\d/g, 'q');

const bilingual = (word: string) =>
  validItem({
    name: `Cozy ${word} sweater`,
    description: 'Knitted in Montréal from merino.',
    materials: '100% merino wool',
    nameFr: `Chandail douillet ${word}`,
    descriptionFr: 'Tricoté à Montréal en mérinos.',
    materialsFr: '100 % laine mérinos',
  });

describe('issue 19: products written in French beside English', () => {
  it('keeps both languages for the owner and answers each reader in theirs', async () => {
    const seller = await sellerWithStore(ctx.app);
    const word = unique();
    const created = await createItem(ctx.app, seller, bilingual(word));
    expect(created).toMatchObject({
      name: `Cozy ${word} sweater`,
      nameFr: `Chandail douillet ${word}`,
      descriptionFr: 'Tricoté à Montréal en mérinos.',
      materialsFr: '100 % laine mérinos',
    });

    const english = json<ItemDetail>(await get(`/api/item/public/${created.id}`));
    expect(english).toMatchObject({
      name: `Cozy ${word} sweater`,
      description: 'Knitted in Montréal from merino.',
      materials: '100% merino wool',
    });
    // Shoppers read one language; the other language's texts stay the owner's.
    expect(english).not.toHaveProperty('nameFr');

    const french = json<ItemDetail>(await get(`/api/item/public/${created.id}?lang=fr-CA`));
    expect(french).toMatchObject({
      name: `Chandail douillet ${word}`,
      description: 'Tricoté à Montréal en mérinos.',
      materials: '100 % laine mérinos',
      care: '',
    });
    expect(french).not.toHaveProperty('nameFr');

    // The cards: search, the store's page and the catalog.
    const cards = json<ItemSummary[]>(
      await get(`/api/item/public/search?keyword=${word}&lang=fr-CA`),
    );
    expect(cards.map((c) => c.name)).toEqual([`Chandail douillet ${word}`]);
    const storePage = json<ItemSummary[]>(
      await get(`/api/store/public/items/${encodeURIComponent(seller.storeName)}?lang=fr-CA`),
    );
    expect(storePage.map((c) => c.name)).toEqual([`Chandail douillet ${word}`]);
    const englishCards = json<ItemSummary[]>(await get(`/api/item/public/search?keyword=${word}`));
    expect(englishCards.map((c) => c.name)).toEqual([`Cozy ${word} sweater`]);
  });

  it('keeps the care text in both languages and answers a French reader in French (issue 39 item 12)', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(
      ctx.app,
      seller,
      validItem({ care: 'Hand wash cold.', careFr: 'Laver à la main à l’eau froide.' }),
    );
    expect(created).toMatchObject({
      care: 'Hand wash cold.',
      careFr: 'Laver à la main à l’eau froide.',
    });
    expect(json<ItemDetail>(await get(`/api/item/public/${created.id}`))).toMatchObject({
      care: 'Hand wash cold.',
    });
    const french = json<ItemDetail>(await get(`/api/item/public/${created.id}?lang=fr-CA`));
    expect(french.care).toBe('Laver à la main à l’eau froide.');
    expect(french).not.toHaveProperty('careFr');
    // An edit that leaves it out keeps it; null clears it, and French readers read English.
    const care = 'Hand wash cold.';
    const kept = await updateItem(ctx.app, seller, created.id, { name: 'Cozy Sweater II', care });
    expect(kept.careFr).toBe('Laver à la main à l’eau froide.');
    await updateItem(ctx.app, seller, created.id, { care, careFr: null });
    expect(json<ItemDetail>(await get(`/api/item/public/${created.id}?lang=fr-CA`)).care).toBe(
      'Hand wash cold.',
    );
  });

  it('falls back to the other language where the brand wrote only one', async () => {
    const seller = await sellerWithStore(ctx.app);
    const englishOnly = await createItem(
      ctx.app,
      seller,
      validItem({ name: 'Linen Shirt', description: 'Light and airy.' }),
    );
    const frenchOnlyTexts = await createItem(
      ctx.app,
      seller,
      validItem({
        name: 'Wool Toque',
        description: '',
        nameFr: 'Tuque en laine',
        descriptionFr: 'Tricotée serrée pour janvier.',
      }),
    );
    expect(
      json<ItemDetail>(await get(`/api/item/public/${englishOnly.id}?lang=fr-CA`)),
    ).toMatchObject({ name: 'Linen Shirt', description: 'Light and airy.' });
    expect(json<ItemDetail>(await get(`/api/item/public/${frenchOnlyTexts.id}`))).toMatchObject({
      name: 'Wool Toque',
      description: 'Tricotée serrée pour janvier.',
    });
  });

  it('keeps the French texts through an edit that leaves them out, and clears them with null', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(ctx.app, seller, bilingual(unique()));
    // An older form that knows nothing of French: the brand's French stays.
    const kept = await updateItem(ctx.app, seller, created.id, { name: 'Cozy Sweater II' });
    expect(kept).toMatchObject({ name: 'Cozy Sweater II', nameFr: created.nameFr });
    const cleared = await updateItem(ctx.app, seller, created.id, {
      name: 'Cozy Sweater II',
      description: 'Knitted in Montréal from merino.',
      nameFr: null,
      descriptionFr: '  ',
      materialsFr: null,
    });
    expect(cleared).toMatchObject({ nameFr: null, descriptionFr: null, materialsFr: null });
    expect(json<ItemDetail>(await get(`/api/item/public/${created.id}?lang=fr-CA`))).toMatchObject({
      name: 'Cozy Sweater II',
      description: 'Knitted in Montréal from merino.',
    });
  });

  it('applies the English fields’ rules to the French ones, with their messages', async () => {
    const seller = await sellerWithStore(ctx.app);
    for (const [field, value, message] of [
      ['nameFr', 'x'.repeat(121), FRENCH_CONTENT_MESSAGES.nameMax],
      ['descriptionFr', 'x'.repeat(5001), FRENCH_CONTENT_MESSAGES.descriptionMax],
      ['materialsFr', 'x'.repeat(1001), FRENCH_CONTENT_MESSAGES.materialsMax],
      ['careFr', 'x'.repeat(1001), FRENCH_CONTENT_MESSAGES.careMax],
      ['nameFr', 'Chandail\u200b', 'Name (French): remove invisible or control characters.'],
    ] as const) {
      const body = await multipart({
        itemDto: validItem({ [field]: value }),
        thumbnail: { bytes: await imageBytes() },
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/item',
        headers: { ...seller.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, field).toBe(400);
      expect(json(response).message).toBe(message);
    }
  });

  it('refuses a language it does not have', async () => {
    const response = await get('/api/item/public/search?keyword=denim&lang=de');
    expect(response.statusCode).toBe(400);
  });
});

describe('issue 19: search in both languages', () => {
  it('finds French words by their stem and English words as before', async () => {
    const seller = await sellerWithStore(ctx.app);
    const word = unique();
    const sweater = await createItem(ctx.app, seller, bilingual(word));
    const cardigan = await createItem(
      ctx.app,
      seller,
      validItem({
        name: `Merino ${word} cardigan`,
        nameFr: `Veste ${word}`,
        descriptionFr: 'Des chandails et des vestes tricotés à la main.',
      }),
    );
    const search = async (keyword: string) =>
      ids(
        json<ItemSummary[]>(
          await get(`/api/item/public/search?${new URLSearchParams({ keyword })}`),
        ),
      );

    // French, stemmed: the singular finds the plural and the other way round.
    expect((await search(`chandail ${word}`)).sort()).toEqual([sweater.id, cardigan.id].sort());
    expect(await search(`chandails douillets ${word}`)).toEqual([sweater.id]);
    expect(await search(`tricotée ${word}`)).toEqual(expect.arrayContaining([sweater.id]));
    // English: whole words, as today (no stemming: "sweaters" is not "sweater").
    expect(await search(`sweater ${word}`)).toEqual([sweater.id]);
    expect(await search(`sweaters ${word}`)).toEqual([]);
    expect(await search(`cardigan ${word}`)).toEqual([cardigan.id]);
  });
});

describe('issue 19: cached answers keep the languages apart', () => {
  it('caches and tags each language on its own', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await createItem(ctx.app, seller, bilingual(unique()));
    const url = `/api/item/public/${created.id}`;
    const english = await get(url);
    const french = await get(`${url}?lang=fr-CA`);
    const englishAgain = await get(url);
    expect(json<ItemDetail>(english).name).toBe(created.name);
    expect(json<ItemDetail>(french).name).toBe(created.nameFr);
    expect(json<ItemDetail>(englishAgain).name).toBe(created.name);
    expect(french.headers.etag).not.toBe(english.headers.etag);
    // A browser holding the English answer does not get a 304 for the French one.
    const revalidated = await get(`${url}?lang=fr-CA`, {
      'if-none-match': String(english.headers.etag),
    });
    expect(revalidated.statusCode).toBe(200);
    expect(json<ItemDetail>(revalidated).name).toBe(created.nameFr);

    const search = `/api/item/public/search?keyword=${encodeURIComponent(created.name)}`;
    expect(json<ItemSummary[]>(await get(search)).map((c) => c.name)).toEqual([created.name]);
    expect(json<ItemSummary[]>(await get(`${search}&lang=fr-CA`)).map((c) => c.name)).toEqual([
      created.nameFr,
    ]);
  });

  it('refreshes a cached French search when a product with that French word is written', async () => {
    const seller = await sellerWithStore(ctx.app);
    const word = unique();
    const url = `/api/item/public/search?${new URLSearchParams({ keyword: `chandails ${word}`, lang: 'fr-CA' })}`;
    expect(json<ItemSummary[]>(await get(url))).toEqual([]);
    // "chandails" is not a word of this product's text, but its stem is.
    const created = await createItem(
      ctx.app,
      seller,
      validItem({ name: `Plain ${word} top`, nameFr: `Chandail ${word}` }),
    );
    expect(ids(json<ItemSummary[]>(await get(url)))).toEqual([created.id]);
  });

  it("labels the search box's product suggestions in the reader's language", async () => {
    const seller = await sellerWithStore(ctx.app);
    const word = unique();
    await createItem(ctx.app, seller, bilingual(word));
    await createItem(ctx.app, seller, validItem({ name: `Cozy ${word} socks` }));
    const suggest = async (query: string) =>
      json<Suggestion[]>(await get(`/api/item/public/suggest?q=cozy%20${word}${query}`))
        .filter((s) => s.kind === 'product')
        .map((s) => s.label)
        .sort();
    // English first, so a cached English answer cannot leak into the French one.
    expect(await suggest('')).toEqual([`Cozy ${word} socks`, `Cozy ${word} sweater`]);
    // Written only in English: the English name on French pages too.
    expect(await suggest('&lang=fr-CA')).toEqual([
      `Chandail douillet ${word}`,
      `Cozy ${word} socks`,
    ]);
    expect(await suggest('')).toEqual([`Cozy ${word} socks`, `Cozy ${word} sweater`]);
  });

  it('suggests products by the start of their French name on French reads, English reads as before', async () => {
    const seller = await sellerWithStore(ctx.app);
    const word = unique();
    const sweater = await createItem(ctx.app, seller, bilingual(word));
    const products = async (q: string, query = '') =>
      json<Suggestion[]>(
        await get(`/api/item/public/suggest?q=${encodeURIComponent(q)}${query}`),
      ).filter((s) => s.kind === 'product');
    const typed = `Chandail douillet ${word}`;
    // English first, so a cached English answer cannot leak into the French one.
    expect(await products(typed)).toEqual([]);
    expect(await products(typed, '&lang=fr-CA')).toEqual([
      { kind: 'product', value: sweater.id, label: typed },
    ]);
    expect(await products(typed)).toEqual([]);
    // The English name still finds it on French pages, labelled in French.
    expect(await products(`cozy ${word}`, '&lang=fr-CA')).toEqual([
      { kind: 'product', value: sweater.id, label: typed },
    ]);

    // A new French name: the cached French answers follow it.
    await updateItem(ctx.app, seller, sweater.id, {
      name: sweater.name,
      price: sweater.price,
      nameFr: `Tuque ${word}`,
    });
    expect(await products(typed, '&lang=fr-CA')).toEqual([]);
    expect((await products(`tuque ${word}`, '&lang=fr-CA')).map((s) => s.label)).toEqual([
      `Tuque ${word}`,
    ]);
    expect(await products(`tuque ${word}`)).toEqual([]);
  });
});
