import { z } from 'zod';
import { addressListSchema, emailSchema, personNameSchema } from './users';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';

/** Spec 5: both login inputs have a maximum length of 40. */
export const LOGIN_INPUT_MAX_LENGTH = 40;
export const LOGIN_REQUIRED_MESSAGE = 'Please enter both username/email and password';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USER_NAME_MAX_LENGTH = 40;

export const loginSchema = z
  .object({
    userName: z.string().trim().min(1, LOGIN_REQUIRED_MESSAGE).max(254),
    password: z.string().min(1, LOGIN_REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type LoginInput = z.infer<typeof loginSchema>;

export interface LoginResponse {
  accessToken: string;
}

export const passwordSchema = z
  .string()
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const userNameSchema = z
  .string()
  .trim()
  .min(1, 'User name is required.')
  .min(3, 'User name must be at least 3 characters.')
  .max(USER_NAME_MAX_LENGTH, `User name must be at most ${USER_NAME_MAX_LENGTH} characters.`)
  .regex(
    /^[A-Za-z0-9._-]+$/,
    'User name may only contain letters, digits, dots, dashes and underscores.',
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
  .strict();
export type RegisterUserInput = z.input<typeof registerUserSchema>;

/** The /signup form: all fields required, and the two passwords must match. */
export const signupFormSchema = z
  .object({
    ...signupFields,
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
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
    confirmPassword: z.string().min(1, 'Please confirm your password.'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

export const FORGOT_PASSWORD_SENT =
  'If an account uses that email, we have sent it a link to reset the password.';
