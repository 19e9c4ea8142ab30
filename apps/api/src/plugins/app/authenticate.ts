import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, Unauthorized } from '@marketplace/shared';
import type { TokenService } from '../../modules/auth/token.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets request.currentUser. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler for public routes that answer a signed-in user differently; never refuses. */
    identify: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    currentUser?: { userName: string };
  }
}

export interface AuthenticateOptions {
  tokens: TokenService;
  /** The account's current token version; undefined when the account no longer exists. */
  tokenVersionOf: (userName: string) => Promise<number | undefined>;
}

export const authenticate = fp<AuthenticateOptions>(
  async (app: FastifyInstance, { tokens, tokenVersionOf }) => {
    /** The bearer token's check; tokens older than the account's last password reset are revoked. */
    async function checkBearer(
      request: FastifyRequest,
    ): Promise<
      | { ok: true; userName: string }
      | { ok: false; reason: 'expired' | 'invalid' | 'revoked' }
      | undefined
    > {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return undefined;
      const check = await tokens.verify(token);
      if (!check.ok) return check;
      const current = await tokenVersionOf(check.userName);
      return current === check.version ? check : { ok: false, reason: 'revoked' };
    }

    app.decorateRequest('currentUser', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const check = await checkBearer(request);
      if (!check) throw new Unauthorized();
      if (!check.ok) {
        throw new Unauthorized(
          {
            expired: MESSAGES.sessionExpired,
            invalid: MESSAGES.sessionRequired,
            revoked: MESSAGES.sessionEnded,
          }[check.reason],
        );
      }
      request.currentUser = { userName: check.userName };
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      const check = await checkBearer(request);
      if (check?.ok) request.currentUser = { userName: check.userName };
    });
  },
);
