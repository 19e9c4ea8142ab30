import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { City, ItemDetail, ItemSummary, Locale } from '@marketplace/shared';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { Page } from '../lib/api-client';
import { catalogFacetsQueryOptions } from '../features/catalog/api/get-catalog-facets';
import { cityCountsQueryOptions } from '../features/catalog/api/get-city-counts';
import { productsQueryOptions } from '../features/catalog/api/get-products';
import { relatedProductsQueryOptions } from '../features/catalog/api/get-related-products';
import { catalogSearchKey, parseCatalogSearch } from '../features/catalog/utils/catalog-search';
import { featuredProductsQueryOptions } from '../features/home/api/get-featured-products';
import { productQueryOptions } from '../features/product/api/get-product';
import { parseProductId } from '../features/product/utils/item-options';
import { itemReviewsQueryOptions } from '../features/reviews/api/get-item-reviews';
import { reviewSummaryQueryOptions } from '../features/reviews/api/get-review-summary';
import { storeQueryOptions } from '../features/stores/api/get-store';
import { storeItemsQueryOptions } from '../features/stores/api/get-store-items';
import { storesQueryOptions } from '../features/stores/api/get-stores';
import { readStoreItemsQuery, showsAllCities } from '../features/stores/utils/store-search';

/** What decides a page's data: its URL, and who is looking from where. */
export interface PageAddress {
  params: Params;
  /** The URL's query string, as written ('?…' or ''). */
  search: string;
  /** Undefined: the shopper chose all cities (issue 39.6). */
  city: City | undefined;
  /** The signed-in user (their own review is marked), null when signed out (the server). */
  viewer: string | null;
  /** The page's language (its URL's prefix): brands' texts come in it where they wrote them. */
  locale: Locale;
}

// The queries of one page have answers of different types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any>;

export interface RouteData {
  /** Every query the page asks for while it renders (signed out), as its URL decides them. */
  queries(address: PageAddress): AnyQuery[];
  /** The page's largest image, from the first query's answer: the browser asks for it early. */
  leadImage?(firstAnswer: unknown): string | null | undefined;
}

const NONE: RouteData = { queries: () => [] };

/**
 * The data of each server-rendered page (decision 026), by route path: the server fetches it
 * before rendering the page once, and the browser asks for it while the page's chunk loads
 * (app/route-preload.ts). A route missing here is rendered in passes until no query is left.
 * server-render.test.ts renders every page once and fails when one asks for more.
 */
export const ROUTE_DATA: Record<string, RouteData> = {
  '': { queries: ({ city }) => [featuredProductsQueryOptions(city)] },
  about: NONE,
  login: NONE,
  signup: NONE,
  'forgot-password': NONE,
  // Signed out (the server) it asks nothing; a signed-in visitor's profile is theirs alone.
  'seller-home': NONE,
  products: {
    queries: ({ search, city, locale }) => {
      const catalogSearch = parseCatalogSearch(new URLSearchParams(search));
      return [
        productsQueryOptions(catalogSearch, catalogSearchKey(search), city, locale),
        catalogFacetsQueryOptions(catalogSearch.keyword, catalogSearch.filters, city),
        // Asked by the page only when the city has no match (issue 39.6), which its URL cannot
        // tell: declared whenever a city is chosen, so that an empty page renders in one pass.
        ...(city ? [cityCountsQueryOptions(catalogSearch.keyword, catalogSearch.filters)] : []),
      ];
    },
    leadImage: (page) => (page as Page<ItemSummary>).items[0]?.thumbnail,
  },
  'product/:id': {
    queries: ({ params, city, viewer, locale }) => {
      const id = parseProductId(params.id);
      if (id === null) return [];
      return [
        productQueryOptions(id, locale),
        reviewSummaryQueryOptions(id),
        relatedProductsQueryOptions([id], city, locale),
        // Drawn after hydration, but its latest reviews go in the page's JSON-LD.
        itemReviewsQueryOptions(id, viewer),
      ];
    },
    leadImage: (item) => (item as ItemDetail).thumbnail,
  },
  storePage: {
    queries: ({ search, city, locale }) => [
      storesQueryOptions(showsAllCities(new URLSearchParams(search)) ? undefined : city, locale),
    ],
  },
  'store/:storeId': {
    queries: ({ params, search, locale }) => {
      const storeId = params.storeId?.trim() ? params.storeId : null;
      if (storeId === null) return [];
      return [
        storeQueryOptions(storeId, locale),
        storeItemsQueryOptions(storeId, readStoreItemsQuery(new URLSearchParams(search)), locale),
      ];
    },
  },
};

/** The route a path leads to: its path as declared ('' for the index) and its parameters. */
export function matchPage(routes: RouteObject[], pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches[matches.length - 1];
  if (!leaf) return null;
  return {
    matches,
    routePath: leaf.route.index ? '' : (leaf.route.path ?? ''),
    params: leaf.params,
  };
}

/**
 * Fetches a page's declared queries; answers 'unknown' for a route that declares none.
 * Failures stay in the cache as the queries' errors (the page shows them, the server answers
 * 404 or 500 from them).
 */
export async function fetchRouteData(
  queryClient: QueryClient,
  routePath: string,
  address: PageAddress,
): Promise<'fetched' | 'unknown'> {
  const data = ROUTE_DATA[routePath];
  if (!data) return 'unknown';
  await Promise.all(
    data.queries(address).map((options) => queryClient.prefetchQuery(options as AnyQuery)),
  );
  return 'fetched';
}

/** The page's largest image, once its first declared query has its answer in the cache. */
export function leadImageOf(
  queryClient: QueryClient,
  routePath: string,
  address: PageAddress,
): string | null | undefined {
  const data = ROUTE_DATA[routePath];
  const [first] = data?.queries(address) ?? [];
  if (!data?.leadImage || !first) return undefined;
  const answer: unknown = queryClient.getQueryData(first.queryKey);
  return answer === undefined ? undefined : data.leadImage(answer);
}
