import { ApiError } from '../../../lib/api-client';

/** Spec 8 for the seller's order actions: the server's message, else the action's own words. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** A moment (an order placed), in the seller's own time zone. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}
