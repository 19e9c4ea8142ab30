import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signupFormSchema, type SignupFormValues } from '@marketplace/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, NEXT_PARAM, authUrl, type SignedUpState } from '../../../lib/login-return';
import { toast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/ui/form-alert';
import { NameFields } from '../../../components/ui/name-fields';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useI18n } from '../../../i18n/i18n-context';
import { useRegisterUser } from '../api/register-user';
import { AuthForm } from './auth-form';
import { signupErrorMessage } from '../utils/error-messages';

const SIGNUP_FIELDS = [
  'firstName',
  'lastName',
  'userName',
  'email',
  'password',
  'confirmPassword',
] as const;

export function SignupForm() {
  const { t } = useI18n();
  const error = (message: string | undefined) => (message ? t(message) : undefined);
  const navigate = useNavigate();
  // Issue 13: a shopper sent to log in who signs up first still comes back to their page.
  const [search] = useSearchParams();
  const loginPage = authUrl(LOGIN_PATH, { next: search.get(NEXT_PARAM) });
  const registerUser = useRegisterUser();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      userName: '',
      email: '',
      password: '',
      confirmPassword: '',
    } satisfies SignupFormValues,
  });

  const onValid = ({ firstName, lastName, userName, email, password }: SignupFormValues) => {
    setFormError(null);
    registerUser.mutate(
      { password, userDto: { firstName, lastName, userName, email, addresses: [] } },
      {
        onSuccess: () => {
          toast.success(t(MESSAGES.signupSuccess));
          // Spec: then /login; issue 39.9: with the new user name filled in, so only the
          // password is left to type.
          const state: SignedUpState = { signedUpUserName: userName };
          void navigate(loginPage, { state });
        },
        onError: (error) => {
          const message = t(signupErrorMessage(error));
          toast.error(message);
          // A refusal that names a field is said beside it (and in the toast), not a third time
          // above the button; one that names none has only the form to sit in.
          if (!showServerFieldErrors(error, SIGNUP_FIELDS, setError)) setFormError(message);
        },
      },
    );
  };

  return (
    <AuthForm
      label={t('Create account')}
      onSubmit={handleSubmit(onValid)}
      pending={registerUser.isPending}
      submitLabel={t('Create Account')}
      pendingLabel={t('Creating account…')}
      alert={<FormErrorAlert message={formError} />}
      links={
        <span>
          {t('Already have an account?')} <Link to={loginPage}>{t('Log in')}</Link>
        </span>
      }
    >
      <NameFields
        idPrefix="signup"
        firstName={{
          registration: register('firstName'),
          error: error(errors.firstName?.message),
        }}
        lastName={{ registration: register('lastName'), error: error(errors.lastName?.message) }}
      />
      <TextField
        id="signup-user-name"
        label={t('User name')}
        autoComplete="username"
        className="mt-3 mb-3"
        registration={register('userName')}
        error={error(errors.userName?.message)}
      />
      <TextField
        id="signup-email"
        label={t('Email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={error(errors.email?.message)}
      />
      <PasswordField
        id="signup-password"
        label={t('Password')}
        registration={register('password')}
        error={error(errors.password?.message)}
      />
      <PasswordField
        id="signup-confirm-password"
        label={t('Confirm password')}
        registration={register('confirmPassword')}
        error={error(errors.confirmPassword?.message)}
      />
    </AuthForm>
  );
}
