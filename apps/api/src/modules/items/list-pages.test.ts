import { describe, expect, it } from 'vitest';
import type { CatalogItemFacts } from './catalog-cache';
import type { SortKey } from './items.repository';
import { pageStays } from './list-pages';

const product = (facts: Partial<CatalogItemFacts> & { id: number }): CatalogItemFacts => ({
  storeId: 's',
  storeName: 'Maple',
  city: 'VANCOUVER',
  category: 'men',
  listed: true,
  colors: [],
  sizes: [],
  salePriceCents: 6000,
  name: 'coat',
  text: 'coat',
  cards: '',
  inStock: true,
  onSale: false,
  createdAt: 1_000_000,
  ...facts,
});

const keyOf = (item: CatalogItemFacts): SortKey => [
  item.inStock!,
  item.onSale!,
  item.createdAt!,
  item.id,
  item.salePriceCents,
];

describe('pageStays', () => {
  // Featured: in stock, on sale, newest first. The page holds products 50 to 40, all on sale.
  const featuredPage = {
    bounds: {
      first: keyOf(product({ id: 50, onSale: true })),
      last: keyOf(product({ id: 40, onSale: true })),
    },
  };

  it('keeps a page through a sale on a product that stays after it', () => {
    const old = product({ id: 10 });
    expect(pageStays('featured', featuredPage, old, { ...old, onSale: true })).toBe(true);
    expect(pageStays('featured', featuredPage, { ...old, onSale: true }, old)).toBe(true);
  });

  it('refreshes a page a product joins, leaves or is on', () => {
    const newer = product({ id: 45 });
    expect(pageStays('featured', featuredPage, newer, { ...newer, onSale: true })).toBe(false);
    expect(pageStays('featured', featuredPage, { ...newer, onSale: true }, newer)).toBe(false);
    const onIt = product({ id: 40, onSale: true });
    expect(pageStays('featured', featuredPage, onIt, { ...onIt, salePriceCents: 5000 })).toBe(
      false,
    );
    // Sold out: last of all, it leaves the page.
    expect(pageStays('featured', featuredPage, onIt, { ...onIt, inStock: false })).toBe(false);
  });

  it('keeps a deeper page through a move among the products before it, not one across it', () => {
    // Price, low to high: the page holds $30 (id 3) to $40 (id 4).
    const page = {
      bounds: {
        first: keyOf(product({ id: 3, salePriceCents: 3000 })),
        last: keyOf(product({ id: 4, salePriceCents: 4000 })),
      },
    };
    const cheap = product({ id: 9, salePriceCents: 2000 });
    expect(pageStays('price-asc', page, cheap, { ...cheap, salePriceCents: 1000 })).toBe(true);
    expect(pageStays('price-asc', page, cheap, { ...cheap, salePriceCents: 5000 })).toBe(false);
    // Ties on price go by id: $30 with id 2 is before the page, with id 5 on it.
    const tied = product({ id: 2, salePriceCents: 2500 });
    expect(pageStays('price-asc', page, tied, { ...tied, salePriceCents: 3000 })).toBe(true);
    expect(
      pageStays('price-asc', page, { ...tied, id: 5 }, { ...tied, id: 5, salePriceCents: 3000 }),
    ).toBe(false);
  });

  it('keeps an empty page; cannot tell for names or from a change without order facts', () => {
    const item = product({ id: 1 });
    expect(pageStays('newest', {}, item, { ...item, salePriceCents: 500 })).toBe(true);
    expect(pageStays('name-asc', featuredPage, item, { ...item, salePriceCents: 500 })).toBe(false);
    const older = { ...item, createdAt: undefined };
    expect(pageStays('featured', featuredPage, older, { ...older, onSale: true })).toBe(false);
  });
});
