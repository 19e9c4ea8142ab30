import { STORE_ITEM_SORTS, type StoreItemSort } from '@marketplace/shared';
import type { StoreItemsQuery } from '../api/get-store-items';

export const DEFAULT_STORE_SORT: StoreItemSort = 'featured';

export function readSort(value: string | null): StoreItemSort {
  return (STORE_ITEM_SORTS as readonly string[]).includes(value ?? '')
    ? (value as StoreItemSort)
    : DEFAULT_STORE_SORT;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A store page's sort and page, from its URL (?sort=price-asc&page=2). */
export function readStoreItemsQuery(params: URLSearchParams): StoreItemsQuery {
  return { sort: readSort(params.get('sort')), page: readPage(params.get('page')) };
}

/** The URL's ?cities=all shows the brands of every city; otherwise the chosen city's (DESIGN 5). */
export const STORE_SCOPE_PARAM = 'cities';
export const ALL_CITIES = 'all';

export const showsAllCities = (params: URLSearchParams) =>
  params.get(STORE_SCOPE_PARAM) === ALL_CITIES;
