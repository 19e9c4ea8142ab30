import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, PRODUCT_FORM_MESSAGES, ServiceUnavailable } from '@marketplace/shared';
import { imageBytes, multipart, sellerWithStore, validItem } from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';
import { LocalDiskStorage } from '../storage/storage';
import { defaultImageLimits, ImageQueue, imageQueue, storeImage } from './image-processor';

// Issue 38, finding 13: one seller's large photos took every page's time. Conversions run a
// bounded number at a time, and a bounded number of pixels may wait; past that, 503.

const storage = () => new LocalDiskStorage(mkdtempSync(path.join(tmpdir(), 'images-')));

describe('image conversions', () => {
  it('run one at a time on two cores, one libvips thread each', async () => {
    const limits = defaultImageLimits();
    expect(limits.concurrency).toBeGreaterThanOrEqual(1);
    expect(limits.concurrency).toBeLessThanOrEqual(
      Math.max(1, Math.floor(availableParallelism() / 2)),
    );
    expect(limits.maxWaitingPixels).toBe(4 * MAX_IMAGE_PIXELS * limits.concurrency);
    await storeImage(storage(), await imageBytes());
    expect(sharp.concurrency()).toBe(1);
  });

  it('wait their turn, the pixels waiting bounded: past that, 503 with when to come back', async () => {
    const bytes = await imageBytes('png', '#336699', 1200);
    const pixels = 1200 * Math.round(1200 * 1.33);
    // Room for one image converting and one waiting: the slot is held until both have asked.
    const queue = new ImageQueue({ concurrency: 1, maxWaitingPixels: pixels });
    const into = storage();
    let release!: () => void;
    const held = queue.inTurn(pixels, () => new Promise<void>((resolve) => (release = resolve)));
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, queue.load.running)), 1);
    const uploads = [storeImage(into, bytes, queue), storeImage(into, bytes, queue)];
    // The one past the bound is refused at once; the other waits for the held slot.
    await Promise.race(uploads.map((upload) => upload.catch(() => undefined)));
    expect(queue.load).toEqual({ running: 1, waiting: 1, waitingPixels: pixels });
    release();
    await held;
    const results = await Promise.allSettled(uploads);
    clearInterval(watch);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = (
      results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    ).reason as ServiceUnavailable;
    expect(refusal).toBeInstanceOf(ServiceUnavailable);
    expect(refusal.statusCode).toBe(503);
    expect(refusal.message).toBe(PRODUCT_FORM_MESSAGES.imagesBusy);
    expect(refusal.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(most).toBe(1);
    expect(queue.load).toEqual({ running: 0, waiting: 0, waitingPixels: 0 });
    // Small images fit beside each other where a large one would not.
    const small = await imageBytes();
    const smallQueue = new ImageQueue({ concurrency: 1, maxWaitingPixels: pixels });
    const smalls = await Promise.allSettled(
      Array.from({ length: 8 }, () => storeImage(into, small, smallQueue)),
    );
    expect(smalls.every((result) => result.status === 'fulfilled')).toBe(true);
  });
});

describe('an upload while the queue is full', () => {
  const ctx = setupTestApp();

  it('answers 503 with a clear message and Retry-After', async () => {
    const seller = await sellerWithStore(ctx.app);
    const { concurrency, maxWaitingPixels } = defaultImageLimits();
    // The process's queue taken: conversions running and as many pixels as may wait.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = [
      ...Array.from({ length: concurrency }, () =>
        imageQueue.inTurn(MAX_IMAGE_PIXELS, () => released),
      ),
      imageQueue.inTurn(maxWaitingPixels, () => released),
    ];
    try {
      const body = await multipart({
        itemDto: validItem(),
        thumbnail: { bytes: await imageBytes() },
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/item',
        headers: { ...seller.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(503);
      expect(json(response).message).toBe(PRODUCT_FORM_MESSAGES.imagesBusy);
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await Promise.all(held);
    }
  });
});
