import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ItemDetail, ItemInput } from '@marketplace/shared';
import { loginAs } from './helper';

export async function imageBytes(
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  color = '#884433',
  width = 60,
) {
  return sharp({
    create: { width, height: Math.round(width * 1.33), channels: 3, background: color },
  })
    .toFormat(format)
    .toBuffer();
}

export interface FilePart {
  bytes: Buffer;
  name?: string;
  type?: string;
}

/** A multipart body as a browser would send it (Node's own FormData serialises it). */
export async function multipart(parts: {
  itemDto?: unknown;
  fields?: Record<string, string>;
  thumbnail?: FilePart;
  images?: FilePart[];
  /** A store's banner (issue 39.3). */
  banner?: FilePart;
}) {
  const form = new FormData();
  if (parts.itemDto !== undefined) form.append('itemDto', JSON.stringify(parts.itemDto));
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  const file = (part: FilePart, fallback: string) =>
    new File([new Uint8Array(part.bytes)], part.name ?? fallback, {
      type: part.type ?? 'image/png',
    });
  if (parts.thumbnail) form.append('thumbnail', file(parts.thumbnail, 'thumb.png'));
  if (parts.banner) form.append('banner', file(parts.banner, 'banner.png'));
  for (const [i, image] of (parts.images ?? []).entries())
    form.append('images', file(image, `image-${i}.png`));
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export const validItem = (overrides: Partial<ItemInput> = {}): ItemInput => ({
  name: 'Raw Selvedge Jacket',
  price: 120,
  sale: 0,
  currency: 'CAD',
  category: 'men',
  tags: ['denim', 'selvedge'],
  isAvailable: true,
  dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
  itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 5, isAvailable: true }],
  ...overrides,
});

export type Seller = Awaited<ReturnType<typeof loginAs>> & { storeName: string };

let storeSequence = 0;

/** A new user who opens a store. */
/** Where test stores ship from (issue 16: required before the first label). */
export const STORE_SHIP_FROM = {
  fullName: 'Maple Denim Co',
  streetAddress: '1 Water Street',
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6B 1A1',
};

export async function sellerWithStore(
  app: FastifyInstance,
  store: {
    name?: string;
    city?: string;
    description?: string;
    /** Null opens the store without one (labels then answer 409). */
    shipFromAddress?: object | null;
  } = {},
): Promise<Seller> {
  const user = await loginAs(app);
  storeSequence += 1;
  const name = store.name ?? `Store ${Date.now().toString(36)} ${storeSequence}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/store',
    headers: user.headers,
    payload: {
      name,
      city: store.city ?? 'VANCOUVER',
      description: store.description ?? '',
      ...(store.shipFromAddress === null
        ? {}
        : { shipFromAddress: store.shipFromAddress ?? STORE_SHIP_FROM }),
    },
  });
  if (response.statusCode !== 201) throw new Error(`open store failed: ${response.body}`);
  return { ...user, storeName: name };
}

export async function createItem(
  app: FastifyInstance,
  seller: { headers: Record<string, string> },
  item: ItemInput = validItem(),
) {
  const body = await multipart({ itemDto: item, thumbnail: { bytes: await imageBytes() } });
  const response = await app.inject({
    method: 'POST',
    url: '/api/item',
    headers: { ...seller.headers, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`create item failed: ${response.body}`);
  return response.json() as ItemDetail;
}

/** PUT /item with the valid product, changed, keeping its images (the owner's edit form). */
export async function updateItem(
  app: FastifyInstance,
  seller: { headers: Record<string, string> },
  id: number,
  changes: Partial<ItemInput> = {},
) {
  const body = await multipart({ itemDto: { ...validItem(changes), id, images: null } });
  const response = await app.inject({
    method: 'PUT',
    url: '/api/item',
    headers: { ...seller.headers, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 200) throw new Error(`update item failed: ${response.body}`);
  return response.json() as ItemDetail;
}
