import {
  CITY_LABELS,
  FILTER_BREAKPOINT_PX,
  PRODUCTS_PER_PAGE,
  type City,
} from '@marketplace/shared';
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { toast } from '../../../lib/toast';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pagination';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useI18n } from '../../../i18n/i18n-context';
import { useSelectedCity } from '../../../hooks/use-selected-city';
import { useCatalogFacets } from '../api/get-catalog-facets';
import { useCityCounts } from '../api/get-city-counts';
import { useProducts } from '../api/get-products';
import { useCatalogSearch } from '../hooks/use-catalog-search';
import { useMediaQuery } from '../hooks/use-media-query';
import {
  catalogCategoryTitle,
  cityInTitleCase,
  hasActiveFilters,
  INITIALLY_OPEN,
  LOAD_PRODUCTS_FAILED,
  LOADING_PRODUCTS,
  type FilterKey,
} from '../utils/catalog-search';
import { ActiveFilters } from './active-filters';
import { CatalogHeader } from './catalog-header';
import { FilterPanel } from './filter-panel';
import { ProductGrid } from './product-grid';
import { SortSelect } from './sort-select';
import '../catalog.css';

/** Spec 2: at 700 px or narrower the sidebar becomes a Filter button and a slide-in panel. */
// The overlay (react-bootstrap's Offcanvas) loads when a narrow screen first opens it.
const FilterOverlay = lazy(async () => ({
  default: (await import('./filter-overlay')).FilterOverlay,
}));

