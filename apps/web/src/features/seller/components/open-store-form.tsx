import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_CITY,
  ALLOWED_IMAGE_TYPES,
  CITIES,
  CITY_LABELS,
  FRENCH_CONTENT_MESSAGES,
  STORE_MESSAGES,
  msg,
  storeInputSchema,
  type StoreInput,
} from '@marketplace/shared';
import { useState, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/ui/text-field';
import { useSelectedCity } from '../../../hooks/use-selected-city';
import { useI18n } from '../../../i18n/i18n-context';
import { ApiError } from '../../../lib/api-client';
import { thumbnailProblem } from '../../../lib/image-problem';
import { useOpenStore } from '../api/open-store';

export const OPEN_STORE_FAILED = msg('Could not open your store. Please try again.');
const STORE_OPENED = msg('"{name}" is open. Welcome to the marketplace!');
export const storeOpenedMessage = (name: string) => STORE_OPENED.replace('{name}', name);
/** STORE_APPROVAL=required: the store waits for an operator (issue 39.4). */
const STORE_UNDER_REVIEW = msg(
  '"{name}" is under review. Shoppers will see it once an operator approves it; we will email you the decision.',
);
export const storeUnderReviewMessage = (name: string) => STORE_UNDER_REVIEW.replace('{name}', name);

const FORM_ERROR_ID = 'open-store-error';
const THUMBNAIL_ERROR_ID = 'open-store-thumbnail-error';
const ACCEPTED_IMAGES = ALLOWED_IMAGE_TYPES.join(',');

function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return OPEN_STORE_FAILED;
}

/** The 'Open your store' form: a signed-in user without a store becomes a seller here. */
export function OpenStoreForm() {
  const navigate = useNavigate();
  const { t } = useI18n();
  const [selectedCity] = useSelectedCity();
  const openStore = useOpenStore();
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StoreInput, unknown, StoreInput>({
    resolver: zodResolver(storeInputSchema),
    defaultValues: {
      name: '',
      description: '',
      descriptionFr: '',
      city: selectedCity ?? DEFAULT_CITY,
    },
  });

  const onThumbnailChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setThumbnail(file);
    setThumbnailError(thumbnailProblem(file));
  };

  const onValid = (values: StoreInput) => {
    const problem = thumbnailProblem(thumbnail);
    if (problem) {
      setThumbnailError(problem);
      toast.error(t(problem));
      return;
    }
    setFormError(null);
    openStore.mutate(
      { ...values, thumbnail },
      {
        onSuccess: (store) => {
          if (store.status === 'PENDING') toast.info(t(STORE_UNDER_REVIEW, { name: store.name }));
          else toast.success(t(STORE_OPENED, { name: store.name }));
          void navigate('/admin');
        },
        onError: (error) => {
          const english = errorMessage(error);
          const message = t(english);
          setFormError(message);
          if (
            english === STORE_MESSAGES.nameTaken ||
            english === STORE_MESSAGES.nameLooksTaken ||
            message === t(STORE_MESSAGES.nameTaken) ||
            message === t(STORE_MESSAGES.nameLooksTaken)
          )
            setError('name', { message });
          toast.error(message);
        },
      },
    );
  };

  const nameError = errors.name?.message && t(errors.name.message);

  return (
    <Form
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-label={t('Open your store')}
      className="open-store-form"
    >
      <fieldset disabled={openStore.isPending}>
        <TextField
          id="store-name"
          label={t('Store name')}
          autoComplete="organization"
          maxLength={60}
          registration={register('name')}
          // A 409 'name taken' is already in the form's alert: mark the field, say it once.
          error={nameError === formError ? undefined : nameError}
          invalid={Boolean(nameError)}
          describedBy={nameError === formError && formError ? FORM_ERROR_ID : undefined}
        />
        <Form.Group className="mb-3" controlId="store-description">
          <Form.Label>{t('Description')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={1000}
            placeholder={t('What makes your brand yours: materials, makers, neighbourhood.')}
            {...register('description')}
            isInvalid={Boolean(errors.description)}
            aria-invalid={Boolean(errors.description) || undefined}
          />
          {errors.description ? (
            <Form.Control.Feedback type="invalid">
              {t(errors.description.message ?? '')}
            </Form.Control.Feedback>
          ) : null}
        </Form.Group>
        {/* Issue 19: the brand's own French, shown to shoppers reading in French. */}
        <TextField
          id="store-description-fr"
          label={t(FRENCH_CONTENT_MESSAGES.descriptionLabel)}
          rows={3}
          maxLength={1000}
          lang="fr-CA"
          registration={register('descriptionFr')}
          error={errors.descriptionFr?.message && t(errors.descriptionFr.message)}
          describedBy="store-description-fr-help"
          className="mb-1"
        />
        <Form.Text id="store-description-fr-help" className="d-block mb-3">
          {t(FRENCH_CONTENT_MESSAGES.hint)}
        </Form.Text>
        <Form.Group className="mb-3" controlId="store-city">
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
            <Form.Control.Feedback type="invalid">
              {t(errors.city.message ?? '')}
            </Form.Control.Feedback>
          ) : null}
        </Form.Group>
        <Form.Group className="mb-3" controlId="store-thumbnail">
          <Form.Label>{t('Store image (optional)')}</Form.Label>
          <Form.Control
            type="file"
            accept={ACCEPTED_IMAGES}
            onChange={onThumbnailChange}
            isInvalid={Boolean(thumbnailError)}
            aria-invalid={Boolean(thumbnailError) || undefined}
            aria-describedby={thumbnailError ? THUMBNAIL_ERROR_ID : undefined}
          />
          {thumbnailError ? (
            <Form.Control.Feedback type="invalid" id={THUMBNAIL_ERROR_ID}>
              {t(thumbnailError)}
            </Form.Control.Feedback>
          ) : (
            <Form.Text>
              {t('JPG, PNG, WEBP or GIF. Shown on your store page and in Brands.')}
            </Form.Text>
          )}
        </Form.Group>
        {formError ? (
          <Alert variant="danger" id={FORM_ERROR_ID} className="py-2" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Button type="submit" variant="primary" className="w-100">
          {openStore.isPending ? t('Opening your store…') : t('Open your store')}
        </Button>
      </fieldset>
    </Form>
  );
}
