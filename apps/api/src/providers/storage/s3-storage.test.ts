import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, sellerWithStore } from '../../../test/catalog';
import { setupTestApp } from '../../../test/helper';
import { S3Storage } from './s3-storage';

interface ReceivedPut {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Answers PUT Object as S3 does, and keeps what it was sent; `failWith` makes it refuse. */
const received: ReceivedPut[] = [];
let failWith: number | undefined;
let server: Server;
let endpoint = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'PUT') return response.writeHead(405).end();
      if (failWith)
        return response.writeHead(failWith).end('<Error><Code>AccessDenied</Code></Error>');
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200, { etag: '"abc"' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const storageOptions = () => ({
  bucket: 'brand-uploads',
  region: 'ca-central-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  endpoint,
  publicUrl: 'https://cdn.example.com/uploads',
});

describe('S3Storage', () => {
  it('puts the bytes in the bucket with a signed request and returns their public URL', async () => {
    const storage = new S3Storage(storageOptions());
    const bytes = Buffer.from('webp bytes');
    const url = await storage.put('abc123.webp', bytes, 'image/webp');
    expect(url).toBe('https://cdn.example.com/uploads/abc123.webp');
    const put = received.at(-1)!;
    expect(put.path).toBe('/brand-uploads/abc123.webp');
    expect(put.body.equals(bytes)).toBe(true);
    expect(put.headers['content-type']).toBe('image/webp');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put.headers['x-amz-content-sha256']).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/ca-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
  });

  it('fails loudly when the bucket refuses, and never takes a key that leaves the bucket', async () => {
    const storage = new S3Storage(storageOptions());
    failWith = 403;
    await expect(storage.put('abc.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403/);
    failWith = undefined;
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /unsafe storage key/,
    );
  });
});

describe('the app with S3 storage', () => {
  const ctx = setupTestApp(() => ({ storage: new S3Storage(storageOptions()) }));

  it('sends uploads to the bucket, links them there, and serves nothing from its own disk', async () => {
    const before = received.length;
    const item = await createItem(ctx.app, await sellerWithStore(ctx.app));
    expect(item.thumbnail).toMatch(/^https:\/\/cdn\.example\.com\/uploads\/[0-9a-f]+-400\.webp$/);
    const keys = received.slice(before).map((put) => put.path);
    expect(keys).toContain(`/brand-uploads/${item.thumbnail!.split('/').at(-1)}`);

    const local = await ctx.app.inject({
      method: 'GET',
      url: `/uploads/${keys[0]!.split('/').at(-1)}`,
    });
    expect(local.statusCode).toBe(404);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/item/public' });
    expect(page.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://cdn.example.com",
    );
  });
});
