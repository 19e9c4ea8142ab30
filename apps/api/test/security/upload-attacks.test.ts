import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PHOTOS_PER_PRODUCT,
  PRODUCT_FORM_MESSAGES as M,
  type ItemDetail,
  type StorePublic,
} from '@marketplace/shared';
import { items, stores } from '../../src/db/schema';
import {
  imageBytes,
  multipart,
  sellerWithStore,
  validItem,
  type FilePart,
  type Seller,
} from '../catalog';
import { json, loginAs, setupTestApp } from '../helper';

// Uploads go one level below a directory of the test's own, so a write that escapes shows.
const root = mkdtempSync(path.join(tmpdir(), 'upload-attacks-'));
const uploadsDir = path.join(root, 'uploads');
const ctx = setupTestApp({ uploadsDir });

let seller: Seller;
beforeAll(async () => {
  seller = await sellerWithStore(ctx.app);
});

const MB = 1024 * 1024;
/** Stored files are named for the hash of what was uploaded, and are always WebP. */
const STORED_NAME = /^[0-9a-f]{32}(-400)?\.webp$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A real, valid 20000 x 20000 PNG (1-bit grey, all black): 50 MB of pixel rows deflate to a few
 * tens of KB, and decoding it would take 400 megapixels of memory.
 */
function pixelBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)">' +
  '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';

async function postItem(parts: { thumbnail?: FilePart; images?: FilePart[] }) {
  const body = await multipart({ itemDto: validItem(), ...parts });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/item',
    headers: { ...seller.headers, ...body.headers },
    payload: body.payload,
  });
}

/** A new user opening a store with this thumbnail (one store per user). */
async function openStore(thumbnail: FilePart) {
  const user = await loginAs(ctx.app);
  const body = await multipart({
    fields: { name: `Upload ${user.userName}`, city: 'TORONTO', description: '' },
    thumbnail,
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/store',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

const countOf = async (table: typeof items | typeof stores) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0]!.n;

/** Sends a request that must be refused, and checks that it left no row and no file behind. */
async function refused(send: () => Promise<Awaited<ReturnType<typeof postItem>>>) {
  const before = {
    items: await countOf(items),
    stores: await countOf(stores),
    files: filesUnder(root),
  };
  const response = await send();
  expect({
    items: await countOf(items),
    stores: await countOf(stores),
    files: filesUnder(root),
  }).toEqual(before);
  return { status: response.statusCode, message: json(response).message };
}

describe('product uploads (POST /api/item)', () => {
  it('refuses a text file named .png (415), as thumbnail or photo', async () => {
    const text = { bytes: Buffer.from('just some text'), name: 'photo.png', type: 'image/png' };
    expect(await refused(() => postItem({ thumbnail: text }))).toEqual({
      status: 415,
      message: M.thumbnailType,
    });
    expect(
      await refused(async () =>
        postItem({ thumbnail: { bytes: await imageBytes() }, images: [text] }),
      ),
    ).toEqual({ status: 415, message: M.imagesType });
  });

  it('refuses an SVG, even one declared as image/svg+xml (415)', async () => {
    const svg = { bytes: Buffer.from(SVG), name: 'logo.svg', type: 'image/svg+xml' };
    expect(await refused(() => postItem({ thumbnail: svg }))).toEqual({
      status: 415,
      message: M.thumbnailType,
    });
  });

  it('refuses a file with an image signature that does not decode: PNG or GIF head, HTML or JS body (400)', async () => {
    const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const pngThenHtml = Buffer.concat([pngHead, Buffer.from(SCRIPT)]);
    const gifJs = Buffer.from('GIF89a=1;/*\x00\x00\x00\x00*/alert(document.cookie);//');
    for (const bytes of [pngThenHtml, gifJs]) {
      expect(await refused(() => postItem({ thumbnail: { bytes, name: 'x.png' } }))).toEqual({
        status: 400,
        message: M.thumbnailType,
      });
    }
  });

  it('stores a decodable polyglot (a PNG with HTML after it) only as a re-encoded WebP', async () => {
    const polyglot = Buffer.concat([await imageBytes('png', '#114477', 200), Buffer.from(SCRIPT)]);
    const response = await postItem({
      thumbnail: { bytes: polyglot, name: 'x.html', type: 'text/html' },
      images: [{ bytes: polyglot, name: 'photo.png' }],
    });
    expect(response.statusCode).toBe(201);
    const item = json<ItemDetail>(response);
    for (const url of [item.thumbnail!, ...item.images]) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}(-400)?\.webp$/);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const bytes = served.rawPayload;
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes('<script')).toBe(false);
      expect(bytes.equals(polyglot)).toBe(false);
    }
    for (const file of filesUnder(uploadsDir)) {
      expect(readFileSync(path.join(root, file)).includes('<script')).toBe(false);
    }
  });

  it('refuses a 20000 x 20000 pixel bomb before decoding it (413)', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = Date.now();
    expect(await refused(() => postItem({ thumbnail: { bytes: bomb, name: 'bomb.png' } }))).toEqual(
      { status: 413, message: M.imagePixels },
    );
    // Decoding 400 megapixels would take far longer (and some 400 MB) than reading the header.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('ignores a file name with ../: the stored name is the content hash, inside the uploads folder', async () => {
    const response = await postItem({
      thumbnail: { bytes: await imageBytes('png', '#335511'), name: '../../escaped.png' },
      images: [{ bytes: await imageBytes('jpeg', '#553311'), name: '../../../../tmp/escaped.jpg' }],
    });
    expect(response.statusCode).toBe(201);
    const item = json<ItemDetail>(response);
    expect(item.thumbnail).toMatch(/^\/uploads\/[0-9a-f]{32}-400\.webp$/);
    const everywhere = filesUnder(root);
    expect(everywhere.length).toBeGreaterThan(0);
    for (const file of everywhere) {
      expect(path.dirname(file)).toBe('uploads');
      expect(path.basename(file)).toMatch(STORED_NAME);
    }
    expect(readdirSync(path.dirname(root)).filter((name) => name.startsWith('escaped'))).toEqual(
      [],
    );
  });

  it(`refuses ${MAX_PHOTOS_PER_PRODUCT + 1} photos, and many more files (400)`, async () => {
    const photo = { bytes: await imageBytes() };
    expect(
      await refused(() =>
        postItem({ thumbnail: photo, images: Array(MAX_PHOTOS_PER_PRODUCT + 1).fill(photo) }),
      ),
    ).toEqual({ status: 400, message: M.tooManyImages });
    expect(
      await refused(() => postItem({ thumbnail: photo, images: Array(40).fill(photo) })),
    ).toEqual({ status: 400, message: M.tooManyImages });
  });

  it('refuses 25 MB in total (413), and one file over 8 MB (413)', async () => {
    const sixMb = { bytes: Buffer.concat([await imageBytes(), Buffer.alloc(6.25 * MB - 1000)]) };
    expect(
      await refused(() => postItem({ thumbnail: sixMb, images: [sixMb, sixMb, sixMb] })),
    ).toEqual({ status: 413, message: M.uploadTooLarge });
    const nineMb = { bytes: Buffer.concat([await imageBytes(), Buffer.alloc(9 * MB)]) };
    expect(await refused(() => postItem({ thumbnail: nineMb }))).toEqual({
      status: 413,
      message: M.imageTooLarge,
    });
  });
});

