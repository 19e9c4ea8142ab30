import { msg } from '@marketplace/shared';
import { ApiError } from '../../../lib/api-client';

/** Spec 8's fallbacks for the product form and the delete dialog. */
export const SAVE_PRODUCT_FAILED = msg('Failed to save product.');
export const DELETE_PRODUCT_FAILED = msg('Failed to delete the item.');
export const LOAD_PRODUCTS_FAILED = msg('Could not load products.');

/** The toasts' messages (ICU, `t(PRODUCT_DELETED, { name })`); the functions give their English. */
export const PRODUCT_DELETED = msg('"{name}" was deleted.');
export const PRODUCT_CREATED = msg('"{name}" was created.');
export const PRODUCT_SAVED = msg('"{name}" was saved.');
export const DUPLICATE_IMAGES = msg(
  '{count, plural, one {That image is already added: the duplicate was skipped.} other {# images are already added: the duplicates were skipped.}}',
);

const withName = (message: string, name: string) => message.replace('{name}', name);
export const productDeletedMessage = (name: string) => withName(PRODUCT_DELETED, name);
export const productCreatedMessage = (name: string) => withName(PRODUCT_CREATED, name);
export const productSavedMessage = (name: string) => withName(PRODUCT_SAVED, name);
export const duplicateImagesMessage = (count: number) =>
  count === 1
    ? 'That image is already added: the duplicate was skipped.'
    : `${count} images are already added: the duplicates were skipped.`;

/**
 * Spec 8: the response body when it is text (the API's JSON message counts too), else the
 * error's own message, else the fallback.
 */
export function requestErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (typeof error === 'string' && error) return error;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
