import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, MESSAGES, Unauthorized, type UserRole } from '@marketplace/shared';
import type { TokenService } from '../../modules/auth/token.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * For routes that need a signed-in user; sets request.currentUser. Named as a route's
     * preHandler it is moved to the route's onRequest (below); a scope adds it as an onRequest
     * hook: either way it runs before the body is read or parsed (issue 38, finding 14).
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler for public routes that answer a signed-in user differently; never refuses. */
    identify: (request: FastifyRequest) => Promise<void>;
    /** Operator-only routes (issue 17): 401 signed out, 403 for anyone not an operator; like `authenticate`. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The account id comes with the token check, so a route needs no second lookup (issue 20). */
    currentUser?: { userName: string; userId: string };
    /** The answer is the caller's own (or a refusal of it): never kept by a shared cache. */
    personalAnswer: boolean;
  }
  interface FastifyContextConfig {
    /** Every answer of the route is personal: never kept by a shared cache (set below). */
    personalAnswers?: boolean;
  }
}

/** No cache may keep it, and a browser keeps no copy on disk either. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

export interface AuthenticateOptions {
  tokens: TokenService;
  /** The account's current token version and id; undefined when the account no longer exists. */
  sessionOf: (userName: string) => Promise<{ tokenVersion: number; userId: string } | undefined>;
  roleOf: (userName: string) => Promise<UserRole | undefined>;
}

export const authenticate = fp<AuthenticateOptions>(
  async (app: FastifyInstance, { tokens, sessionOf, roleOf }) => {
    /** The bearer token's check; tokens older than the account's last password reset are revoked. */
    async function checkBearer(
      request: FastifyRequest,
    ): Promise<
      | { ok: true; userName: string; userId: string }
      | { ok: false; reason: 'expired' | 'invalid' | 'revoked' }
      | undefined
    > {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return undefined;
      const check = await tokens.verify(token);
      if (!check.ok) return check;
      const session = await sessionOf(check.userName);
      return session?.tokenVersion === check.version
        ? { ok: true, userName: check.userName, userId: session.userId }
        : { ok: false, reason: 'revoked' };
    }

    app.decorateRequest('currentUser', undefined);
    app.decorateRequest('personalAnswer', false);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      // Before the check, so that its refusal is covered too.
      request.personalAnswer = true;
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
      request.currentUser = { userName: check.userName, userId: check.userId };
    });
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if ((await roleOf(request.currentUser!.userName)) !== 'operator')
        throw new Forbidden(MESSAGES.operatorOnly);
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      const check = await checkBearer(request);
      if (check?.ok) request.currentUser = { userName: check.userName, userId: check.userId };
    });

    // Profiles, addresses, orders, the bag and payouts must never be served to someone else by
    // a shared cache (a CDN, a company proxy). Every request that goes through `authenticate`
    // is marked (a route's own preHandler or its scope's hook alike), and routes that name it
    // as their preHandler are marked as they are registered, so that refusals made before it
    // runs (validation, rate limits) are covered too; sign-in answers carry tokens; any answer
    // made for an identified user (a store's owner sees their drafts) is personal. Public
    // catalog answers keep their ETag caching.
    //
    // The check itself runs before the body is read (issue 38, finding 14): a route naming it
    // as its preHandler has it moved to its onRequest hooks, which run before parsing (and after
    // the rate limits, which are the instance's), so a stranger's megabyte of JSON costs a token
    // check rather than a read and a parse.
    const isCheck = (hook: unknown) => hook === app.authenticate || hook === app.requireOperator;
    app.addHook('onRoute', (route) => {
      const preHandlers = [route.preHandler ?? []].flat();
      const checks = preHandlers.filter(isCheck);
      const needsUser = checks.length > 0;
      if (needsUser) {
        const rest = preHandlers.filter((hook) => !isCheck(hook));
        route.preHandler = rest.length > 0 ? rest : undefined;
        route.onRequest = [...[route.onRequest ?? []].flat(), ...checks] as typeof route.onRequest;
      }
      if (needsUser || route.url.startsWith('/api/auth/')) {
        route.config = { ...route.config, personalAnswers: true };
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.personalAnswer ||
        request.currentUser ||
        request.routeOptions.config?.personalAnswers
      ) {
        reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      }
      return payload;
    });
  },
);
