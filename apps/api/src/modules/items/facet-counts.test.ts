import { describe, expect, it } from 'vitest';
import type { CatalogFacets } from '@marketplace/shared';
import type { CatalogItemFacts } from './catalog-cache';
import { patchFacets } from './facet-counts';
import type { CatalogFilters } from './items.repository';

const noFilters: CatalogFilters = { category: [], store: [], color: [], size: [], price: [] };

const coat = (facts: Partial<CatalogItemFacts> = {}): CatalogItemFacts => ({
  id: 1,
  storeId: 's',
  storeName: 'Maple',
  city: 'VANCOUVER',
  category: 'men',
  listed: true,
  colors: ['red'],
  sizes: ['m'],
  salePriceCents: 6000,
  name: 'coat',
  text: 'coat',
  cards: '',
  ...facts,
});

const price = (under50: number, to100: number, over100 = 0) => [
  { value: '0-50', count: under50 },
  { value: '50-100', count: to100 },
  { value: '100-150', count: over100 },
  { value: '150-200', count: 0 },
  { value: '200+', count: 0 },
];

const facets: CatalogFacets = {
  category: [
    { value: 'men', count: 5 },
    { value: 'women', count: 2 },
  ],
  store: [
    { value: 'Maple', count: 6 },
    { value: 'Alder', count: 1 },
  ],
  color: [
    { value: 'red', count: 4 },
    { value: 'blue', count: 3 },
  ],
  size: [{ value: 'M', count: 7 }],
  price: price(3, 4),
};

describe('patchFacets', () => {
  it('moves a product that went on sale from one price band to the other', () => {
    expect(patchFacets(noFilters, facets, coat(), coat({ salePriceCents: 4500 }))).toEqual({
      ...facets,
      price: price(4, 3),
    });
  });

  it('leaves every count as it is when the product moves in no list', () => {
    expect(patchFacets(noFilters, facets, coat(), coat({ salePriceCents: 7000 }))).toEqual(facets);
  });

  it('orders a list by count again, adds a value that appears and drops one that is gone', () => {
    const patched = patchFacets(
      noFilters,
      { ...facets, color: [...facets.color, { value: 'green', count: 1 }] },
      coat({ colors: ['green', 'red'] }),
      coat({ colors: ['blue', 'black'] }),
    );
    expect(patched?.color).toEqual([
      { value: 'blue', count: 4 },
      { value: 'red', count: 3 },
      { value: 'black', count: 1 },
    ]);
  });

  it('counts each list over the filters of the other lists, not its own', () => {
    // Blue ticked: a red coat is not in the results, but it is counted in the colour list.
    const blue = { ...noFilters, color: ['blue'] };
    const patched = patchFacets(blue, facets, coat(), coat({ salePriceCents: 4500 }));
    expect(patched?.price).toEqual(facets.price);
    expect(patchFacets(blue, facets, coat(), coat({ colors: ['blue'] }))?.color).toEqual([
      { value: 'blue', count: 4 },
      { value: 'red', count: 3 },
    ]);
  });

  it('takes an unlisted product out of every count', () => {
    const counts = { ...facets, color: [{ value: 'red', count: 4 }] };
    expect(patchFacets(noFilters, counts, coat(), coat({ listed: false }))).toEqual({
      category: [
        { value: 'men', count: 4 },
        { value: 'women', count: 2 },
      ],
      store: [
        { value: 'Maple', count: 5 },
        { value: 'Alder', count: 1 },
      ],
      color: [{ value: 'red', count: 3 }],
      size: [{ value: 'M', count: 6 }],
      price: price(3, 3),
    } satisfies CatalogFacets);
  });

  it('cannot tell under a keyword, from counts the edit was not made against, or on a tie', () => {
    expect(
      patchFacets(
        { ...noFilters, keyword: 'coat' },
        facets,
        coat(),
        coat({ salePriceCents: 4500 }),
      ),
    ).toBeUndefined();
    // The coat was never counted in black.
    expect(patchFacets(noFilters, facets, coat({ colors: ['black'] }), coat())).toBeUndefined();
    // Women 2 → 3 ties with nothing, men 5 → 4 neither; but a third women's coat would tie.
    expect(patchFacets(noFilters, facets, coat(), coat({ category: 'women' }))?.category).toEqual([
      { value: 'men', count: 4 },
      { value: 'women', count: 3 },
    ]);
    const even = { ...facets, category: [...facets.category, { value: 'kids', count: 3 }] };
    expect(patchFacets(noFilters, even, coat(), coat({ category: 'women' }))).toBeUndefined();
  });
});
