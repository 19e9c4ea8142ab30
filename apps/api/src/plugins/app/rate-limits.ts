import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, TooManyRequests } from '@marketplace/shared';
import type { TokenService } from '../../modules/auth/token.service';
import type { Counters } from '../../providers/shared-state/counters';

export interface RateLimits {
  /** Accounts one network address may open per hour. */
  signupsPerHour: number;
  /** Password reset requests and reset attempts from one network address per hour. */
  passwordResetsPerHour: number;
  /** All other writes (POST, PUT, DELETE) per signed-in user, or per address when anonymous. */
  writesPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signupsPerHour: 20,
  passwordResetsPerHour: 10,
  writesPerMinute: 120,
};

interface RateLimitPolicy {
  /** Routes of one budget share their count. */
  budget: 'signups' | 'password-resets' | 'writes';
  max: number;
  windowMs: number;
  perUser: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitPolicy;
  }
}

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
// Logins have their own throttle (failures per account and address, modules/auth); Stripe's
// webhook comes from Stripe's servers and is authenticated by its signature.
const NOT_WRITE_LIMITED = new Set(['/api/auth/login', '/api/payments/stripe/webhook']);

function policyFor(route: RouteOptions, limits: RateLimits): RateLimitPolicy | undefined {
  const { url } = route;
  if (url === '/api/auth/registerUser') {
    return { budget: 'signups', max: limits.signupsPerHour, windowMs: HOUR, perUser: false };
  }
  if (url === '/api/auth/forgot-password' || url === '/api/auth/reset-password') {
    return {
      budget: 'password-resets',
      max: limits.passwordResetsPerHour,
      windowMs: HOUR,
      perUser: false,
    };
  }
  const isWrite = [route.method].flat().some((method) => WRITE_METHODS.includes(method));
  if (!isWrite || !url.startsWith('/api/') || NOT_WRITE_LIMITED.has(url)) return undefined;
  return { budget: 'writes', max: limits.writesPerMinute, windowMs: MINUTE, perUser: true };
}

/**
 * Every rate limit in one place. Routes declare nothing: each write route under /api gets its
 * limit here as it is registered, so a new route cannot be left out. Counts are fixed windows in
 * `counters` (Redis when several API processes run, so they share one budget).
 */
export const rateLimits = fp<{ limits: RateLimits; counters: Counters; tokens: TokenService }>(
  async (app: FastifyInstance, { limits, counters, tokens }) => {
    app.addHook('onRoute', (route) => {
      const policy = policyFor(route, limits);
      if (policy) route.config = { ...route.config, rateLimit: policy };
    });

    // A verified token's user, so shoppers behind one address do not share a budget and a
    // made-up token cannot buy a fresh one.
    const callerOf = async (request: FastifyRequest, perUser: boolean) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (perUser && scheme?.toLowerCase() === 'bearer' && token) {
        const check = await tokens.verify(token);
        if (check.ok) return `user:${check.userName.toLowerCase()}`;
      }
      return `address:${request.ip}`;
    };

    app.addHook('onRequest', async (request) => {
      const policy = request.routeOptions.config.rateLimit;
      if (!policy) return;
      const key = `rate-limit:${policy.budget}:${await callerOf(request, policy.perUser)}`;
      let window;
      try {
        window = await counters.increment(key, policy.windowMs);
      } catch (error) {
        // A Redis outage must not take every write down with it: limits pause until it is back.
        request.log.error({ err: error }, 'rate limit store unavailable; request let through');
        return;
      }
      if (window.count > policy.max) {
        throw new TooManyRequests(MESSAGES.tooManyRequests, Math.ceil(window.resetInMs / 1000));
      }
    });
  },
);
