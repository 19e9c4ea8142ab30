import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { colorSwatch, type CatalogFacets, type FacetValue } from '@marketplace/shared';
import {
  compareFilterValues,
  FILTER_KEYS,
  FILTER_TITLES,
  filterValueLabel,
  type CatalogFilters,
  type FilterKey,
} from '../utils/catalog-search';
import { useI18n } from '../../../i18n/i18n-context';
import { FilterSection } from './filter-section';

export interface FilterPanelProps {
  filters: CatalogFilters;
  facets: CatalogFacets | undefined;
  facetsStatus: 'pending' | 'error' | 'success';
  openSections: ReadonlySet<FilterKey>;
  onToggleSection: (key: FilterKey) => void;
  onToggleValue: (key: FilterKey, value: string) => void;
  onReset: () => void;
  /** The sidebar names itself; inside the overlay the overlay's title does. */
  showHeading?: boolean;
}

/**
 * The values the data has (with counts), plus any chosen value the data no longer has, so a
 * filter that came in through a link can still be unticked. A value that would show nothing
 * (count 0) is not offered unless it is already chosen.
 */
function optionsFor(key: FilterKey, facets: CatalogFacets | undefined, selected: string[]) {
  const present: FacetValue[] = (facets?.[key] ?? []).filter(
    (option) => option.count > 0 || selected.includes(option.value),
  );
  const known = new Set(present.map((option) => option.value));
  const missing = selected
    .filter((value) => !known.has(value))
    .map((value) => ({ value, count: 0 }));
  return [...present, ...missing].sort((a, b) => compareFilterValues(key, a.value, b.value));
}

export function FilterPanel({
  filters,
  facets,
  facetsStatus,
  openSections,
  onToggleSection,
  onToggleValue,
  onReset,
  showHeading = true,
}: FilterPanelProps) {
  const { t } = useI18n();
  const idPrefix = useId();

  return (
    <div className="filter-panel">
      <div className="filter-panel__head">
        {showHeading ? <h2 className="section-title filter-panel__title">{t('Filters')}</h2> : null}
        <Button variant="link" size="sm" className="filter-panel__reset" onClick={onReset}>
          {t('Reset Filter')}
        </Button>
      </div>
      {facetsStatus === 'error' ? (
        <p className="filter-panel__note" role="alert">
          {t('Filter options could not be loaded.')}
        </p>
      ) : null}
      {/* Categories add up (issue 13): the section stays, so Men and Women can both be ticked. */}
      {FILTER_KEYS.map((key) => {
        const options = optionsFor(key, facets, filters[key]);
        return (
          <FilterSection
            key={key}
            title={t(FILTER_TITLES[key])}
            open={openSections.has(key)}
            onToggle={() => onToggleSection(key)}
          >
            <fieldset className="filter-options">
              <legend className="visually-hidden">{t(FILTER_TITLES[key])}</legend>
              {options.length === 0 && facetsStatus === 'pending' ? (
                <p className="filter-panel__pending">{t('Loading options…')}</p>
              ) : options.length === 0 ? (
                <p className="filter-panel__note">{t('No options for this search.')}</p>
              ) : (
                options.map((option, index) => (
                  <Form.Check
                    key={option.value}
                    id={`${idPrefix}-${key}-${index}`}
                    className="filter-option"
                    checked={filters[key].includes(option.value)}
                    onChange={() => onToggleValue(key, option.value)}
                    label={
                      <>
                        {key === 'color' && (
                          <span
                            className="filter-option__swatch"
                            style={{ background: colorSwatch(option.value) ?? option.value }}
                            aria-hidden="true"
                          />
                        )}
                        <span>{t(filterValueLabel(key, option.value))}</span>{' '}
                        <span className="filter-option__count">({option.count})</span>
                      </>
                    }
                  />
                ))
              )}
            </fieldset>
          </FilterSection>
        );
      })}
    </div>
  );
}
