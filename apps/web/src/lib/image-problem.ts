import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES, PRODUCT_FORM_MESSAGES } from '@marketplace/shared';

/** An image the server would refuse, said before it is sent (the server checks its bytes). */
export function thumbnailProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return PRODUCT_FORM_MESSAGES.thumbnailType;
  }
  if (file.size > MAX_IMAGE_BYTES) return PRODUCT_FORM_MESSAGES.imageTooLarge;
  return undefined;
}
