import { zodResolver } from '@hookform/resolvers/zod';
import {
  LOGIN_INPUT_MAX_LENGTH,
  LOGIN_REQUIRED_MESSAGE,
  MESSAGES,
  loginSchema,
  type LoginInput,
} from '@marketplace/shared';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  NEXT_PARAM,
  SESSION_ENDED,
  SESSION_PARAM,
  SIGNUP_PATH,
  afterLogin,
  authUrl,
  signedUpUserName,
} from '../../../lib/login-return';
import { toast } from '../../../lib/toast';
import { FormErrorAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { decodeTokenPayload, hasThreeParts, setSession } from '../../../lib/session';
import { useI18n } from '../../../i18n/i18n-context';
import { useLoginUser } from '../api/login-user';
import { AuthForm } from './auth-form';
import { loginErrorMessage } from '../utils/error-messages';

const FORM_ERROR_ID = 'login-form-error';

export function LoginForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const newUserName = signedUpUserName(useLocation().state, LOGIN_INPUT_MAX_LENGTH);
  const sessionEnded = search.get(SESSION_PARAM) === SESSION_ENDED;
  const login = useLoginUser();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { userName: newUserName ?? '', password: '' },
  });
  useEffect(() => {
    if (newUserName) setFocus('password');
  }, [newUserName, setFocus]);

  const fail = (message: string) => {
    setFormError(t(message));
    toast.error(t(message));
  };

  const onValid = (values: LoginInput) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: ({ accessToken }) => {
        if (typeof accessToken !== 'string' || !hasThreeParts(accessToken)) {
          fail(MESSAGES.malformedToken);
          return;
        }
        // The user may have typed an email: the token's subject is the real user name.
        const subject = decodeTokenPayload(accessToken)?.sub;
        setSession(accessToken, typeof subject === 'string' && subject ? subject : values.userName);
        toast.success(t(MESSAGES.loginSuccess));
        // Spec 2 goes home; issue 13: back to the page that sent the shopper here.
        void navigate(afterLogin(search), { replace: true });
      },
      onError: (error) => fail(loginErrorMessage(error)),
    });
  };

  const onInvalid = () => fail(LOGIN_REQUIRED_MESSAGE);
  const describedBy = formError ? FORM_ERROR_ID : undefined;

  return (
    <AuthForm
      label={t('Login')}
      onSubmit={handleSubmit(onValid, onInvalid)}
      pending={login.isPending}
      submitLabel={t('Login')}
      pendingLabel={t('Logging in…')}
      notice={
        sessionEnded && !formError ? (
          <Alert variant="info" className="py-2" role="status">
            {t(MESSAGES.sessionEnded)}
          </Alert>
        ) : null
      }
      alert={<FormErrorAlert message={formError} id={FORM_ERROR_ID} />}
      links={
        <>
          <Link to="/forgot-password">{t('Forgot your password?')}</Link>
          <span>
            {t('New here?')}{' '}
            <Link to={authUrl(SIGNUP_PATH, { next: search.get(NEXT_PARAM) })}>
              {t('Create an account')}
            </Link>
          </span>
        </>
      }
    >
      <TextField
        id="login-user-name"
        label={t('User name or email')}
        autoComplete="username"
        maxLength={LOGIN_INPUT_MAX_LENGTH}
        registration={register('userName')}
        invalid={Boolean(errors.userName)}
        describedBy={describedBy}
      />
      <PasswordField
        id="login-password"
        label={t('Password')}
        autoComplete="current-password"
        maxLength={LOGIN_INPUT_MAX_LENGTH}
        registration={register('password')}
        invalid={Boolean(errors.password)}
        describedBy={describedBy}
      />
    </AuthForm>
  );
}
