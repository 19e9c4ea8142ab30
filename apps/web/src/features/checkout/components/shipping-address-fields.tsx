import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n-context';
import Col from 'react-bootstrap/Col';
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
import type { CheckoutFormInput } from '../utils/checkout-form';

interface ShippingAddressFieldsProps {
  control: Control<CheckoutFormInput>;
  register: UseFormRegister<CheckoutFormInput>;
  setValue: UseFormSetValue<CheckoutFormInput>;
  errors: FieldErrors<CheckoutFormInput>;
  disabled: boolean;
  /** Shown under the fields, inside the section (the checkout's "Save this address"). */
  children?: ReactNode;
}

/** Where the order ships: the region list and the postal-code wording follow the country. */
export function ShippingAddressFields({
  control,
  register,
  setValue,
  errors,
  disabled,
  children,
}: ShippingAddressFieldsProps) {
  const { t } = useI18n();
  const error = (message: string | undefined) => (message ? t(message) : undefined);
  const country = useWatch({ control, name: 'address.country' });
  const countryCode = countryCodeOf(country);
  const postalLabel = countryCode === 'CA' ? t('Postal code') : t('ZIP code');
  const fieldErrors = errors.address;

  return (
    <fieldset className="checkout-section" disabled={disabled}>
      <legend className="section-title checkout-section__title">{t('Shipping address')}</legend>
      <TextField
        id="checkout-full-name"
        label={t('Full name')}
        autoComplete="shipping name"
        registration={register('address.fullName')}
        error={error(fieldErrors?.fullName?.message)}
      />
      <TextField
        id="checkout-street"
        label={t('Street address')}
        autoComplete="shipping address-line1"
        registration={register('address.streetAddress')}
        error={error(fieldErrors?.streetAddress?.message)}
      />
      <TextField
        id="checkout-apartment"
        label={t('Apartment, suite (optional)')}
        autoComplete="shipping address-line2"
        registration={register('address.apartment')}
        error={error(fieldErrors?.apartment?.message)}
      />
      <Row className="g-3">
        <Col sm={6}>
          <TextField
            id="checkout-city"
            label={t('City')}
            autoComplete="shipping address-level2"
            registration={register('address.city')}
            error={error(fieldErrors?.city?.message)}
            className=""
          />
        </Col>
        <Col sm={6}>
          <CountrySelect
            id="checkout-country"
            autoComplete="shipping country"
            registration={register('address.country', {
              // A province means nothing in the other country: the shopper chooses again.
              onChange: () => setValue('address.province', '', { shouldDirty: true }),
            })}
            error={error(fieldErrors?.country?.message)}
          />
        </Col>
        <Col sm={6}>
          <RegionSelect
            id="checkout-province"
            autoComplete="shipping address-level1"
            countryCode={countryCode}
            registration={register('address.province')}
            error={error(fieldErrors?.province?.message)}
          />
        </Col>
        <Col sm={6}>
          <TextField
            id="checkout-postal-code"
            label={postalLabel}
            autoComplete="shipping postal-code"
            registration={register('address.postalCode')}
            error={error(fieldErrors?.postalCode?.message)}
            className=""
          />
        </Col>
      </Row>
      {children}
    </fieldset>
  );
}
