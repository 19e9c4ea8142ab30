import { COUNTRIES, REGIONS_BY_COUNTRY, type CountryCode } from '@marketplace/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context';
import { SelectField } from './select-field';

/** The country an address form's value names; Canada until it names one. */
export const countryCodeOf = (value: unknown): CountryCode => (value === 'US' ? 'US' : 'CA');

interface SelectBinding {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  autoComplete?: string;
}

/** An address's country, as the profile and the checkout ask for it. */
export function CountrySelect(props: SelectBinding) {
  const { t } = useI18n();
  return (
    <SelectField label={t('Country')} {...props}>
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {t(c.name)}
        </option>
      ))}
    </SelectField>
  );
}

/** An address's province or state: the list and its label follow the country. */
export function RegionSelect({
  countryCode,
  ...props
}: SelectBinding & { countryCode: CountryCode }) {
  const { t } = useI18n();
  return (
    <SelectField label={countryCode === 'CA' ? t('Province') : t('State')} {...props}>
      <option value="">{t('Choose…')}</option>
      {REGIONS_BY_COUNTRY[countryCode].map((region) => (
        <option key={region.code} value={region.code}>
          {t(region.name)}
        </option>
      ))}
    </SelectField>
  );
}