const NARROW_QUERY = `(max-width: ${FILTER_BREAKPOINT_PX}px)`;
const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** The products page (spec 2 and 4): header, filters, count and sort, grid and pager. */
export function ProductCatalog() {
  const { t } = useI18n();
  const [city, setCity] = useSelectedCity();
  const {
    search,
    searchKey,
    toggleFilter,
    resetFilters,
    setSort,
    setPage,
    clearKeyword,
    leaveCity,
  } = useCatalogSearch();
  const categoryTitle = catalogCategoryTitle(search.filters.category, t);
  useDocumentTitle(categoryTitle ?? t('Products'));
  // Server-rendered (decision 024), the width is unknown until hydrated: both the sidebar and
  // the Filter button are drawn, and CSS shows the one that fits (no layout shift after).
  const matchesNarrow = useMediaQuery(NARROW_QUERY);
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const isNarrow = hydrated ? matchesNarrow : null;
  const [openSections, setOpenSections] = useState<ReadonlySet<FilterKey>>(INITIALLY_OPEN);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const resultsTitleId = useId();
  // Once opened, the overlay stays mounted so that it can slide out.
  const [overlayUsed, setOverlayUsed] = useState(false);

  const products = useProducts(search, searchKey, city);
  const facets = useCatalogFacets(search.keyword, search.filters, city);

  useEffect(() => {
    if (!products.isError) return;
    console.error(products.error);
    toast.error(t(LOAD_PRODUCTS_FAILED), { toastId: `products-failed:${searchKey}` });
  }, [products.isError, products.error, searchKey, t]);

  // Another city is another list: like a filter change, it starts again at page 1, and the
  // chosen stores go (a store is in one city, so the old city's stores would match nothing).
  const shownCity = useRef(city);
  useEffect(() => {
    if (shownCity.current === city) return;
    shownCity.current = city;
    if (search.page > 1 || search.filters.store.length > 0) leaveCity();
  }, [city, search.page, search.filters.store.length, leaveCity]);

  const total = products.data?.total;
  const pageCount = total === undefined ? 0 : Math.ceil(total / PRODUCTS_PER_PAGE);
  const totalText = total === undefined ? '' : t('{count} Products', { count: total });

  // A page past the end (an old link, or fewer results now) shows the last page instead.
  useEffect(() => {
    if (products.isPlaceholderData || total === undefined || pageCount === 0) return;
    if (search.page > pageCount) setPage(pageCount);
  }, [products.isPlaceholderData, total, pageCount, search.page, setPage]);

  const toggleSection = (key: FilterKey) =>
    setOpenSections((open) => {
      const next = new Set(open);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const panel = (showHeading: boolean) => (
    <FilterPanel
      filters={search.filters}
      facets={facets.data}
      facetsStatus={facets.status}
      openSections={openSections}
      onToggleSection={toggleSection}
      onToggleValue={toggleFilter}
      onReset={resetFilters}
      showHeading={showHeading}
    />
  );

  const filtered = hasActiveFilters(search.filters);
  // Issue 39.6: an empty list in the city says how many the other cities have, and shows them.
  const emptyInCity = city !== undefined && products.data?.items.length === 0;
  const cityCounts = useCityCounts(search.keyword, search.filters, emptyInCity);
  const elsewhere = emptyInCity ? (cityCounts.data ?? []).filter((c) => c.city !== city) : [];

  let results;
  if (products.isPending) {
    results = <PageLoader label={t(LOADING_PRODUCTS)} />;
  } else if (products.isError) {
    results = (
      <div className="empty-state" role="alert">
        <p>{t(LOAD_PRODUCTS_FAILED)}</p>
        <Button variant="outline-primary" size="sm" onClick={() => void products.refetch()}>
          {t('Try again')}
        </Button>
      </div>
    );
  } else if (products.data.items.length === 0) {
    results = (
      <div className="empty-state catalog-empty">
        <h2 className="section-title">{t('No products found')}</h2>
        {city !== undefined && elsewhere.length > 0 ? (
          <p>
            <Button
              variant="link"
              className="catalog-empty__elsewhere"
              onClick={() => setCity(undefined)}
            >
              {t('{counts}: show them', {
                counts: [{ city, count: 0 }, ...elsewhere]
                  .map((c) =>
                    t('{count} in {city}', { count: c.count, city: t(CITY_LABELS[c.city]) }),
                  )
                  .join(' · '),
              })}
            </Button>
          </p>
        ) : (
          <p>{emptyMessage(city, filtered || Boolean(search.keyword), t)}</p>
        )}
        <Button variant="primary" size="sm" onClick={resetFilters}>
          {t('Reset Filter')}
        </Button>
      </div>
    );
  } else {
    results = (
      <>
        <ProductGrid items={products.data.items} updating={products.isPlaceholderData} />
        <Pager
          page={Math.min(search.page, Math.max(pageCount, 1))}
          pageCount={pageCount}
          onPageChange={setPage}
          label={t('Product pages')}
        />
      </>
    );
  }

  return (
    <Container fluid="xl" className="page catalog-page">
      <CatalogHeader city={city} categoryTitle={categoryTitle} />
      <div className="catalog-layout">
        {isNarrow ? null : (
          <aside
            className={`catalog-sidebar${isNarrow === null ? ' catalog-sidebar--wide-only' : ''}`}
            aria-label={t('Product filters')}
          >
            {panel(true)}
          </aside>
        )}
        <section className="catalog-results" aria-labelledby={resultsTitleId}>
          {/* The cards' names are h3s: this keeps the outline whole where no Filters h2 shows. */}
          <h2 id={resultsTitleId} className="visually-hidden">
            {t('Products')}
          </h2>
          <div className="catalog-toolbar">
            <p className="catalog-toolbar__count" aria-live="polite">
              {totalText}
            </p>
            {isNarrow !== false ? (
              <Button
                variant="outline-primary"
                size="sm"
                className={`catalog-toolbar__filter${isNarrow === null ? ' catalog-toolbar__filter--narrow-only' : ''}`}
                aria-haspopup="dialog"
                aria-expanded={overlayOpen}
                onClick={() => {
                  setOverlayOpen(true);
                  setOverlayUsed(true);
                }}
              >
                {t('Filter')}
              </Button>
            ) : null}
            <SortSelect value={search.sort} onChange={setSort} />
          </div>
          <ActiveFilters
            keyword={search.keyword}
            filters={search.filters}
            onRemove={toggleFilter}
            onClearKeyword={clearKeyword}
          />
          {results}
        </section>
      </div>
      {isNarrow && overlayUsed ? (
        <Suspense fallback={null}>
          <FilterOverlay
            show={overlayOpen}
            onHide={() => setOverlayOpen(false)}
            totalText={totalText}
          >
            {panel(false)}
          </FilterOverlay>
        </Suspense>
      ) : null}
    </Container>
  );
}

/** Why the list is empty, when no other city has what it looks for either. */
function emptyMessage(
  city: City | undefined,
  searching: boolean,
  t: (message: string, values?: Record<string, string>) => string,
): string {
  if (city === undefined)
    return searching
      ? t('Nothing matches this search. Try fewer filters.')
      : t('No products are listed yet.');
  return searching
    ? t("Nothing from {city}'s brands matches this search. Try fewer filters.", {
        city: cityInTitleCase(city),
      })
    : t("{city}'s brands have no products listed yet. Try another city.", {
        city: cityInTitleCase(city),
      });
}
