import type { QueryClient } from '@tanstack/react-query';
import { productsQueryOptions } from '../features/catalog/api/get-products';
import { catalogSearchKey, parseCatalogSearch } from '../features/catalog/utils/catalog-search';
import { productQueryOptions } from '../features/product/api/get-product';
import { parseProductId } from '../features/product/utils/item-options';
import { readCity } from '../hooks/use-selected-city';

const preloaded = new Set<string>();

/** Asks for an image ahead of the page that will show it (the page's largest paint). */
function preloadImage(href: string | null | undefined): void {
  if (!href || preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  document.head.append(link);
}

/**
 * On a first visit to the products list or a product page, the page's data (and then its
 * first image) is requested while the page's chunk is still loading, instead of after it: the
 * page's queries find it in the cache. Failures are left to the page, which asks again.
 */
export function preloadRouteData(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
): void {
  if (pathname === '/products') {
    const options = productsQueryOptions(
      parseCatalogSearch(new URLSearchParams(search)),
      catalogSearchKey(search),
      readCity(),
    );
    void queryClient
      .fetchQuery(options)
      .then((page) => preloadImage(page.items[0]?.thumbnail))
      .catch(() => {});
    return;
  }
  const productPath = /^\/product\/([^/]+)\/?$/.exec(pathname);
  const id = productPath ? parseProductId(productPath[1]) : null;
  if (id !== null) {
    void queryClient
      .fetchQuery(productQueryOptions(id))
      .then((item) => preloadImage(item.thumbnail))
      .catch(() => {});
  }
}
