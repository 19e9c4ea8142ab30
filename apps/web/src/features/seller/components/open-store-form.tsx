import {
  DEFAULT_CITY,
  ALLOWED_IMAGE_TYPES,
  STORE_MESSAGES,
  msg,
  type StoreInput,
} from '@marketplace/shared';
import { useState, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/ui/form-alert';
import { StoreFields } from '../../../components/ui/store-fields';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useSelectedCity } from '../../../hooks/use-selected-city';
import { useI18n } from '../../../i18n/i18n-context';
import { ApiError } from '../../../lib/api-client';
import { thumbnailProblem } from '../../../lib/image-problem';
import { isStoreNameRefusal, useStoreForm } from '../../../lib/store-form';
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
  const { register, handleSubmit, errors, formError, clearFormError, refuse } = useStoreForm({
    name: '',
    description: '',
    descriptionFr: '',
    city: selectedCity ?? DEFAULT_CITY,
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
    clearFormError();
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
          refuse(
            message,
            isStoreNameRefusal(english) ||
              message === t(STORE_MESSAGES.nameTaken) ||
              message === t(STORE_MESSAGES.nameLooksTaken),
          );
        },
      },
    );
  };

  return (
    <Form
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-label={t('Open your store')}
      className="open-store-form"
    >
      <fieldset disabled={openStore.isPending}>
        <StoreFields
          idPrefix="store"
          register={register}
          errors={errors}
          formError={formError}
          formErrorId={FORM_ERROR_ID}
          nameAutoComplete="organization"
          description={
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
          }
        />
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
        <FormErrorAlert message={formError} id={FORM_ERROR_ID} />
        <SubmitButton
          pending={openStore.isPending}
          label={t('Open your store')}
          pendingLabel={t('Opening your store…')}
        />
      </fieldset>
    </Form>
  );
}
