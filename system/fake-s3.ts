import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  /** The S3_* settings that point an API process at this server. */
  env: Record<string, string>;
  objects: Map<string, { body: Buffer; contentType: string }>;
  close: () => Promise<void>;
}

/**
 * An S3-compatible bucket in memory: PUT stores a signed object under /<bucket>/<key>; GET
 * serves it, as a bucket's public address or a CDN would.
 */
export async function startFakeS3(bucket = 'uploads'): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = request.url ?? '';
      if (request.method === 'PUT') {
        if (!request.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
          return response.writeHead(403).end();
        }
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: request.headers['content-type'] ?? 'application/octet-stream',
        });
        return response.writeHead(200).end();
      }
      const object = objects.get(key);
      if (request.method !== 'GET' || !object) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': object.contentType }).end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'system-test',
      S3_SECRET_ACCESS_KEY: 'system-test-secret',
      S3_PUBLIC_URL: `${endpoint}/${bucket}`,
    },
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
