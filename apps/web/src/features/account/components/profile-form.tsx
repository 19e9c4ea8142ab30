import { zodResolver } from '@hookform/resolvers/zod';
import {
  CURRENT_PASSWORD_REQUIRED,
  MAX_ADDRESSES,
  msg,
  updateProfileSchema,
  type UpdateProfileInput,
  type UserProfile,
} from '@marketplace/shared';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { NameFields } from '../../../components/ui/name-fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { useI18n } from '../../../i18n/i18n-context';
import { AddressFields } from './address-fields';
import { FormActions } from './form-actions';

export const PROFILE_UPDATED = msg('Profile updated');
const PROFILE_UPDATE_FAILED = msg('Your profile could not be saved. Please try again.');

/** Field names the server may report in fieldErrors (e.g. 409 'Email is already registered.'). */
const SERVER_FIELD =
  /^(firstName|lastName|email|currentPassword|addresses\.\d+\.(streetAddress|apartment|city|province|country|postalCode))$/;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The API's schema, plus: a new email needs the current password (the API refuses it otherwise). */
const profileFormSchema = (currentEmail: string) =>
  updateProfileSchema.refine(
    (values) => sameEmail(values.email, currentEmail) || Boolean(values.currentPassword),
    { message: CURRENT_PASSWORD_REQUIRED, path: ['currentPassword'] },
  );

function toFormValues(profile: UserProfile): UpdateProfileInput {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    currentPassword: '',
    addresses: profile.addresses.map((address) => ({
      ...address,
      apartment: address.apartment ?? '',
    })),
  };
}

interface ProfileFormProps {
  profile: UserProfile;
  onDone: () => void;
}

export function ProfileForm({ profile, onDone }: ProfileFormProps) {
  const { t } = useI18n();
  const error = (message: string | undefined) => (message ? t(message) : undefined);
  const update = useUpdateUserProfile(profile.userName);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<UpdateProfileInput, unknown, UpdateProfileInput>({
    resolver: zodResolver(useMemo(() => profileFormSchema(profile.email), [profile.email])),
    defaultValues: toFormValues(profile),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'addresses' });
  const emailChanged = !sameEmail(useWatch({ control, name: 'email' }), profile.email);

  const onValid = ({ currentPassword, ...values }: UpdateProfileInput) => {
    setFormError(null);
    // The password goes only with a new email, the one change that needs it.
    update.mutate(emailChanged ? { ...values, currentPassword } : values, {
      onSuccess: () => {
        toast.success(t(PROFILE_UPDATED));
        onDone();
      },
      onError: (error) => {
        const unmatched: string[] = [];
        if (error instanceof ApiError && error.fieldErrors) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (SERVER_FIELD.test(field))
              setError(field as Path<UpdateProfileInput>, { type: 'server', message });
            else unmatched.push(message);
          }
        }
        const message =
          error instanceof ApiError
            ? error.status >= 500
              ? PROFILE_UPDATE_FAILED
              : (error.serverMessage ?? PROFILE_UPDATE_FAILED)
            : error.message || PROFILE_UPDATE_FAILED;
        setFormError(
          [message, ...unmatched.filter((m) => m !== message)].map((m) => t(m)).join(' '),
        );
        toast.error(t(message));
      },
    });
  };

  const addAddress = () =>
    append({
      streetAddress: '',
      apartment: '',
      city: '',
      province: '',
      country: 'CA',
      postalCode: '',
      defaultAddress: fields.length === 0,
    });

  const listError = errors.addresses?.root?.message ?? errors.addresses?.message;

  return (
    <Form noValidate onSubmit={handleSubmit(onValid)} aria-label={t('Edit profile')}>
      <fieldset disabled={update.isPending}>
        <NameFields
          idPrefix="profile"
          className="g-3 mb-3"
          firstName={{
            registration: register('firstName'),
            error: error(errors.firstName?.message),
          }}
          lastName={{ registration: register('lastName'), error: error(errors.lastName?.message) }}
        />
        <TextField
          id="profile-email"
          label={t('Email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={error(errors.email?.message)}
        />
        {emailChanged ? (
          <>
            <TextField
              id="profile-current-password"
              label={t('Current password')}
              type="password"
              autoComplete="current-password"
              className="mb-1"
              registration={register('currentPassword')}
              error={error(errors.currentPassword?.message)}
              describedBy="profile-current-password-help"
            />
            <p id="profile-current-password-help" className="form-text mb-3">
              {t('A new email needs your password. We will also write to your current address.')}
            </p>
          </>
        ) : null}

        <h2 className="section-title mt-4">{t('Addresses')}</h2>
        {fields.length === 0 ? (
          <p className="text-secondary">{t('No saved addresses yet.')}</p>
        ) : null}
        {fields.map((field, index) => (
          <AddressFields
            key={field.id}
            index={index}
            count={fields.length}
            control={control}
            register={register}
            setValue={setValue}
            errors={errors}
            onRemove={() => remove(index)}
          />
        ))}
        {listError ? (
          <p className="text-danger small" role="alert">
            {t(listError)}
          </p>
        ) : null}
        {fields.length < MAX_ADDRESSES ? (
          <Button variant="outline-primary" size="sm" onClick={addAddress} className="mb-4">
            {t('Add address')}
          </Button>
        ) : null}

        <FormActions
          formError={formError}
          pending={update.isPending}
          label={t('Save changes')}
          onCancel={onDone}
        />
      </fieldset>
    </Form>
  );
}
