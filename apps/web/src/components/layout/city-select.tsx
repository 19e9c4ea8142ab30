import { CITIES, cityInCapitals, type City } from '@marketplace/shared';
import { useSelectedCity } from '../../hooks/use-selected-city';
import { useI18n } from '../../i18n/i18n-context';

/** Spec 1's city selector; remembered, and read by the pages that filter by city. */
export function CitySelect() {
  const { t } = useI18n();
  const [city, setCity] = useSelectedCity();
  return (
    <select
      aria-label={t('City')}
      value={city}
      onChange={(event) => setCity(event.target.value as City)}
      className="city-select form-select form-select-sm"
    >
      {CITIES.map((option) => (
        <option key={option} value={option}>
          {cityInCapitals(option, t)}
        </option>
      ))}
    </select>
  );
}
