import { describe, expect, it } from 'vitest';
import {
  LOGIN_REQUIRED_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  loginSchema,
  signupFormSchema,
} from './auth';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('loginSchema', () => {
  it('trims the user name and requires both fields', () => {
    expect(messages(loginSchema.safeParse({ userName: '   ', password: 'x' }))).toEqual([
      LOGIN_REQUIRED_MESSAGE,
    ]);
    expect(messages(loginSchema.safeParse({ userName: 'ada', password: '' }))).toEqual([
      LOGIN_REQUIRED_MESSAGE,
    ]);
    expect(loginSchema.parse({ userName: ' ada ', password: ' pw ' })).toEqual({
      userName: 'ada',
      password: ' pw ',
    });
  });
});

describe('signupFormSchema', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName: 'ada',
    email: 'ada@example.com',
    password: 'analytical engine',
    confirmPassword: 'analytical engine',
  };

  it('accepts a complete form', () => {
    expect(signupFormSchema.safeParse(valid).success).toBe(true);
  });

  it('says when the passwords do not match', () => {
    expect(
      messages(signupFormSchema.safeParse({ ...valid, confirmPassword: 'other thing' })),
    ).toEqual([PASSWORDS_DO_NOT_MATCH]);
  });

  it('requires every field', () => {
    const result = signupFormSchema.safeParse({
      firstName: '',
      lastName: '',
      userName: '',
      email: '',
      password: '',
      confirmPassword: '',
    });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'First name is required.',
        'Last name is required.',
        'User name is required.',
        'Email is required.',
        'Password is required.',
        'Please confirm your password.',
      ]),
    );
  });
});
