import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A device stays known for half a year after its last login without the token. */
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;

export interface KnownDevice {
  userId: string;
  deviceId: string;
}

/**
 * Device tokens (OWASP's "device cookies"): a browser that logged in to an account once gets a
 * token naming the account and a random device id, signed with HMAC-SHA256. Its logins skip the
 * account's failure delays, so a stranger guessing the password cannot lock the owner out. The
 * key is derived from the JWT secret, so every API process checks tokens alike.
 */
export class DeviceTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('device-token-v1').digest();
  }

  issue(userId: string): string {
    const deviceId = randomBytes(16).toString('base64url');
    const expires = Math.floor(this.now() / 1000) + DEVICE_TOKEN_TTL_SECONDS;
    const body = `${userId}.${deviceId}.${expires}`;
    return `${body}.${this.sign(body)}`;
  }

  /** The device, when the token is genuine, unexpired and names this account. */
  verify(token: string | undefined, userId: string): KnownDevice | undefined {
    if (!token || token.length > 300) return undefined;
    const parts = token.split('.');
    if (parts.length !== 4) return undefined;
    const [tokenUserId, deviceId, expires, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(this.sign(`${tokenUserId}.${deviceId}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (tokenUserId !== userId || !(Number(expires) * 1000 > this.now())) return undefined;
    return { userId, deviceId };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

export const DEVICE_COOKIE = 'device';

/** The device cookie's value from a Cookie header (no cookie plugin needed for one name). */
export function deviceCookieOf(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Sent only to the auth routes, never readable by scripts, never sent by another site's form;
 * Secure whenever the request came over https (not on http://localhost in development).
 */
export function deviceCookie(token: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${token}`,
    'Path=/api/auth',
    `Max-Age=${DEVICE_TOKEN_TTL_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
