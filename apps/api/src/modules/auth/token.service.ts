import { SignJWT, errors, jwtVerify } from 'jose';

export type TokenCheck =
  { ok: true; userName: string; version: number } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * HS256 JWTs whose subject is the user name and whose exp is in seconds (spec 3). `ver` is the
 * account's token version when the token was issued: a password reset raises it, so tokens
 * issued before stop working on every API process at once (the version lives in the database).
 */
/** How many verified tokens are remembered (a few hundred bytes each). */
const VERIFIED_TOKENS = 5_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature has been checked, with what they say: a signed token never changes,
   * so its HMAC (through WebCrypto, a tenth of a signed-in request's CPU, done by the rate
   * limits and the authentication alike) is checked once. Expiry is still checked on every use;
   * the token version is the caller's to compare with the database (issue 20).
   */
  private readonly verified = new Map<string, { userName: string; version: number; exp: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(userName: string, version: number): Promise<string> {
    return new SignJWT({ ver: version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userName)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenCheck> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 <= Date.now()) {
        this.verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, userName: known.userName, version: known.version };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (!payload.sub || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
      const version = payload.ver ?? 0;
      if (!Number.isInteger(version)) return { ok: false, reason: 'invalid' };
      // Oldest first out: Map keeps insertion order.
      if (this.verified.size >= VERIFIED_TOKENS)
        this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, {
        userName: payload.sub,
        version: version as number,
        exp: payload.exp,
      });
      return { ok: true, userName: payload.sub, version: version as number };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
