import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signupFormSchema, type SignupFormValues } from '@marketplace/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_PATH, NEXT_PARAM, authUrl, type SignedUpState } from '../../../lib/login-return';
import { toast } from '../../../lib/toast';
import { NameFields } from '../../../components/ui/name-fields';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../i18n/i18n-context';
import { useRegisterUser } from '../api/register-user';
import { signupErrorMessage } from '../utils/error-messages';

const SIGNUP_FIELDS = [
  'firstName',
  'lastName',
  'userName',
  'email',
  'password',
  'confirmPassword',
] as const;
type SignupField = (typeof SIGNUP_FIELDS)[number];
const isSignupField = (key: string): key is SignupField =>
  (SIGNUP_FIELDS as readonly string[]).includes(key);

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
          const fieldErrors = Object.entries(
            (error instanceof ApiError && error.fieldErrors) || {},
          ).filter(([field]) => isSignupField(field));
          // A refusal that names a field is said beside it (and in the toast), not a third time
          // above the button; one that names none has only the form to sit in.
          if (fieldErrors.length === 0) setFormError(message);
          for (const [field, fieldMessage] of fieldErrors) {
            setError(field as SignupField, { type: 'server', message: fieldMessage });
          }
        },
      },
    );
  };

  return (
    <Form
      noValidate
      // Before the page is hydrated the browser would submit by itself: never with the password in the URL.
      method="post"
      onSubmit={handleSubmit(onValid)}
      aria-label={t('Create account')}
    >
      <fieldset disabled={registerUser.isPending}>
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
        <TextField
          id="signup-password"
          label={t('Password')}
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={error(errors.password?.message)}
        />
        <TextField
          id="signup-confirm-password"
          label={t('Confirm password')}
          type="password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={error(errors.confirmPassword?.message)}
        />
        {formError ? (
          <Alert variant="danger" className="py-2" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Button type="submit" variant="primary" className="w-100">
          {registerUser.isPending ? t('Creating account…') : t('Create Account')}
        </Button>
      </fieldset>
      <div className="auth-links">
        <span>
          {t('Already have an account?')} <Link to={loginPage}>{t('Log in')}</Link>
        </span>
      </div>
    </Form>
  );
}
