import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  catalogSearchKey,
  DEFAULT_SORT,
  FILTER_KEYS,
  parseCatalogSearch,
  type CatalogSearch,
  type FilterKey,
  type ProductSort,
} from '../utils/catalog-search';

// The app's scroll restoration leaves the page where it is for navigations with this state.
const KEEP_SCROLL = { keepScroll: true };

/**
 * The products page keeps all of its state in the URL query, so shared links and the
 * browser's back and forward buttons show the same list. Filter and sort changes keep the
 * scroll position (the shopper is working in the sidebar); a new page scrolls to the top.
 */
export function useCatalogSearch() {
  const [params, setParams] = useSearchParams();
  const { search: rawSearch } = useLocation();
  const search: CatalogSearch = useMemo(() => parseCatalogSearch(params), [params]);
  const searchKey = catalogSearchKey(rawSearch);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, options: { keepScroll: boolean }) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          change(next);
          return next;
        },
        { state: options.keepScroll ? KEEP_SCROLL : undefined },
      );
    },
    [setParams],
  );

  const setFilter = useCallback(
    (key: FilterKey, values: string[]) =>
      update(
        (next) => {
          next.delete(key);
          for (const value of values) next.append(key, value);
          // Spec 4: changing a filter returns to page 1.
          next.delete('page');
        },
        { keepScroll: true },
      ),
    [update],
  );

  const toggleFilter = useCallback(
    (key: FilterKey, value: string) => {
      const current = search.filters[key];
      setFilter(
        key,
        current.includes(value) ? current.filter((v) => v !== value) : [...current, value],
      );
    },
    [search.filters, setFilter],
  );

  /** Spec 4's Reset Filter: the five lists go, and so does the page; keyword and sort stay. */
  const resetFilters = useCallback(
    () =>
      update(
        (next) => {
          for (const key of FILTER_KEYS) next.delete(key);
          next.delete('page');
        },
        { keepScroll: true },
      ),
    [update],
  );

  const setSort = useCallback(
    (sort: ProductSort) =>
      update(
        (next) => {
          if (sort === DEFAULT_SORT) next.delete('sort');
          else next.set('sort', sort);
          next.delete('page');
        },
        { keepScroll: true },
      ),
    [update],
  );

  const setPage = useCallback(
    (page: number) =>
      update(
        (next) => {
          if (page <= 1) next.delete('page');
          else next.set('page', String(page));
        },
        { keepScroll: false },
      ),
    [update],
  );

  const clearKeyword = useCallback(
    () =>
      update(
        (next) => {
          next.delete('keyword');
          next.delete('page');
        },
        { keepScroll: true },
      ),
    [update],
  );

  /** Another city: back to page 1, and stores (each in one city) are no longer chosen. */
  const leaveCity = useCallback(
    () =>
      update(
        (next) => {
          next.delete('store');
          next.delete('page');
        },
        { keepScroll: true },
      ),
    [update],
  );

  return {
    search,
    searchKey,
    toggleFilter,
    resetFilters,
    setSort,
    setPage,
    clearKeyword,
    leaveCity,
  };
}
