import { z } from 'zod';
import { msg } from '../i18n/msg';
import { addressListSchema, emailSchema, personNameSchema } from './users';

export const RESET_LINK_INVALID = msg('This reset link is invalid or has expired.');

/** Spec 5: both login inputs have a maximum length of 40. */
export const LOGIN_INPUT_MAX_LENGTH = 40;
export const LOGIN_REQUIRED_MESSAGE = msg('Please enter both username/email and password');
export const PASSWORDS_DO_NOT_MATCH = msg('Passwords do not match');
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USER_NAME_MAX_LENGTH = 40;

/** The server refuses a password found in its list of commonly used ones (sign-up, reset, change). */
export const PASSWORD_TOO_COMMON = msg('This password is too common.');
export const PASSWORD_ONE_CHARACTER = msg('Your password must not be one character repeated.');
export const PASSWORD_PUBLIC = msg(
  'This password is the demo accounts’ password, which anyone can read. Please choose another.',
);

/**
 * The demo accounts' password (the README prints it): an account of one's own with it is
 * anyone's. The demo seed gives it to the demo accounts through the API's services, never
 * through a form or a request, so no one else can choose it, in demo mode or not.
 */
export const DEMO_ACCOUNTS_PASSWORD = 'Password123!';

/**
 * The most common passwords of 8 characters or more, in lower case: the forms refuse them at
 * once. The API checks its much longer list as well (apps/api's common-passwords.txt), which
 * would weigh too much in the web app.
 */
const MOST_COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '87654321',
  '12341234',
  '11223344',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  '1q2w3e4r',
  '1qaz2wsx',
  'asdfghjk',
  'asdfghjkl',
  'zxcvbnm1',
  'abc12345',
  'abcd1234',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'letmein1',
  'trustno1',
  'admin123',
  'superman',
  'starwars',
  'whatever',
  'computer',
  'michelle',
  'jennifer',
  'corvette',
  'mercedes',
  'liverpool',
  'chocolate',
]);
export const PASSWORD_MENTIONS_IDENTITY = msg(
  'Your password must not contain your user name or email.',
);
export const CURRENT_PASSWORD_REQUIRED = msg('Please enter your current password.');
export const CURRENT_PASSWORD_INCORRECT = msg('Your current password is incorrect.');
export const EMAIL_CHANGE_LINK_INVALID = msg('This link is invalid or has expired.');
export const EMAIL_CHANGE_REVERTED = msg(
  'Your email address has been changed back and every session of your account has ended. We have mailed it a link to choose a new password: do so now, since whoever changed your email may know your current one.',
);

/**
 * True when the password is the user name, the email or the email's local part, give or take
 * case, digits and symbols ("Ada_Lovelace1!" for ada_lovelace): the first things a guesser tries.
 * Parts shorter than 3 characters are not looked for (an email like a@x.example).
 */
export function passwordMentionsIdentity(
  password: string,
  identity: { userName?: string | undefined; email?: string | undefined },
): boolean {
  const typed = password.toLowerCase();
  const email = identity.email?.trim().toLowerCase() ?? '';
  const parts = [identity.userName?.trim().toLowerCase() ?? '', email, email.split('@')[0] ?? ''];
  return parts.some(
    (part) =>
      part.length >= 3 && typed.includes(part) && !/\p{L}/u.test(typed.split(part).join('')),
  );
}

