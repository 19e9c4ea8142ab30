import {
  AppError,
  PRODUCT_FORM_MESSAGES,
  checkProductImages,
  type ImageFileInfo,
} from '@marketplace/shared';
import type { UploadedFile } from '../../lib/input-parsing';
import { sniffImageType } from '../../providers/images/image-processor';

/** A product's uploaded images: the rules of spec 9 checked on what the bytes are. */

const imageRuleStatus: Partial<Record<string, number>> = {
  [PRODUCT_FORM_MESSAGES.imageTooLarge]: 413,
  [PRODUCT_FORM_MESSAGES.uploadTooLarge]: 413,
  [PRODUCT_FORM_MESSAGES.thumbnailType]: 415,
  [PRODUCT_FORM_MESSAGES.imagesType]: 415,
};

export function splitFiles(files: UploadedFile[]) {
  return {
    thumbnail: files.find((f) => f.field === 'thumbnail'),
    images: files.filter((f) => f.field === 'images'),
  };
}

/** The rules see the type the bytes say, never the file name's or the browser's claim. */
export function describe(file: UploadedFile): ImageFileInfo;
export function describe(file: UploadedFile | undefined): ImageFileInfo | undefined;
export function describe(file: UploadedFile | undefined): ImageFileInfo | undefined {
  if (!file) return undefined;
  return {
    name: file.filename,
    size: file.bytes.length,
    type: sniffImageType(file.bytes) ?? 'application/octet-stream',
  };
}

export function assertImageRules(input: Parameters<typeof checkProductImages>[0]) {
  const message = checkProductImages(input);
  if (message) throw new AppError(imageRuleStatus[message] ?? 400, message);
}
