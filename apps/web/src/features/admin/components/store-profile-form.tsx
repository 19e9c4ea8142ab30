import {
  ALLOWED_IMAGE_TYPES,
  STORE_MESSAGES,
  STORE_NOTES_MAX,
  type StoreInput,
  type StoreOwnerView,
} from '@marketplace/shared';
import { useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormErrorAlert } from '../../../components/ui/form-alert';
import { StoreFields } from '../../../components/ui/store-fields';
import { TextField } from '../../../components/ui/text-field';
import { useI18n } from '../../../i18n/i18n-context';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { thumbnailProblem } from '../../../lib/image-problem';
import { isStoreNameRefusal, useStoreForm } from '../../../lib/store-form';
import { useSaveStoreProfile } from '../api/own-store';

const ACCEPTED_IMAGES = ALLOWED_IMAGE_TYPES.join(',');
const FORM_ERROR_ID = 'store-profile-error';

type ImageField = 'logo' | 'banner';

/**
 * Settings (issue 39.3): what the brand wrote when it opened the store, editable: the name
 * (within the look-alike rules, checked by the server), both descriptions, the city, the logo
 * and banner (checked by their bytes on the server) and its shipping and return notes.
 */
export function StoreProfileForm({ store }: { store: StoreOwnerView }) {
  const { t } = useI18n();
  const save = useSaveStoreProfile();
  const [images, setImages] = useState<Record<ImageField, File | null>>({
    logo: null,
    banner: null,
  });
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageField, string>>>({});
  const { register, handleSubmit, errors, formError, clearFormError, refuse } = useStoreForm({
    name: store.name,
    description: store.description,
    descriptionFr: store.descriptionFr ?? '',
    city: store.city,
    shippingNotes: store.shippingNotes,
    returnNotes: store.returnNotes,
  });

  const onImage = (field: ImageField) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setImages((current) => ({ ...current, [field]: file }));
    setImageErrors((current) => ({ ...current, [field]: thumbnailProblem(file) }));
  };

  const onValid = (values: StoreInput) => {
    const problem = thumbnailProblem(images.logo) ?? thumbnailProblem(images.banner);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    clearFormError();
    save.mutate(
      {
        name: values.name,
        description: values.description ?? '',
        descriptionFr: values.descriptionFr ?? '',
        city: values.city,
        shippingNotes: values.shippingNotes ?? '',
        returnNotes: values.returnNotes ?? '',
        ...images,
      },
      {
        onSuccess: () => toast.success(t(STORE_MESSAGES.profileSaved)),
        onError: (error) => {
          const english =
            error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : STORE_MESSAGES.saveFailed;
          refuse(t(english), isStoreNameRefusal(english));
        },
      },
    );
  };

  const fieldError = (name: keyof StoreInput) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };

  const imageField = (field: ImageField, label: string, help: string, current: string | null) => (
    <Form.Group className="mb-3" controlId={`store-profile-${field}`}>
      <Form.Label>{label}</Form.Label>
      {current ? (
        <img
          src={current}
          alt=""
          className={`store-profile-form__preview store-profile-form__preview--${field}`}
        />
      ) : null}
      <Form.Control
        type="file"
        accept={ACCEPTED_IMAGES}
        onChange={onImage(field)}
        isInvalid={Boolean(imageErrors[field])}
        aria-invalid={Boolean(imageErrors[field]) || undefined}
        aria-describedby={`store-profile-${field}-help`}
      />
      <Form.Text id={`store-profile-${field}-help`} className="d-block">
        {imageErrors[field] ? t(imageErrors[field]) : help}
      </Form.Text>
    </Form.Group>
  );

  return (
    <Form
      noValidate
      onSubmit={handleSubmit(onValid)}
      aria-label={t('Store profile')}
      className="store-profile-form"
    >
      <h2 className="section-title">{t('Store profile')}</h2>
      <fieldset disabled={save.isPending}>
        <StoreFields
          idPrefix="store-profile"
          register={register}
          errors={errors}
          formError={formError}
          formErrorId={FORM_ERROR_ID}
          description={
            <TextField
              id="store-profile-description"
              label={t('Description')}
              rows={3}
              maxLength={1000}
              registration={register('description')}
              error={fieldError('description')}
            />
          }
        />
        {imageField(
          'logo',
          t('Logo'),
          t('JPG, PNG, WEBP or GIF. Shown on your store page and in Brands.'),
          store.thumbnail,
        )}
        {imageField(
          'banner',
          t('Banner'),
          t('JPG, PNG, WEBP or GIF, wide. Shown across the top of your store page.'),
          store.banner,
        )}
        <TextField
          id="store-profile-shipping-notes"
          label={t('Shipping notes')}
          rows={3}
          maxLength={STORE_NOTES_MAX}
          registration={register('shippingNotes')}
          error={fieldError('shippingNotes')}
        />
        <TextField
          id="store-profile-return-notes"
          label={t('Return notes')}
          rows={3}
          maxLength={STORE_NOTES_MAX}
          registration={register('returnNotes')}
          error={fieldError('returnNotes')}
        />
        <FormErrorAlert message={formError} id={FORM_ERROR_ID} />
        <Button type="submit">{save.isPending ? t('Saving…') : t('Save profile')}</Button>
      </fieldset>
    </Form>
  );
}
