import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { MAX_IMAGE_PIXELS, PRODUCT_FORM_MESSAGES, ServiceUnavailable } from '@marketplace/shared';
import type SharpModule from 'sharp';
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

export interface ImageLimits {
  /** Images converted at once. */
  concurrency: number;
  /** Pixels (all the images waiting their turn, together) that may wait; past that, 503. */
  maxWaitingPixels: number;
}

/**
 * Half the cores (one on two) convert images, one libvips thread each, and four full-size
 * photos' worth of pixels may wait (issue 38, finding 13): a 40-megapixel photo takes a core for
 * a second or more, and sharp otherwise ran up to four at once on libuv's threads, each with as
 * many libvips threads as there are cores. On two cores that took every page's time to a 372 ms
 * median; now uploads take at most half the cores. The wait is bounded by pixels, which is what
 * it costs: a seller's small photos are never refused because of each other, and a flood of
 * large ones is told to come back (a product form's photos are converted one after the other).
 */
export function defaultImageLimits(): ImageLimits {
  const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const concurrency = Math.max(1, Math.min(Math.floor(availableParallelism() / 2), threadPool - 1));
  return { concurrency, maxWaitingPixels: 4 * MAX_IMAGE_PIXELS * concurrency };
}

/**
 * Image conversions of this process, a bounded number at a time: the CPU they use is the
 * process's (libuv's threads), so the queue is too. Work past `concurrency` waits its turn;
 * an image that would take the pixels waiting past `maxWaitingPixels` is refused at once
 * (ServiceUnavailable, 503 with Retry-After) instead of growing the wait.
 */
export class ImageQueue {
  private running = 0;
  private readonly waiting: { pixels: number; start: () => void }[] = [];
  private waitingPixels = 0;
  /** Recent time a conversion took per megapixel, for Retry-After (an estimate at first). */
  private msPerMegapixel = 30;
  private readonly limits: ImageLimits;

  constructor(limits: Partial<ImageLimits> = {}) {
    this.limits = { ...defaultImageLimits(), ...limits };
  }

  /** Conversions running, and waiting with their pixels, now. */
  get load(): { running: number; waiting: number; waitingPixels: number } {
    return {
      running: this.running,
      waiting: this.waiting.length,
      waitingPixels: this.waitingPixels,
    };
  }

  /** Runs `work` (converting an image of `pixels`) in its turn, or refuses it when too much waits. */
  async inTurn<T>(pixels: number, work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
    } else if (this.waitingPixels + pixels <= this.limits.maxWaitingPixels) {
      this.waitingPixels += pixels;
      // The finishing conversion hands its slot over: `running` stays as it is.
      await new Promise<void>((start) => this.waiting.push({ pixels, start }));
      this.waitingPixels -= pixels;
    } else {
      const megapixels = (this.waitingPixels + this.running * MAX_IMAGE_PIXELS) / 1e6;
      const seconds = (megapixels * this.msPerMegapixel) / 1000 / this.limits.concurrency;
      throw new ServiceUnavailable(PRODUCT_FORM_MESSAGES.imagesBusy, {
        retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
      });
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      if (pixels > 0) {
        const measured = (performance.now() - started) / (pixels / 1e6);
        this.msPerMegapixel = 0.8 * this.msPerMegapixel + 0.2 * measured;
      }
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }
}

/** The process's image conversions: every upload takes its turn here. */
export const imageQueue = new ImageQueue();

type Sharp = typeof SharpModule;
let loadedSharp: Promise<Sharp> | undefined;
/** Loaded on the first upload (the library is large and most processes only read), one thread an image. */
const loadSharp = () =>
  (loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));

/**
 * Re-encodes an upload as WebP (which drops EXIF, GPS and every other metadata) at two sizes
 * and stores both, in its turn of `queue`. Anything sharp cannot decode fully is an
 * InvalidImageError; a full queue is ServiceUnavailable (503).
 */
export async function storeImage(
  storage: Storage,
  bytes: Buffer,
  queue: ImageQueue = imageQueue,
): Promise<StoredImage> {
  // sharp also decodes SVG, TIFF, AVIF and more: only the four allowed types get that far.
  if (!sniffImageType(bytes)) throw new InvalidImageError('not a JPEG, PNG, WebP or GIF');
  const sharp = await loadSharp();
  // A decompression bomb (say 20000 x 20000 pixels in a few KB) is refused from its header
  // alone: metadata() decodes no pixels, so it may look at any size.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_IMAGE_PIXELS) throw new OversizedImageError(`${width} x ${height}`);
  const { original, thumbnail } = await queue.inTurn(width * height, () => convert(sharp, bytes));
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const [url, thumbnailUrl] = await Promise.all([
    storage.put(`${hash}.webp`, original, 'image/webp'),
    storage.put(`${hash}-${THUMBNAIL_WIDTH}.webp`, thumbnail, 'image/webp'),
  ]);
  return { url, thumbnailUrl };
}

async function convert(
  sharp: Sharp,
  bytes: Buffer,
): Promise<{ original: Buffer; thumbnail: Buffer }> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).rotate();
    const original = await image
      .clone()
      .resize({ width: ORIGINAL_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const thumbnail = await image
      .clone()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { original, thumbnail };
  } catch (error) {
    throw new InvalidImageError(error instanceof Error ? error.message : 'undecodable image');
  }
}
