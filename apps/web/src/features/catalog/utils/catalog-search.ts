import {
  CATEGORIES,
  CATEGORY_TITLES,
  PRICE_BANDS,
  colorLabel,
  compareNames,
  compareSizes,
  msg,
  sizeLabel,
  type CatalogSort,
  type Category,
  type MessageValues,
  type PriceBandId,
} from '@marketplace/shared';
import { englishTranslator } from '../../../i18n/catalogs';

/** Spec 4's five filter lists, in the order the panel shows them. */
export const FILTER_KEYS = ['category', 'store', 'color', 'size', 'price'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type CatalogFilters = Record<FilterKey, string[]>;

export const FILTER_TITLES: Record<FilterKey, string> = {
  category: msg('Category'),
  store: msg('Store'),
  color: msg('Color'),
  size: msg('Size'),
  price: msg('Price'),
};

/** Spec 4: only Color is open when the page opens. */
export const INITIALLY_OPEN: ReadonlySet<FilterKey> = new Set<FilterKey>(['color']);

export const CATEGORY_LABELS: Record<Category, string> = {
  men: msg('Men'),
  women: msg('Women'),
  kids: msg('Kids'),
};

type Translate = (message: string, values?: MessageValues) => string;

/**
 * 'Menswear', or 'Menswear and Womenswear' (in the page's language with its `t`); undefined
 * when no category is chosen. There are three categories, so three messages say them all.
 */
export function catalogCategoryTitle(
  categories: string[],
  t: Translate = englishTranslator.t,
): string | undefined {
  const titles = CATEGORIES.filter((c) => categories.includes(c)).map((c) => t(CATEGORY_TITLES[c]));
  const [first, second, third] = titles;
  if (first === undefined) return undefined;
  if (second === undefined) return first;
  if (third === undefined) return t('{first} and {second}', { first, second });
  return t('{first}, {second} and {third}', { first, second, third });
}

/** Spec 2's dropdown, in its order; the server sorts the whole result (DESIGN 4). */
export const PRODUCT_SORTS = [
  { value: 'featured', label: msg('Featured') },
  { value: 'price-desc', label: msg('Price: High to Low') },
  { value: 'price-asc', label: msg('Price: Low to High') },
] as const satisfies readonly { value: CatalogSort; label: string }[];
export type ProductSort = (typeof PRODUCT_SORTS)[number]['value'];
export const DEFAULT_SORT: ProductSort = 'featured';

export const LOAD_PRODUCTS_FAILED = msg('Failed to load products.');
export const LOADING_PRODUCTS = msg('Loading products…');

/** Everything the products page shows, read from the URL so links and back/forward work. */
export interface CatalogSearch {
  keyword: string;
  filters: CatalogFilters;
  sort: ProductSort;
  page: number;
}

const unique = (values: string[]) => [...new Set(values.filter((v) => v.length > 0))];
const isCategory = (v: string): v is Category => (CATEGORIES as readonly string[]).includes(v);
const isPriceBand = (v: string): v is PriceBandId => PRICE_BANDS.some((band) => band.id === v);

/**
 * Values the API would refuse (400) are dropped here, so a hand-edited or stale link still
 * shows products instead of an error.
 */
export function parseCatalogSearch(params: URLSearchParams): CatalogSearch {
  const all = (key: FilterKey) => params.getAll(key).map((v) => v.trim());
  const sortParam = params.get('sort');
  const pageParam = Number(params.get('page'));
  return {
    keyword: (params.get('keyword') ?? '').trim(),
    filters: {
      category: unique(all('category').map((v) => v.toLowerCase())).filter(isCategory),
      store: unique(all('store')),
      color: unique(all('color').map((v) => v.toLowerCase())),
      size: unique(all('size').map((v) => v.toUpperCase())),
      price: unique(all('price')).filter(isPriceBand),
    },
    sort: PRODUCT_SORTS.find((s) => s.value === sortParam)?.value ?? DEFAULT_SORT,
    page: Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1,
  };
}

export function hasActiveFilters(filters: CatalogFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].length > 0);
}

/** How a filter value reads in the panel and on its chip (English: the id of its message). */
export function filterValueLabel(key: FilterKey, value: string): string {
  if (key === 'category' && isCategory(value)) return CATEGORY_LABELS[value];
  if (key === 'price') return PRICE_BANDS.find((band) => band.id === value)?.label ?? value;
  if (key === 'color') return colorLabel(value);
  if (key === 'size') return sizeLabel(value);
  return value;
}

const PRICE_ORDER: readonly string[] = PRICE_BANDS.map((band) => band.id);
const CATEGORY_ORDER: readonly string[] = CATEGORIES;

function rank(order: readonly string[], value: string): number {
  const index = order.indexOf(value);
  return index === -1 ? order.length : index;
}

/** Sizes small to large (system by system), price bands low to high, categories as listed; the rest A to Z (compareNames). */
export function compareFilterValues(key: FilterKey, a: string, b: string): number {
  if (key === 'size') return compareSizes(a, b);
  const order = key === 'price' ? PRICE_ORDER : key === 'category' ? CATEGORY_ORDER : null;
  if (order) {
    const byRank = rank(order, a) - rank(order, b);
    if (byRank !== 0) return byRank;
  }
  return compareNames(a, b);
}

/** 'LOS ANGELES' -> 'Los Angeles', for the sentence under the title. */
export function cityInTitleCase(city: string): string {
  return city
    .toLowerCase()
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Spec 4: results are cached per search string; '__all__' when there is none. */
export function catalogSearchKey(rawSearch: string): string {
  return rawSearch.replace(/^\?/, '') || '__all__';
}
