import { ApiError } from '../../../lib/api-client';

/** Spec 8 for the seller's order actions: the server's message, else the action's own words. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
