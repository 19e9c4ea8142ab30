import {
  FILTER_KEYS,
  FILTER_TITLES,
  filterValueLabel,
  type CatalogFilters,
  type FilterKey,
} from '../utils/catalog-search';
import { useI18n } from '../../../i18n/i18n-context';

interface ActiveFiltersProps {
  keyword: string;
  filters: CatalogFilters;
  onRemove: (key: FilterKey, value: string) => void;
  onClearKeyword: () => void;
}

/** What narrows the list, each removable on its own (the Category section hides once used). */
export function ActiveFilters({ keyword, filters, onRemove, onClearKeyword }: ActiveFiltersProps) {
  const { t } = useI18n();
  const chosen = FILTER_KEYS.flatMap((key) => filters[key].map((value) => ({ key, value })));
  if (!keyword && chosen.length === 0) return null;
  return (
    <ul className="active-filters" aria-label={t('Active filters')}>
      {keyword ? (
        <li>
          <button
            type="button"
            className="filter-chip"
            onClick={onClearKeyword}
            aria-label={t('Remove search: {keyword}', { keyword })}
          >
            {t('“{keyword}”', { keyword })} <span aria-hidden="true">×</span>
          </button>
        </li>
      ) : null}
      {chosen.map(({ key, value }) => {
        const label = t(filterValueLabel(key, value));
        return (
          <li key={`${key}:${value}`}>
            <button
              type="button"
              className="filter-chip"
              onClick={() => onRemove(key, value)}
              aria-label={t('Remove filter {filter}: {value}', {
                filter: t(FILTER_TITLES[key]),
                value: label,
              })}
            >
              {label} <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
