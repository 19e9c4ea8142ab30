import { PRICE_BANDS, type CatalogFacets, type FacetValue } from '@marketplace/shared';
import type { CatalogItemFacts } from './catalog-cache';
import { inBand, matches } from './catalog-match';
import { FACET_LISTS, type CatalogFilters, type FacetList } from './items.repository';

/** A product's values in each list, as the facets count them (sizes are shown upper case). */
const valuesIn: Record<FacetList, (item: CatalogItemFacts) => string[]> = {
  category: (item) => [item.category],
  store: (item) => [item.storeName],
  color: (item) => item.colors,
  size: (item) => item.sizes.map((size) => size.toUpperCase()),
  price: (item) => PRICE_BANDS.filter((band) => inBand(band, item.salePriceCents)).map((b) => b.id),
};

/**
 * Facets after an edit of one product, moved from the counts it had (issue 20; the same object
 * when no count moved): the product is
 * taken out of the counts it was part of and put in the ones it is part of now, each list over
 * every filter but its own, as the repository counts them. A sale that moves a product to
 * another price band moves one count instead of scanning every matching product again.
 * Undefined when the answer cannot be told exactly from the counts: under a keyword (the
 * cache's match is only a superset of the database's), when a count would go below zero (the
 * counts were not what the edit was made against), or when a moved value ties with another
 * (values of one count are ordered by the database's collation, not JavaScript's).
 */
export function patchFacets(
  filters: CatalogFilters,
  facets: CatalogFacets,
  was: CatalogItemFacts,
  is: CatalogItemFacts,
): CatalogFacets | undefined {
  if (filters.keyword) return undefined;
  const patched = { ...facets };
  let moves = 0;
  for (const list of FACET_LISTS) {
    const others = { ...filters, [list]: [] };
    const counts = new Map(facets[list].map((value) => [value.value, value.count]));
    const moved = new Set<string>();
    for (const [item, sign] of [
      [was, -1],
      [is, 1],
    ] as const) {
      if (!matches(others, item)) continue;
      for (const value of valuesIn[list](item)) {
        counts.set(value, (counts.get(value) ?? 0) + sign);
        moved.add(value);
      }
    }
    const changed = [...moved].filter(
      (value) => counts.get(value) !== countOf(facets[list], value),
    );
    if (changed.length === 0) continue;
    moves += 1;
    if (changed.some((value) => counts.get(value)! < 0)) return undefined;
    if (list === 'price') {
      patched.price = facets.price.map((band) => ({ ...band, count: counts.get(band.value)! }));
      continue;
    }
    const values = facets[list]
      .map((value) => ({ value: value.value, count: counts.get(value.value)! }))
      .concat(
        changed
          .filter((value) => countOf(facets[list], value) === undefined)
          .map((value) => ({ value, count: counts.get(value)! })),
      )
      .filter((value) => value.count > 0);
    const tied = values.some(
      (value) =>
        changed.includes(value.value) &&
        values.some((other) => other !== value && other.count === value.count),
    );
    if (tied) return undefined;
    // Stable: values of one count that did not move keep the database's order.
    patched[list] = values.sort((a, b) => b.count - a.count);
  }
  return moves > 0 ? patched : facets;
}

const countOf = (values: FacetValue[], value: string) =>
  values.find((candidate) => candidate.value === value)?.count;
