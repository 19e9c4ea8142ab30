import { PRICE_BANDS, toCents, type Category } from '@marketplace/shared';
import type { CatalogItemFacts } from './catalog-cache';
import type { CatalogFilters } from './items.repository';

/** Letters and digits runs, lower case: what a keyword's words are at least made of. */
export const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * What a French word's stem surely starts with, for the cache's conservative match: the
 * 'french' stemmer only cuts and rewrites endings ("chandails" → "chandail", "eaux" → "eau"),
 * so two words with one stem share their first letters.
 */
const stemStart = (word: string) =>
  word.length <= 4 ? word.slice(0, Math.max(2, word.length - 1)) : word.slice(0, 4);

/** Whether a price paid, in cents, is in a band of spec 4's price filter (bands are in dollars). */
export const inBand = (band: (typeof PRICE_BANDS)[number], priceCents: number) =>
  priceCents >= toCents(band.min) && (band.max === undefined || priceCents < toCents(band.max));

/** A query's price range in cents, each bound taken to the nearest cent (prices are whole cents). */
export const priceRangeCents = (f: Pick<CatalogFilters, 'minPrice' | 'maxPrice'>) => ({
  min: f.minPrice === undefined ? undefined : toCents(f.minPrice),
  max: f.maxPrice === undefined ? undefined : toCents(f.maxPrice),
});

/**
 * Whether a product can be among a query's results: the repository's `catalogWhere` in
 * JavaScript. Exact without a keyword; conservative for keywords: every word of the keyword
 * must occur in the product's text (the search vector's words are whole words of that text),
 * so a product the database would match is never missed; a few others may be.
 */
export function matches(f: CatalogFilters, item: CatalogItemFacts): boolean {
  if (!item.listed) return false;
  if (
    f.keyword &&
    !words(f.keyword).every((word) => item.text.includes(word)) &&
    !(
      item.frenchText &&
      words(f.keyword).every((word) => item.frenchText!.includes(stemStart(word)))
    )
  )
    return false;
  if (f.category.length && !f.category.includes(item.category as Category)) return false;
  if (f.store.length && !f.store.some((s) => s.toLowerCase() === item.storeName.toLowerCase()))
    return false;
  if (f.color.length && !f.color.some((c) => item.colors.includes(c.toLowerCase()))) return false;
  if (f.size.length && !f.size.some((s) => item.sizes.includes(s.toLowerCase()))) return false;
  if (
    f.price.length &&
    !PRICE_BANDS.some((band) => f.price.includes(band.id) && inBand(band, item.salePriceCents))
  )
    return false;
  const range = priceRangeCents(f);
  if (range.min !== undefined && item.salePriceCents < range.min) return false;
  if (range.max !== undefined && item.salePriceCents > range.max) return false;
  if (f.city && item.city !== f.city) return false;
  return true;
}
