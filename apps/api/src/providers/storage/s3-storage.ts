import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible service (MinIO, R2, Spaces...): objects are addressed path-style there. */
  endpoint?: string;
  /** Where browsers fetch the objects (a CDN or the bucket's public address). */
  publicUrl?: string;
}

/**
 * Uploads in an S3-compatible bucket (S3_BUCKET), so every API process serves the same files
 * and none keeps them on its own disk. Requests are signed with AWS Signature V4.
 */
export class S3Storage implements Storage {
  private readonly client: AwsClient;
  private readonly bucketUrl: string;
  readonly publicUrl: string;
  readonly origin: string;

  constructor(options: S3StorageOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    });
    this.bucketUrl = options.endpoint
      ? `${options.endpoint.replace(/\/$/, '')}/${options.bucket}`
      : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
    this.publicUrl = (options.publicUrl ?? this.bucketUrl).replace(/\/$/, '');
    this.origin = new URL(this.publicUrl).origin;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(key)) throw new Error(`unsafe storage key: ${key}`);
    const response = await this.client.fetch(`${this.bucketUrl}/${key}`, {
      method: 'PUT',
      body,
      headers: {
        'content-type': contentType,
        // Signs the bytes themselves (aws4fetch would send an unsigned payload for a Buffer).
        'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        // Keys are content hashes: an object never changes.
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
    if (!response.ok) {
      throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
    }
    return `${this.publicUrl}/${key}`;
  }
}
