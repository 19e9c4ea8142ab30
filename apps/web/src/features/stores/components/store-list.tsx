import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSelectedCity } from '../../../hooks/use-selected-city';
import { useI18n } from '../../../i18n/i18n-context';
import { useStores } from '../api/get-stores';
import { STORES_MESSAGES } from '../messages';
import { ALL_CITIES, STORE_SCOPE_PARAM, showsAllCities } from '../utils/store-search';
import { StoreCard } from './store-card';
import '../stores.css';

/** Spec 2 "Stores list": the public brands of the shopper's city, or of every city. */
export function StoreList() {
  const { t } = useI18n();
  const [city] = useSelectedCity();
  const [params, setParams] = useSearchParams();
  // "All cities" chosen in the header (issue 39.6) shows every city's, with nothing to switch.
  const allCities = city === undefined || showsAllCities(params);
  const stores = useStores(allCities ? undefined : city);

  useEffect(() => {
    if (stores.isError) toast.error(t(STORES_MESSAGES.storesFailed), { toastId: 'stores-failed' });
  }, [stores.isError, t]);

  const showAll = (all: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (all) next.set(STORE_SCOPE_PARAM, ALL_CITIES);
        else next.delete(STORE_SCOPE_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="store-list" aria-labelledby="store-list-title">
      <header className="store-list__header">
        <div>
          <p className="eyebrow">{t('Independent & local')}</p>
          <h1 className="page-title" id="store-list-title">
            {t('Brands')}
          </h1>
          <p className="lead">
            {allCities
              ? t('Every independent label on the marketplace, from all our cities.')
              : t('The independent labels making clothes in {city}.', { city: titleCase(city!) })}
          </p>
        </div>
        {city === undefined ? null : (
          <div className="store-list__scope" role="group" aria-label={t('Show brands from')}>
            <button
              type="button"
              className="store-list__scope-button"
              aria-pressed={!allCities}
              onClick={() => showAll(false)}
            >
              {city}
            </button>
            <button
              type="button"
              className="store-list__scope-button"
              aria-pressed={allCities}
              onClick={() => showAll(true)}
            >
              {t('All cities')}
            </button>
          </div>
        )}
      </header>

      {stores.isPending ? (
        <PageLoader label={t(STORES_MESSAGES.loadingStores)} />
      ) : stores.isError ? (
        <p className="empty-state" role="alert">
          {t(STORES_MESSAGES.storesFailed)}
        </p>
      ) : stores.data.length === 0 ? (
        <p className="empty-state">{t(STORES_MESSAGES.noStores)}</p>
      ) : (
        <ul className="store-grid">
          {stores.data.map((store, index) => (
            <li key={store.id}>
              <StoreCard store={store} imagePriority={index < 3 ? 'eager' : 'lazy'} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function titleCase(value: string): string {
  return value.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
}
