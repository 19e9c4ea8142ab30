import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Unauthorized } from '@marketplace/shared';
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

export const authenticate = fp<{ tokens: TokenService }>(
  async (app: FastifyInstance, { tokens }) => {
    app.decorateRequest('currentUser', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw new Unauthorized();
      const check = await tokens.verify(token);
      if (!check.ok) {
        throw new Unauthorized(
          check.reason === 'expired'
            ? 'Your session has expired. Please log in again.'
            : 'Please log in to continue.',
        );
      }
      request.currentUser = { userName: check.userName };
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return;
      const check = await tokens.verify(token);
      if (check.ok) request.currentUser = { userName: check.userName };
    });
  },
);
