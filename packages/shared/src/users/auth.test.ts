import { describe, expect, it } from 'vitest';
import {
  LOGIN_REQUIRED_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_MENTIONS_IDENTITY,
  PASSWORD_ONE_CHARACTER,
  PASSWORD_PUBLIC,
  PASSWORD_TOO_COMMON,
  changePasswordFormSchema,
  changePasswordSchema,
  passwordSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  loginSchema,
  passwordMentionsIdentity,
  registerUserSchema,
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

describe('passwordSchema (issue 38 item 15)', () => {
  it.each([
    ['one character repeated', 'aaaaaaaa', PASSWORD_ONE_CHARACTER],
    ['one digit repeated', '1111111111', PASSWORD_ONE_CHARACTER],
    ['one symbol repeated, any length', '!'.repeat(40), PASSWORD_ONE_CHARACTER],
    ['the demo accounts’ password', 'Password123!', PASSWORD_PUBLIC],
    ['the demo password in other case', 'PASSWORD123!', PASSWORD_PUBLIC],
    ['a most common one', 'password', PASSWORD_TOO_COMMON],
    ['a most common one in capitals', 'QWERTYUIOP', PASSWORD_TOO_COMMON],
    ['a most common one with digits', 'Password1', PASSWORD_TOO_COMMON],
  ])('refuses %s, saying why', (_case, password, message) => {
    expect(messages(passwordSchema.safeParse(password))).toEqual([message]);
  });

  it('keeps the length messages first and alone', () => {
    expect(messages(passwordSchema.safeParse('aaa'))).toEqual([
      'Password must be at least 8 characters.',
    ]);
  });

  it('accepts passphrases, and repeated characters among others', () => {
    for (const password of ['correct horse battery', 'aaaaaaab', 'Password123!?'])
      expect(passwordSchema.safeParse(password).success, password).toBe(true);
  });

  it('is the rule of every form and request that sets a password', () => {
    const identity = { userName: 'ada', email: 'ada@example.com' };
    const results = [
      signupFormSchema.safeParse({
        firstName: 'Ada',
        lastName: 'Lovelace',
        ...identity,
        password: 'aaaaaaaa',
        confirmPassword: 'aaaaaaaa',
      }),
      registerUserSchema.safeParse({
        password: 'aaaaaaaa',
        userDto: { firstName: 'Ada', lastName: 'Lovelace', ...identity },
      }),
      resetPasswordFormSchema.safeParse({ password: 'aaaaaaaa', confirmPassword: 'aaaaaaaa' }),
      resetPasswordSchema.safeParse({ token: 't', password: 'aaaaaaaa' }),
      changePasswordFormSchema(identity).safeParse({
        currentPassword: 'x',
        newPassword: 'aaaaaaaa',
        confirmPassword: 'aaaaaaaa',
      }),
      changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'aaaaaaaa' }),
    ];
    for (const result of results) expect(messages(result)).toEqual([PASSWORD_ONE_CHARACTER]);
  });
});

describe('passwordMentionsIdentity', () => {
  const ada = { userName: 'ada_l', email: 'Ada.Lovelace@example.com' };

  it.each([
    'ada_l',
    'ADA_L',
    'ada_l2024!',
    '!!Ada_L!!',
    'ada.lovelace@example.com',
    'ada.lovelace1815',
    '#Ada.Lovelace#',
  ])('finds %s', (password) => {
    expect(passwordMentionsIdentity(password, ada)).toBe(true);
  });

  it.each(['ada_l loves engines', 'analytical engine', 'lovelace', 'adal2024'])(
    'lets %s through (more than the name, or not the name)',
    (password) => {
      expect(passwordMentionsIdentity(password, ada)).toBe(false);
    },
  );

  it('ignores parts shorter than 3 characters', () => {
    expect(passwordMentionsIdentity('ab123456', { userName: 'abc', email: 'ab@example.com' })).toBe(
      false,
    );
  });
});

describe('password rule in the schemas', () => {
  it('refuses the user name as a password on the sign-up form and in the API body', () => {
    const form = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      userName: 'ada_l',
      email: 'ada@example.com',
      password: 'ada_l1815',
      confirmPassword: 'ada_l1815',
    };
    expect(messages(signupFormSchema.safeParse(form))).toEqual([PASSWORD_MENTIONS_IDENTITY]);
    const body = {
      password: 'ada@example.com',
      userDto: { firstName: 'Ada', lastName: 'L', userName: 'ada_l', email: 'ada@example.com' },
    };
    const result = registerUserSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['password', PASSWORD_MENTIONS_IDENTITY],
    ]);
  });

  it("checks the change-password form against the account's names", () => {
    const schema = changePasswordFormSchema({ userName: 'ada_l', email: 'ada@example.com' });
    const form = {
      currentPassword: 'old one',
      newPassword: 'ADA_L!!!',
      confirmPassword: 'ADA_L!!!',
    };
    expect(messages(schema.safeParse(form))).toEqual([PASSWORD_MENTIONS_IDENTITY]);
    expect(messages(schema.safeParse({ ...form, newPassword: 'a new passphrase' }))).toEqual([
      PASSWORDS_DO_NOT_MATCH,
    ]);
    expect(
      schema.safeParse({
        ...form,
        newPassword: 'a new passphrase',
        confirmPassword: 'a new passphrase',
      }).success,
    ).toBe(true);
  });
});
