import { zodResolver } from '@hookform/resolvers/zod';
import {
  changePasswordFormSchema,
  msg,
  type ChangePasswordFormValues,
  type UserProfile,
} from '@marketplace/shared';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/ui/password-field';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../i18n/i18n-context';
import { useChangePassword } from '../api/change-password';
import { FormActions } from './form-actions';

export const PASSWORD_CHANGED = msg('Password changed. You were signed out everywhere else.');
const PASSWORD_CHANGE_FAILED = msg('Your password could not be changed. Please try again.');

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

interface ChangePasswordFormProps {
  profile: Pick<UserProfile, 'userName' | 'email'>;
  onDone: () => void;
}

export function ChangePasswordForm({ profile, onDone }: ChangePasswordFormProps) {
  const { t } = useI18n();
  const error = (message: string | undefined) => (message ? t(message) : undefined);
  const change = useChangePassword(profile.userName);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => changePasswordFormSchema({ userName: profile.userName, email: profile.email }),
    [profile.userName, profile.email],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onValid = ({ currentPassword, newPassword }: ChangePasswordFormValues) => {
    setFormError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(t(PASSWORD_CHANGED));
          onDone();
        },
        onError: (error) => {
          // The server's reasons (a wrong current password, a too common new one) go beside
          // their fields; anything else above the buttons.
          if (!showServerFieldErrors(error, FIELDS, setError)) {
            setFormError(
              t(
                error instanceof ApiError && error.status < 500
                  ? (error.serverMessage ?? PASSWORD_CHANGE_FAILED)
                  : PASSWORD_CHANGE_FAILED,
              ),
            );
          }
        },
      },
    );
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onValid)} aria-label={t('Change password')}>
      <fieldset disabled={change.isPending}>
        <PasswordField
          id="change-current-password"
          label={t('Current password')}
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={error(errors.currentPassword?.message)}
        />
        <PasswordField
          id="change-new-password"
          label={t('New password')}
          registration={register('newPassword')}
          error={error(errors.newPassword?.message)}
        />
        <PasswordField
          id="change-confirm-password"
          label={t('Confirm new password')}
          registration={register('confirmPassword')}
          error={error(errors.confirmPassword?.message)}
        />
        <FormActions
          formError={formError}
          pending={change.isPending}
          label={t('Change password')}
          onCancel={onDone}
        />
      </fieldset>
    </Form>
  );
}
