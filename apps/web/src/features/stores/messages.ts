import { STORE_MESSAGES, type StoreItemSort } from '@marketplace/shared';

/** Spec 2 "Stores list" / "Store detail" and spec 8: what the brand pages say, word for word. */
export const STORES_MESSAGES = {
  loadingStores: 'Loading stores…',
  noStores: 'No stores available right now.',
  storesFailed: 'Failed to load stores.',
  invalidStore: STORE_MESSAGES.invalidIdentifier,
  loadingStore: 'Loading store…',
  loadingProducts: 'Loading products…',
  storeFailed: 'Could not load store details.',
  productsFailed: 'Could not load products.',
  noProducts: 'This brand has no products listed yet.',
} as const;

/** Shown when a brand has not written its own description yet (spec 2). */
export const DEFAULT_STORE_DESCRIPTION =
  'An independent local label, designing in small batches and making clothes worth keeping. Explore the collection and find your next favourite piece.';

/** Spec 2's store page orders, as the select shows them. */
export const STORE_SORT_LABELS: Record<StoreItemSort, string> = {
  featured: 'Featured',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'name-asc': 'Name: A to Z',
  'name-desc': 'Name: Z to A',
};

/** The store page link for a store: its name, URL-encoded (spec 2). */
export const storePath = (name: string) => `/store/${encodeURIComponent(name)}`;
