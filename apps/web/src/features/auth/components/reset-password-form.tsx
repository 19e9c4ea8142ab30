import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESET_LINK_INVALID,
  msg,
  resetPasswordFormSchema,
  type ResetPasswordFormValues,
} from '@marketplace/shared';
import Alert from 'react-bootstrap/Alert';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../i18n/i18n-context';
import { useResetPassword } from '../api/reset-password';
import { AuthForm } from './auth-form';
import { genericErrorMessage } from '../utils/error-messages';

export const PASSWORD_RESET_DONE = msg('Your password has been reset. Please log in.');

function InvalidLink({ message = RESET_LINK_INVALID }: { message?: string }) {
  const { t } = useI18n();
  return (
    <Alert variant="danger" role="alert">
      <p className="mb-2">{t(message)}</p>
      <Link to="/forgot-password" className="alert-link">
        {t('Request a new reset link')}
      </Link>
    </Alert>
  );
}

function passwordRefusal(error: unknown): string | undefined {
  return error instanceof ApiError ? error.fieldErrors?.password : undefined;
}

export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token) return <InvalidLink />;

  const onValid = ({ password }: ResetPasswordFormValues) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success(t(PASSWORD_RESET_DONE));
          void navigate('/login');
        },
        onError: (error) => {
          const message = passwordRefusal(error);
          if (message) setError('password', { type: 'server', message });
        },
      },
    );
  };

  // A refused password (too common, say) is said beside the field: the link still works.
  const passwordRefused = passwordRefusal(reset.error) !== undefined;
  const linkRejected =
    reset.error instanceof ApiError && reset.error.status === 400 && !passwordRefused;

  return (
    <AuthForm
      label={t('Choose a new password')}
      onSubmit={handleSubmit(onValid)}
      pending={reset.isPending}
      submitLabel={t('Set new password')}
      pendingLabel={t('Saving…')}
      alert={
        linkRejected ? (
          <InvalidLink message={genericErrorMessage(reset.error, RESET_LINK_INVALID)} />
        ) : reset.isError && !passwordRefused ? (
          <FormErrorAlert message={t(genericErrorMessage(reset.error, RESET_LINK_INVALID))} />
        ) : null
      }
    >
      <PasswordField
        id="reset-password"
        label={t('New password')}
        registration={register('password')}
        error={errors.password?.message && t(errors.password.message)}
      />
      <PasswordField
        id="reset-confirm-password"
        label={t('Confirm new password')}
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message && t(errors.confirmPassword.message)}
      />
    </AuthForm>
  );
}
