import { LOCALES, PRICE_BANDS } from '@marketplace/shared';
import type { CatalogItemFacts } from './catalog-cache';
import { inBand, matches } from './catalog-match';
import type { CatalogFilters, ItemWithOptions } from './items.repository';
import { toSummary } from './item-views';

/** What the catalog cache keeps of a product and of the answers it is part of (decision 010). */

/** What the cache needs to know of a product to tell which answers it is part of, and where. */
export function factsOf(row: ItemWithOptions): CatalogItemFacts {
  const name = row.name.toLowerCase();
  return {
    id: row.id,
    storeId: row.storeId,
    storeName: row.storeName,
    city: row.storeCity,
    category: row.category,
    listed: row.isAvailable && row.deletedAt === null,
    colors: row.colors,
    sizes: row.sizes,
    salePriceCents: row.salePriceCents,
    name,
    text: [
      name,
      ...row.tags,
      row.category,
      ...row.colors,
      ...row.sizes,
      row.storeName,
      row.description,
      row.materials,
    ]
      .join(' ')
      .toLowerCase(),
    frenchText: [row.nameFr, row.descriptionFr, row.materialsFr]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
    cards: JSON.stringify(LOCALES.map((locale) => toSummary(row, locale))),
    inStock: row.inStock,
    onSale: row.sale > 0,
    createdAt: row.createdAtMicros,
  };
}

/**
 * Whether an edited product is in a list both before and after, or in neither: exact without a
 * keyword (`matches` is the database's filter); under one, only if the texts it is found by
 * stayed the same (the cache's match of a keyword is looser than the database's).
 */
export const sameMembers = (filters: CatalogFilters, was: CatalogItemFacts, is: CatalogItemFacts) =>
  matches(filters, was) === matches(filters, is) &&
  (!filters.keyword || (was.text === is.text && was.frenchText === is.frenchText));

/**
 * What facets take from a product: whether it is listed, where, and its values in each list
 * (its price as a band, or as it is when the filters name a price range); under a keyword, the
 * searchable texts (the same texts match the same way in the database).
 */
export function facetsFootprint(filters: CatalogFilters, item: CatalogItemFacts): string {
  const priceRange = filters.minPrice !== undefined || filters.maxPrice !== undefined;
  return JSON.stringify([
    item.listed,
    item.city,
    item.category,
    item.storeName,
    item.colors,
    item.sizes,
    priceRange
      ? item.salePriceCents
      : PRICE_BANDS.find((band) => inBand(band, item.salePriceCents))?.id,
    filters.keyword ? [item.text, item.frenchText] : null,
  ]);
}

/**
 * What a list, a search or a store page takes from a product: whether it is part of it (listed,
 * where, its category, colours and sizes; the texts under a keyword), and its card, which holds
 * everything its order reads but the date it was created, which no edit changes.
 */
export const listFootprint =
  (keyword?: string) =>
  (item: CatalogItemFacts): string =>
    JSON.stringify([
      item.listed,
      item.city,
      item.category,
      item.colors,
      item.sizes,
      item.cards,
      keyword ? [item.text, item.frenchText] : null,
    ]);
