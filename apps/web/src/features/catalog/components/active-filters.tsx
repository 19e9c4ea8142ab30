import {
  FILTER_KEYS,
  FILTER_TITLES,
  filterValueLabel,
  type CatalogFilters,
  type FilterKey,
} from '../utils/catalog-search';

interface ActiveFiltersProps {
  keyword: string;
  filters: CatalogFilters;
  onRemove: (key: FilterKey, value: string) => void;
  onClearKeyword: () => void;
}

/** What narrows the list, each removable on its own (the Category section hides once used). */
export function ActiveFilters({ keyword, filters, onRemove, onClearKeyword }: ActiveFiltersProps) {
  const chosen = FILTER_KEYS.flatMap((key) => filters[key].map((value) => ({ key, value })));
  if (!keyword && chosen.length === 0) return null;
  return (
    <ul className="active-filters" aria-label="Active filters">
      {keyword ? (
        <li>
          <button
            type="button"
            className="filter-chip"
            onClick={onClearKeyword}
            aria-label={`Remove search: ${keyword}`}
          >
            “{keyword}” <span aria-hidden="true">×</span>
          </button>
        </li>
      ) : null}
      {chosen.map(({ key, value }) => {
        const label = filterValueLabel(key, value);
        return (
          <li key={`${key}:${value}`}>
            <button
              type="button"
              className="filter-chip"
              onClick={() => onRemove(key, value)}
              aria-label={`Remove filter ${FILTER_TITLES[key]}: ${label}`}
            >
              {label} <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
