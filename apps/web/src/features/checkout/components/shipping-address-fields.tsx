import { COUNTRIES, REGIONS_BY_COUNTRY, type CountryCode } from '@marketplace/shared';
import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n-context';
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

const isCountryCode = (value: unknown): value is CountryCode => value === 'CA' || value === 'US';

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
  const countryCode: CountryCode = isCountryCode(country) ? country : 'CA';
  const regionLabel = countryCode === 'CA' ? t('Province') : t('State');
  const postalLabel = countryCode === 'CA' ? t('Postal code') : t('ZIP code');
  const fieldErrors = errors.address;
  const provinceError = error(fieldErrors?.province?.message);
  const countryError = error(fieldErrors?.country?.message);

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
          <Form.Group controlId="checkout-country">
            <Form.Label>{t('Country')}</Form.Label>
            <Form.Select
              autoComplete="shipping country"
              {...register('address.country', {
                // A province means nothing in the other country: the shopper chooses again.
                onChange: () => setValue('address.province', '', { shouldDirty: true }),
              })}
              isInvalid={Boolean(countryError)}
              aria-describedby={countryError ? 'checkout-country-error' : undefined}
            >
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {t(c.name)}
                </option>
              ))}
            </Form.Select>
            {countryError ? (
              <Form.Control.Feedback type="invalid" id="checkout-country-error">
                {countryError}
              </Form.Control.Feedback>
            ) : null}
          </Form.Group>
        </Col>
        <Col sm={6}>
          <Form.Group controlId="checkout-province">
            <Form.Label>{regionLabel}</Form.Label>
            <Form.Select
              autoComplete="shipping address-level1"
              {...register('address.province')}
              isInvalid={Boolean(provinceError)}
              aria-describedby={provinceError ? 'checkout-province-error' : undefined}
            >
              <option value="">{t('Choose…')}</option>
              {REGIONS_BY_COUNTRY[countryCode].map((region) => (
                <option key={region.code} value={region.code}>
                  {t(region.name)}
                </option>
              ))}
            </Form.Select>
            {provinceError ? (
              <Form.Control.Feedback type="invalid" id="checkout-province-error">
                {provinceError}
              </Form.Control.Feedback>
            ) : null}
          </Form.Group>
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
