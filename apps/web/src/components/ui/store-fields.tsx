import { CITIES, CITY_LABELS, FRENCH_CONTENT_MESSAGES, type StoreInput } from '@marketplace/shared';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context';
import { TextField } from './text-field';

/**
 * What a brand says about its store, as opening the store and the store's settings ask for it:
 * its name, its description (the form's own, passed in), the French description and the city.
 * `idPrefix` keeps the two forms' ids apart.
 */
export function StoreFields({
  idPrefix,
  register,
  errors,
  formError,
  formErrorId,
  nameAutoComplete,
  description,
}: {
  idPrefix: string;
  register: UseFormRegister<StoreInput>;
  errors: FieldErrors<StoreInput>;
  /** The form's alert: a refused name said there is not said again under the field. */
  formError: string | null;
  formErrorId: string;
  nameAutoComplete?: string;
  description: ReactNode;
}) {
  const { t } = useI18n();
  const fieldError = (name: keyof StoreInput) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const nameError = fieldError('name');
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={t('Store name')}
        autoComplete={nameAutoComplete}
        maxLength={60}
        registration={register('name')}
        // A 409 'name taken' is already in the form's alert: mark the field, say it once.
        error={nameError === formError ? undefined : nameError}
        invalid={Boolean(nameError)}
        describedBy={nameError && nameError === formError ? formErrorId : undefined}
      />
      {description}
      {/* Issue 19: the brand's own French, shown to shoppers reading in French. */}
      <TextField
        id={`${idPrefix}-description-fr`}
        label={t(FRENCH_CONTENT_MESSAGES.descriptionLabel)}
        rows={3}
        maxLength={1000}
        lang="fr-CA"
        registration={register('descriptionFr')}
        error={fieldError('descriptionFr')}
        describedBy={`${idPrefix}-description-fr-help`}
        className="mb-1"
      />
      <Form.Text id={`${idPrefix}-description-fr-help`} className="d-block mb-3">
        {t(FRENCH_CONTENT_MESSAGES.hint)}
      </Form.Text>
      <Form.Group className="mb-3" controlId={`${idPrefix}-city`}>
        <Form.Label>{t('City')}</Form.Label>
        <Form.Select
          {...register('city')}
          isInvalid={Boolean(errors.city)}
          aria-invalid={Boolean(errors.city) || undefined}
        >
          {CITIES.map((city) => (
            <option key={city} value={city}>
              {t(CITY_LABELS[city])}
            </option>
          ))}
        </Form.Select>
        {errors.city ? (
          <Form.Control.Feedback type="invalid">{fieldError('city')}</Form.Control.Feedback>
        ) : null}
      </Form.Group>
    </>
  );
}
