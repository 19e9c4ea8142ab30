import { msg } from './i18n/msg';

/** User-facing messages of spec 8 that more than one side of the app shows. */
export const MESSAGES = {
  incorrectCredentials: msg('Incorrect username or password'),
  loginFailed: msg('Login failed'),
  networkError: msg('Network error'),
  malformedToken: msg('Received malformed token'),
  loginSuccess: msg('Login successful!'),
  signupServerError: msg('Internal server error. Please try again later.'),
  signupFailed: msg('Registration failed'),
  signupSuccess: msg('Account created successfully!'),
  tokenExpired: msg('Token expired'),
  loadUserFailed: msg('Failed to load user'),
  sessionRequired: msg('Please log in to continue.'),
  sessionExpired: msg('Your session has expired. Please log in again.'),
  /** A token issued before the account's password was reset. */
  sessionEnded: msg('Your session has ended. Please log in again.'),
  tooManyRequests: msg('Too many requests. Please wait a moment and try again.'),
  unexpectedError: msg('Unexpected Application Error!'),
  userNameTaken: msg('Username is already taken.'),
  emailTaken: msg('Email is already registered.'),
  serverError: msg('Something went wrong on our side. Please try again.'),
  /** 400: U+0000 in any text of a request (PostgreSQL text cannot hold it). */
  nulCharacter: msg('Text cannot contain the NUL character.'),
  /** 400: a multipart body the form parser cannot read (no boundary, a truncated part). */
  malformedForm: msg('The form could not be read. Please send it again.'),
  /** 503: the database (or another service the API needs) cannot be reached for now. */
  serviceUnavailable: msg('The service is temporarily unavailable. Please try again in a moment.'),
  /** 503: too many sign-ins and sign-ups are being checked at once (each costs a password hash). */
  serverBusy: msg('We are busy right now. Please try again in a moment.'),
  /** 400: a JSON body nested deeper than any form of the app sends. */
  jsonTooDeep: msg('The request body is nested too deeply.'),
  /** 413: a body over the route's limit (8 KB for sign-in and sign-up, 1 MB otherwise). */
  bodyTooLarge: msg('The request body is too large.'),
  /** 400: a body that is not JSON although it says it is. */
  invalidJson: msg('The request body is not valid JSON.'),
  /** 415: a body of a type no route takes. */
  unsupportedMediaType: msg('This content type is not supported.'),
  /** 403: an operator-only route (issue 17), asked by anyone else. */
  operatorOnly: msg('Only the marketplace operators can do this.'),
} as const;

/** What an account may do beyond shopping (issue 17). Owning a store makes a seller, not a role. */
export const USER_ROLES = ['buyer', 'operator'] as const;
export type UserRole = (typeof USER_ROLES)[number];
