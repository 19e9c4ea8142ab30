import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The key used outside production when BANK_DETAILS_KEY is unset: derived from a phrase in
 * this file, so it protects nothing and is never used in production (config.ts refuses to
 * start without a key there).
 */
export const DEV_BANK_DETAILS_KEY = createHash('sha256')
  .update('local-brands development bank details key: not a secret')
  .digest();

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for a brand's bank details (issue 39.3): "v1:" then base64 of a random 12-byte IV,
 * the 16-byte tag and the ciphertext. `context` (the store's id) is authenticated too, so a
 * row's ciphertext copied onto another store's row does not decrypt there.
 */
export class BankDetailsCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The bank details key must be 32 bytes.');
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  decrypt(sealed: string, context: string): string {
    const [version, payload] = sealed.split(':');
    if (version !== VERSION || !payload) throw new Error('Unknown bank details format.');
    const bytes = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
