import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORGOT_PASSWORD_SENT,
  forgotPasswordSchema,
  msg,
  type ForgotPasswordInput,
} from '@marketplace/shared';
import Alert from 'react-bootstrap/Alert';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useI18n } from '../../../i18n/i18n-context';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthForm } from './auth-form';
import { genericErrorMessage } from '../utils/error-messages';

const REQUEST_FAILED = msg('We could not send the reset link. Please try again.');

export function ForgotPasswordForm() {
  const { t } = useI18n();
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  // The same confirmation whether or not an account uses the email: nothing is revealed.
  if (requestReset.isSuccess) {
    return (
      <div>
        <Alert variant="success" role="status">
          {t(FORGOT_PASSWORD_SENT)}
        </Alert>
        <Link to="/login">{t('Back to login')}</Link>
      </div>
    );
  }

  return (
    <AuthForm
      label={t('Reset password request')}
      onSubmit={handleSubmit((values) => requestReset.mutate(values))}
      pending={requestReset.isPending}
      submitLabel={t('Send reset link')}
      pendingLabel={t('Sending…')}
      alert={
        <FormErrorAlert
          message={
            requestReset.isError ? t(genericErrorMessage(requestReset.error, REQUEST_FAILED)) : null
          }
        />
      }
      links={<Link to="/login">{t('Back to login')}</Link>}
    >
      <TextField
        id="forgot-email"
        label={t('Email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message && t(errors.email.message)}
      />
    </AuthForm>
  );
}
