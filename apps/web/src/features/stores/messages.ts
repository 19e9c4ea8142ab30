import { STORE_MESSAGES, msg, type StoreItemSort } from '@marketplace/shared';

/** Spec 2 "Stores list" / "Store detail" and spec 8: what the brand pages say, word for word. */
export const STORES_MESSAGES = {
  loadingStores: msg('Loading stores…'),
  noStores: msg('No stores available right now.'),
  storesFailed: msg('Failed to load stores.'),
  invalidStore: STORE_MESSAGES.invalidIdentifier,
  loadingStore: msg('Loading store…'),
  loadingProducts: msg('Loading products…'),
  storeFailed: msg('Could not load store details.'),
  productsFailed: msg('Could not load products.'),
  noProducts: msg('This brand has no products listed yet.'),
} as const;

/** Shown when a brand has not written its own description yet (spec 2). */
export const DEFAULT_STORE_DESCRIPTION = msg(
  'An independent local label, designing in small batches and making clothes worth keeping. Explore the collection and find your next favourite piece.',
);

/** Spec 2's store page orders, as the select shows them. */
export const STORE_SORT_LABELS: Record<StoreItemSort, string> = {
  featured: msg('Featured'),
  'price-asc': msg('Price: Low to High'),
  'price-desc': msg('Price: High to Low'),
  'name-asc': msg('Name: A to Z'),
  'name-desc': msg('Name: Z to A'),
};

/** The store page link for a store: its name, URL-encoded (spec 2). */
export const storePath = (name: string) => `/store/${encodeURIComponent(name)}`;
