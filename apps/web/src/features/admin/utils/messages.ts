import { ApiError } from '../../../lib/api-client';

/** Spec 8's fallbacks for the product form and the delete dialog. */
export const SAVE_PRODUCT_FAILED = 'Failed to save product.';
export const DELETE_PRODUCT_FAILED = 'Failed to delete the item.';
export const LOAD_PRODUCTS_FAILED = 'Could not load products.';

export const productDeletedMessage = (name: string) => `"${name}" was deleted.`;
export const productCreatedMessage = (name: string) => `"${name}" was created.`;
export const productSavedMessage = (name: string) => `"${name}" was saved.`;
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