export const loginSchema = z
  .object({
    userName: z.string().trim().min(1, LOGIN_REQUIRED_MESSAGE).max(254),
    password: z.string().min(1, LOGIN_REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type LoginInput = z.infer<typeof loginSchema>;

export const loginResponseSchema = z.object({ accessToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Why a new password is refused whoever chooses it (undefined: it may be used). */
export function passwordWeakness(password: string): string | undefined {
  const lower = password.toLowerCase();
  if ([...password].every((character) => character === password[0])) return PASSWORD_ONE_CHARACTER;
  if (lower === DEMO_ACCOUNTS_PASSWORD.toLowerCase()) return PASSWORD_PUBLIC;
  if (MOST_COMMON_PASSWORDS.has(lower)) return PASSWORD_TOO_COMMON;
  return undefined;
}

/** A new password (sign-up, reset, change): its length, then passwordWeakness's rules. */
export const passwordSchema = z
  .string()
  .min(1, msg('Password is required.'))
  .min(PASSWORD_MIN_LENGTH, msg(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`))
  .max(PASSWORD_MAX_LENGTH, msg(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`))
  .superRefine((password, ctx) => {
    // The length's message alone: "aaa" is too short before it is one character repeated.
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
    const weakness = passwordWeakness(password);
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
  });

export const userNameSchema = z
  .string()
  .trim()
  .min(1, msg('User name is required.'))
  .min(3, msg('User name must be at least 3 characters.'))
  .max(USER_NAME_MAX_LENGTH, msg(`User name must be at most ${USER_NAME_MAX_LENGTH} characters.`))
  .regex(
    /^[A-Za-z0-9._-]+$/,
    msg('User name may only contain letters, digits, dots, dashes and underscores.'),
  );

const signupFields = {
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  userName: userNameSchema,
  email: emailSchema,
};

/** POST /api/auth/registerUser body (spec 3 and 7: password plus userDto). */
export const registerUserSchema = z
  .object({
    password: passwordSchema,
    userDto: z.object({ ...signupFields, addresses: addressListSchema.default([]) }).strict(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (passwordMentionsIdentity(body.password, body.userDto)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MENTIONS_IDENTITY });
    }
  });
export type RegisterUserInput = z.input<typeof registerUserSchema>;

/** The /signup form: all fields required, and the two passwords must match. */
export const signupFormSchema = z
  .object({
    ...signupFields,
    password: passwordSchema,
    confirmPassword: z.string().min(1, msg('Please confirm your password.')),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
  .refine((form) => !passwordMentionsIdentity(form.password, form), {
    message: PASSWORD_MENTIONS_IDENTITY,
    path: ['password'],
  });
export type SignupFormValues = z.input<typeof signupFormSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, RESET_LINK_INVALID).max(200),
    password: passwordSchema,
  })
  .strict();
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, msg('Please confirm your password.')),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

export const FORGOT_PASSWORD_SENT = msg(
  'If an account uses that email, we have sent it a link to reset the password.',
);

/** PUT /api/user/{userName}/password body. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
  })
  .strict();
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** What a password change answers: a fresh token, since every older one stops working. */
export type ChangePasswordResponse = LoginResponse;

/** The "Change password" form; it knows whose password it is, so it can say so before sending. */
export const changePasswordFormSchema = (identity: { userName: string; email: string }) =>
  z
    .object({
      currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED),
      newPassword: passwordSchema,
      confirmPassword: z.string().min(1, msg('Please confirm your password.')),
    })
    .refine((form) => form.newPassword === form.confirmPassword, {
      message: PASSWORDS_DO_NOT_MATCH,
      path: ['confirmPassword'],
    })
    .refine((form) => !passwordMentionsIdentity(form.newPassword, identity), {
      message: PASSWORD_MENTIONS_IDENTITY,
      path: ['newPassword'],
    });
export type ChangePasswordFormValues = z.infer<ReturnType<typeof changePasswordFormSchema>>;

/** POST /api/auth/revert-email body: the token of the link mailed to the previous address. */
export const revertEmailSchema = z
  .object({ token: z.string().min(1, EMAIL_CHANGE_LINK_INVALID).max(200) })
  .strict();
export type RevertEmailInput = z.infer<typeof revertEmailSchema>;

/**
 * What undoing an email change answers. Never a reset token (issue 38): whoever holds the old
 * mailbox may not be the owner, so the reset link goes by mail to the restored address.
 */
export const revertEmailResponseSchema = z.object({
  message: z.string(),
  /** The address the account has again, where the reset link was mailed. */
  email: z.string(),
});
export type RevertEmailResponse = z.infer<typeof revertEmailResponseSchema>;
