import {
  cityInCapitals,
  PRODUCTS_PER_PAGE,
  STORE_ITEM_SORTS,
  type StoreItemSort,
  type StorePublic,
} from '@marketplace/shared';
import { useEffect, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pagination';
import { ProductCard } from '../../../components/ui/product-card';
import { useI18n } from '../../../i18n/i18n-context';
import { useStore } from '../api/get-store';
import { useStoreItems } from '../api/get-store-items';
import { DEFAULT_STORE_DESCRIPTION, STORE_SORT_LABELS, STORES_MESSAGES } from '../messages';
import { DEFAULT_STORE_SORT, readSort, readStoreItemsQuery } from '../utils/store-search';
import { StoreThumbnail } from './store-thumbnail';
import '../stores.css';

function StoreMessage({ message }: { message: string }) {
  const { t } = useI18n();
  return (
    <p className="empty-state" role="alert">
      {t(message)}
    </p>
  );
}

/**
 * Spec 2 "Store detail": the brand, then its products 12 a page, sorted by the server.
 * Sort and page live in the URL (?sort=price-asc&page=2), so a page can be shared or reloaded.
 */
export function StoreDetail({ storeId: rawId }: { storeId: string | undefined }) {
  const { t } = useI18n();
  const storeId = rawId && rawId.trim() ? rawId : null;
  const [params, setParams] = useSearchParams();
  const { sort, page } = readStoreItemsQuery(params);

  const store = useStore(storeId);
  const items = useStoreItems(storeId, { sort, page });

  useEffect(() => {
    if (store.isError) toast.error(t(STORES_MESSAGES.storeFailed), { toastId: 'store-failed' });
  }, [store.isError, t]);
  // When the store itself failed, its message says enough: no second toast for its products.
  const productsFailed = items.isError && store.isSuccess;
  useEffect(() => {
    if (productsFailed)
      toast.error(t(STORES_MESSAGES.productsFailed), { toastId: 'store-products-failed' });
  }, [productsFailed, t]);

  const gridTop = useRef<HTMLDivElement>(null);

  if (storeId === null) return <StoreMessage message={STORES_MESSAGES.invalidStore} />;
  if (store.isPending) return <PageLoader label={t(STORES_MESSAGES.loadingStore)} />;
  if (store.isError) return <StoreMessage message={STORES_MESSAGES.storeFailed} />;

  const update = (changes: { sort?: StoreItemSort; page?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (changes.sort !== undefined) {
        if (changes.sort === DEFAULT_STORE_SORT) next.delete('sort');
        else next.set('sort', changes.sort);
        next.delete('page');
      }
      if (changes.page !== undefined) {
        if (changes.page <= 1) next.delete('page');
        else next.set('page', String(changes.page));
      }
      return next;
    });

  const onPageChange = (next: number) => {
    update({ page: next });
    gridTop.current?.scrollIntoView?.({ block: 'start' });
  };

  const total = items.data?.total ?? store.data.productCount;
  const pageCount = Math.ceil(total / PRODUCTS_PER_PAGE);

  return (
    <div className="store-detail">
      <StoreHeader store={store.data} />
      {/* The cards' names are h3s: this keeps the outline whole after the store's h1. */}
      <h2 className="visually-hidden">{t('Products')}</h2>

      <div className="store-detail__toolbar" ref={gridTop}>
        <p className="store-detail__count" aria-live="polite">
          {t('{count, plural, one {# Product} other {# Products}}', { count: total })}
        </p>
        <Form.Group controlId="store-sort" className="store-detail__sort">
          <Form.Label>{t('Sort by')}</Form.Label>
          <Form.Select
            value={sort}
            onChange={(event) => update({ sort: readSort(event.target.value) })}
          >
            {STORE_ITEM_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(STORE_SORT_LABELS[value])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>

      {items.isPending ? (
        <PageLoader label={t(STORES_MESSAGES.loadingProducts)} />
      ) : items.isError ? (
        <StoreMessage message={STORES_MESSAGES.productsFailed} />
      ) : items.data.items.length === 0 ? (
        <p className="empty-state">{t(STORES_MESSAGES.noProducts)}</p>
      ) : (
        <>
          <ul
            className="store-detail__grid"
            aria-label={t('{store} products', { store: store.data.name })}
            aria-busy={items.isPlaceholderData || undefined}
          >
            {items.data.items.map((item, index) => (
              <li key={item.id}>
                <ProductCard item={item} imagePriority={index < 4 ? 'eager' : 'lazy'} />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageCount={pageCount}
            onPageChange={onPageChange}
            label={t('{store} product pages', { store: store.data.name })}
          />
        </>
      )}
    </div>
  );
}

function StoreHeader({ store }: { store: StorePublic }) {
  const { t } = useI18n();
  return (
    <>
      {store.banner ? (
        // Decorative: the store's name is the heading just below.
        <img className="store-detail__banner" src={store.banner} alt="" fetchPriority="high" />
      ) : null}
      <header className="store-detail__header">
        <StoreThumbnail
          name={store.name}
          thumbnail={store.thumbnail}
          className="store-detail__thumbnail"
          priority="high"
        />
        <div className="store-detail__intro">
          <p className="eyebrow">{cityInCapitals(store.city, t)}</p>
          <h1 className="page-title">{store.name}</h1>
          <p className="store-detail__description">
            {store.description.trim() || t(DEFAULT_STORE_DESCRIPTION)}
          </p>
          {store.shippingNotes || store.returnNotes ? (
            <dl className="store-detail__notes">
              {store.shippingNotes ? (
                <div>
                  <dt>{t('Shipping')}</dt>
                  <dd>{store.shippingNotes}</dd>
                </div>
              ) : null}
              {store.returnNotes ? (
                <div>
                  <dt>{t('Returns')}</dt>
                  <dd>{store.returnNotes}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </div>
      </header>
    </>
  );
}
