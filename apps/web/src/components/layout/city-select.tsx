import { CITIES, cityInCapitals, type City } from '@marketplace/shared';
import { ALL_CITIES_CHOICE, useSelectedCity } from '../../hooks/use-selected-city';
import { useI18n } from '../../i18n/i18n-context';

/**
 * Spec 1's city selector; remembered, and read by the pages that filter by city. "All cities"
 * is a choice of its own (issue 39.6), kept the same way.
 */
export function CitySelect() {
  const { t } = useI18n();
  const [city, setCity] = useSelectedCity();
  return (
    <select
      aria-label={t('City')}
      value={city ?? ALL_CITIES_CHOICE}
      onChange={(event) =>
        setCity(event.target.value === ALL_CITIES_CHOICE ? undefined : (event.target.value as City))
      }
      className="city-select form-select form-select-sm"
    >
      {CITIES.map((option) => (
        <option key={option} value={option}>
          {cityInCapitals(option, t)}
        </option>
      ))}
      <option value={ALL_CITIES_CHOICE}>{t('ALL CITIES')}</option>
    </select>
  );
}
