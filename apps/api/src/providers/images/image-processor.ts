import { createHash } from 'node:crypto';
import { MAX_IMAGE_PIXELS } from '@marketplace/shared';
import type { Storage } from '../storage/storage';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** The image type the bytes say, whatever the file's name or declared type claims. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  const starts = (signature: number[], offset = 0) =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export const THUMBNAIL_WIDTH = 400;
const ORIGINAL_MAX_WIDTH = 1600;

export class InvalidImageError extends Error {}
/** More pixels than MAX_IMAGE_PIXELS, judged from the header alone. */
export class OversizedImageError extends InvalidImageError {}

export interface StoredImage {
  /** Up to 1600 px wide, WebP. */
  url: string;
  /** 400 px wide, WebP: what lists and cards show. */
  thumbnailUrl: string;
}

/**
 * Re-encodes an upload as WebP (which drops EXIF, GPS and every other metadata) at two sizes
 * and stores both. Anything sharp cannot decode fully is an InvalidImageError.
 */
export async function storeImage(storage: Storage, bytes: Buffer): Promise<StoredImage> {
  // sharp also decodes SVG, TIFF, AVIF and more: only the four allowed types get that far.
  if (!sniffImageType(bytes)) throw new InvalidImageError('not a JPEG, PNG, WebP or GIF');
  let original: Buffer;
  let thumbnail: Buffer;
  // Loaded on the first upload: the image library is large and most processes only read.
  const { default: sharp } = await import('sharp');
  // A decompression bomb (say 20000 x 20000 pixels in a few KB) is refused from its header
  // alone: metadata() decodes no pixels, so it may look at any size.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_IMAGE_PIXELS) throw new OversizedImageError(`${width} x ${height}`);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).rotate();
    original = await image
      .clone()
      .resize({ width: ORIGINAL_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    thumbnail = await image
      .clone()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch (error) {
    throw new InvalidImageError(error instanceof Error ? error.message : 'undecodable image');
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const [url, thumbnailUrl] = await Promise.all([
    storage.put(`${hash}.webp`, original, 'image/webp'),
    storage.put(`${hash}-${THUMBNAIL_WIDTH}.webp`, thumbnail, 'image/webp'),
  ]);
  return { url, thumbnailUrl };
}
