import { SignJWT, errors, jwtVerify } from 'jose';

export type TokenCheck =
  { ok: true; userName: string; version: number } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * HS256 JWTs whose subject is the user name and whose exp is in seconds (spec 3). `ver` is the
 * account's token version when the token was issued: a password reset raises it, so tokens
 * issued before stop working on every API process at once (the version lives in the database).
 */
export class TokenService {
  private readonly key: Uint8Array;

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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (!payload.sub || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
      const version = payload.ver ?? 0;
      if (!Number.isInteger(version)) return { ok: false, reason: 'invalid' };
      return { ok: true, userName: payload.sub, version: version as number };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
