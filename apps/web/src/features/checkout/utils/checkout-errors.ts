import { ApiError, TokenExpiredError } from '../../../lib/api-client';

/** Spec 8: the server's (or payment provider's) own message when it sent one, else the fallback. */
export function checkoutErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage && error.status < 500)
    return error.serverMessage;
  if (error instanceof TokenExpiredError) return error.message;
  return fallback;
}
