import type { ItemDetail, ItemOption } from '@marketplace/shared';

/** An option of the test product: 5 in stock at the product's price unless told otherwise. */
export const option = (
  id: number,
  color: string,
  size: string,
  extra: Partial<ItemOption> = {},
): ItemOption => ({
  id,
  color,
  size,
  price: 0,
  sale: 0,
  count: 5,
  isAvailable: true,
  ...extra,
});

/** Product 7 as GET /item/public/7 answers it: a listed men's overshirt in three options. */
export const productFixture = (overrides: Partial<ItemDetail> = {}): ItemDetail => ({
  id: 7,
  name: 'Wool Overshirt',
  description: '',
  materials: '',
  care: '',
  soldOut: false,
  price: 120,
  sale: 0,
  salePrice: 120,
  currency: 'CAD',
  thumbnail: null,
  store: 'Maple Denim Co',
  category: 'men',
  tags: [],
  isAvailable: true,
  images: [],
  storeCity: 'VANCOUVER',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  dimensions: { width: 12, length: 14, height: 3, weight: 2, unit: 'IMPERIAL' },
  itemOptions: [
    option(71, 'RED', 'M'),
    option(72, 'RED', 'L', { count: 8 }),
    option(73, 'BLUE', 'M'),
  ],
  ...overrides,
});
