import { MESSAGES } from '@marketplace/shared';
import { ApiError } from '../../../lib/api-client';

/** Spec 8, Login: 400/401 are bad credentials; other statuses show the server's message. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 || error.status === 401) return MESSAGES.incorrectCredentials;
    return error.serverMessage ?? MESSAGES.loginFailed;
  }
  // No response: the error's own message, else 'Network error'.
  return (error instanceof Error && error.message) || MESSAGES.networkError;
}

/** Spec 8, Signup: 5xx is generic, other errors show the server's message, no response is generic. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return MESSAGES.signupServerError;
    return error.serverMessage ?? MESSAGES.signupFailed;
  }
  return MESSAGES.signupFailed;
}

/** Password reset screens: the server's message, else the browser's, else a plain fallback. */
export function genericErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.status >= 500 ? MESSAGES.serverError : (error.serverMessage ?? fallback);
  return (error instanceof Error && error.message) || fallback;
}
