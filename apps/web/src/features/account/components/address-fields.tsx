import type { UpdateProfileInput } from '@marketplace/shared';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { CountrySelect, RegionSelect, countryCodeOf } from '../../../components/ui/address-selects';
import { TextField } from '../../../components/ui/text-field';
import { useI18n } from '../../../i18n/i18n-context';

interface AddressFieldsProps {
  index: number;
  count: number;
  control: Control<UpdateProfileInput>;
  register: UseFormRegister<UpdateProfileInput>;
  setValue: UseFormSetValue<UpdateProfileInput>;
  errors: FieldErrors<UpdateProfileInput>;
  onRemove: () => void;
}

/** One address of the profile form: the region list and the postal-code wording follow the country. */
export function AddressFields({
  index,
  count,
  control,
  register,
  setValue,
  errors,
  onRemove,
}: AddressFieldsProps) {
  const { t } = useI18n();
  const error = (message: string | undefined) => (message ? t(message) : undefined);
  const country = useWatch({ control, name: `addresses.${index}.country` });
  const isDefault = useWatch({ control, name: `addresses.${index}.defaultAddress` });
  const countryCode = countryCodeOf(country);
  const postalLabel = countryCode === 'CA' ? t('Postal code') : t('ZIP code');
  const fieldErrors = errors.addresses?.[index];
  const id = (field: string) => `address-${index}-${field}`;

  const makeDefault = () => {
    for (let i = 0; i < count; i += 1) {
      setValue(`addresses.${i}.defaultAddress`, i === index, { shouldDirty: true });
    }
  };

  return (
    <fieldset className="address-fieldset">
      <legend className="address-fieldset__legend">
        {t('Address {number}', { number: index + 1 })}
      </legend>
      <TextField
        id={id('street')}
        label={t('Street address')}
        autoComplete={`section-${index} address-line1`}
        registration={register(`addresses.${index}.streetAddress`)}
        error={error(fieldErrors?.streetAddress?.message)}
      />
      <TextField
        id={id('apartment')}
        label={t('Apartment, suite (optional)')}
        autoComplete={`section-${index} address-line2`}
        registration={register(`addresses.${index}.apartment`)}
        error={error(fieldErrors?.apartment?.message)}
      />
      <Row className="g-3">
        <Col md={6}>
          <TextField
            id={id('city')}
            label={t('City')}
            autoComplete={`section-${index} address-level2`}
            registration={register(`addresses.${index}.city`)}
            error={error(fieldErrors?.city?.message)}
            className=""
          />
        </Col>
        <Col md={6}>
          <CountrySelect
            id={id('country')}
            registration={register(`addresses.${index}.country`, {
              // A province is meaningless in another country: make the user choose again.
              onChange: () => setValue(`addresses.${index}.province`, '', { shouldDirty: true }),
            })}
            error={error(fieldErrors?.country?.message)}
          />
        </Col>
        <Col md={6}>
          <RegionSelect
            id={id('province')}
            countryCode={countryCode}
            registration={register(`addresses.${index}.province`)}
            error={error(fieldErrors?.province?.message)}
          />
        </Col>
        <Col md={6}>
          <TextField
            id={id('postal-code')}
            label={postalLabel}
            autoComplete={`section-${index} postal-code`}
            registration={register(`addresses.${index}.postalCode`)}
            error={error(fieldErrors?.postalCode?.message)}
            className=""
          />
        </Col>
      </Row>
      <div className="address-fieldset__footer">
        <Form.Check
          type="radio"
          name="defaultAddress"
          id={id('default')}
          label={t('Default address')}
          checked={Boolean(isDefault)}
          onChange={makeDefault}
        />
        <Button variant="link" className="text-danger p-0" onClick={onRemove}>
          {t('Remove address {number}', { number: index + 1 })}
        </Button>
      </div>
    </fieldset>
  );
}