describe('store thumbnails (POST /api/store)', () => {
  it('refuses a text file named .png and an SVG (415)', async () => {
    const text = { bytes: Buffer.from('just some text'), name: 'logo.png', type: 'image/png' };
    const svg = { bytes: Buffer.from(SVG), name: 'logo.svg', type: 'image/svg+xml' };
    for (const thumbnail of [text, svg]) {
      expect(await refused(() => openStore(thumbnail))).toEqual({
        status: 415,
        message: M.thumbnailType,
      });
    }
  });

  it('refuses a pixel bomb (413) and a file over 8 MB (413)', async () => {
    expect(await refused(() => openStore({ bytes: pixelBomb(), name: 'bomb.png' }))).toEqual({
      status: 413,
      message: M.imagePixels,
    });
    const nineMb = { bytes: Buffer.concat([await imageBytes(), Buffer.alloc(9 * MB)]) };
    expect(await refused(() => openStore(nineMb))).toEqual({
      status: 413,
      message: M.imageTooLarge,
    });
  });

  it('stores a polyglot with a ../ name only as a hashed WebP re-encode', async () => {
    const polyglot = Buffer.concat([await imageBytes('png', '#771144', 200), Buffer.from(SCRIPT)]);
    const response = await openStore({ bytes: polyglot, name: '../../escaped-logo.png' });
    expect(response.statusCode).toBe(201);
    const { thumbnail } = json<StorePublic>(response);
    expect(thumbnail).toMatch(/^\/uploads\/[0-9a-f]{32}-400\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: thumbnail! });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(served.rawPayload.includes('<script')).toBe(false);
    for (const file of filesUnder(root)) expect(path.basename(file)).toMatch(STORED_NAME);
    expect(readdirSync(path.dirname(root)).filter((name) => name.startsWith('escaped'))).toEqual(
      [],
    );
  });
});
