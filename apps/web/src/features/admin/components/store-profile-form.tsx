import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALLOWED_IMAGE_TYPES,
  CITIES,
  CITY_LABELS,
  FRENCH_CONTENT_MESSAGES,
  STORE_MESSAGES,
  STORE_NOTES_MAX,
  storeInputSchema,
  type StoreInput,
  type StoreOwnerView,
} from '@marketplace/shared';
import { useState, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { useI18n } from '../../../i18n/i18n-context';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { thumbnailProblem } from '../../../lib/image-problem';
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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StoreInput, unknown, StoreInput>({
    resolver: zodResolver(storeInputSchema),
    defaultValues: {
      name: store.name,
      description: store.description,
      descriptionFr: store.descriptionFr ?? '',
      city: store.city,
      shippingNotes: store.shippingNotes,
      returnNotes: store.returnNotes,
    },
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
    setFormError(null);
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
          const message = t(english);
          setFormError(message);
          if (english === STORE_MESSAGES.nameTaken || english === STORE_MESSAGES.nameLooksTaken)
            setError('name', { message });
          toast.error(message);
        },
      },
    );
  };

  const fieldError = (name: keyof StoreInput) => {
    const message = errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const nameError = fieldError('name');

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
        <TextField
          id="store-profile-name"
          label={t('Store name')}
          maxLength={60}
          registration={register('name')}
          error={nameError === formError ? undefined : nameError}
          invalid={Boolean(nameError)}
          describedBy={nameError && nameError === formError ? FORM_ERROR_ID : undefined}
        />
        <TextField
          id="store-profile-description"
          label={t('Description')}
          rows={3}
          maxLength={1000}
          registration={register('description')}
          error={fieldError('description')}
        />
        <TextField
          id="store-profile-description-fr"
          label={t(FRENCH_CONTENT_MESSAGES.descriptionLabel)}
          rows={3}
          maxLength={1000}
          lang="fr-CA"
          registration={register('descriptionFr')}
          error={fieldError('descriptionFr')}
          describedBy="store-profile-description-fr-help"
          className="mb-1"
        />
        <Form.Text id="store-profile-description-fr-help" className="d-block mb-3">
          {t(FRENCH_CONTENT_MESSAGES.hint)}
        </Form.Text>
        <Form.Group className="mb-3" controlId="store-profile-city">
          <Form.Label>{t('City')}</Form.Label>
          <Form.Select {...register('city')} isInvalid={Boolean(errors.city)}>
            {CITIES.map((city) => (
              <option key={city} value={city}>
                {t(CITY_LABELS[city])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
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
        {formError ? (
          <Alert variant="danger" id={FORM_ERROR_ID} className="py-2" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Button type="submit">{save.isPending ? t('Saving…') : t('Save profile')}</Button>
      </fieldset>
    </Form>
  );
}
