import { ApiError, TokenExpiredError } from '../../../lib/api-client';

/**
 * Spec 8: the server's own message when it sent one (such as 'Only 2 left in stock.'), else the
 * action's fallback. An expired session says so, as the client is already on its way to /login.
 */
export function cartErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof TokenExpiredError) return error.message;
  return fallback;
}
