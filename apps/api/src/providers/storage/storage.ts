import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Keys are content hashes, so a stored file never changes. */
export interface Storage {
  /** Stores the bytes under `key` and returns the URL browsers fetch them from. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Another origin the files are served from, which the content security policy must allow. */
  readonly origin?: string;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Local disk under $DATA_DIR/uploads, served by the app at /uploads/ (plugins/app/uploads.ts). */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  async put(key: string, body: Buffer): Promise<string> {
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(key)) throw new Error(`unsafe storage key: ${key}`);
    await mkdir(this.root, { recursive: true });
    await writeFile(path.join(this.root, key), body);
    return `${UPLOADS_URL_PREFIX}${key}`;
  }
}
