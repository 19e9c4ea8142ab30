import type { CatalogSort, StoreItemSort } from '@marketplace/shared';
import type { CatalogItemFacts } from './catalog-cache';
import type { CardsPage, SortKey } from './items.repository';

type Compare = (a: SortKey, b: SortKey) => number;

const ascending = (a: number | boolean, b: number | boolean) => Number(a) - Number(b);
const descending = (a: number | boolean, b: number | boolean) => Number(b) - Number(a);

/** The repository's orders over SortKey; names sort by the database's collation: not here. */
const ORDERS: Partial<Record<CatalogSort | StoreItemSort, Compare>> = {
  featured: (a, b) =>
    descending(a[0], b[0]) ||
    descending(a[1], b[1]) ||
    descending(a[2], b[2]) ||
    descending(a[3], b[3]),
  'price-asc': (a, b) => ascending(a[4], b[4]) || ascending(a[3], b[3]),
  'price-desc': (a, b) => descending(a[4], b[4]) || descending(a[3], b[3]),
  newest: (a, b) => descending(a[2], b[2]) || descending(a[3], b[3]),
};

/** Undefined for a change heard from a process of an older version, which sends no order facts. */
function sortKeyOf(item: CatalogItemFacts): SortKey | undefined {
  const { inStock, onSale, createdAt, id, salePriceCents } = item;
  // An older process sent its price in dollars (salePrice): its change is not placed on a page.
  const price = salePriceCents as number | undefined;
  if (inStock === undefined || onSale === undefined || createdAt === undefined) return undefined;
  if (price === undefined) return undefined;
  return [inStock, onSale, createdAt, id, price];
}

/**
 * Whether a kept page of a list is still right after an edit of a product that stayed in the
 * list or out of it (the caller knows; the total is then the same too): the product was and is
 * before the page's first product (the page starts after as many products as it did) or after
 * its last. A product on the page, or one that moved across it, changes it (issue 20: a sale on
 * one of 100,000 products refreshed every page of every list it matched).
 */
export function pageStays(
  sort: CatalogSort | StoreItemSort,
  page: Pick<CardsPage, 'bounds'>,
  was: CatalogItemFacts,
  is: CatalogItemFacts,
): boolean {
  const compare = ORDERS[sort];
  const keys = [sortKeyOf(was), sortKeyOf(is)];
  if (!compare || !keys[0] || !keys[1]) return false;
  // An empty page (past the last one) stays empty while the list keeps its length.
  if (!page.bounds) return true;
  const { first, last } = page.bounds;
  return (
    keys.every((key) => compare(key!, first) < 0) || keys.every((key) => compare(key!, last) > 0)
  );
}
