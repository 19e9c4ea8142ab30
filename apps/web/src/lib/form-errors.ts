import type { ErrorOption } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's reasons that name one of the form's `fields` (a taken user name, a wrong
 * current password) beside those fields; says whether any did, so that the form shows its own
 * message only for a refusal that names none.
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: ErrorOption) => void,
): boolean {
  const named = Object.entries((error instanceof ApiError && error.fieldErrors) || {}).filter(
    (entry): entry is [F, string] => (fields as readonly string[]).includes(entry[0]),
  );
  for (const [field, message] of named) setError(field, { type: 'server', message });
  return named.length > 0;
}
