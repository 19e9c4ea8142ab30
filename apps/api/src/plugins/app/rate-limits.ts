import { randomBytes, timingSafeEqual } from 'node:crypto';
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
  /** Reads (GET) under /api from one network address without a valid token. */
  anonymousReadsPerMinute: number;
  /**
   * Pages rendered on the server for one network address (pages are rendered signed out). A
   * kept page sent again from memory is not counted; the page's own reads of the API are
   * counted here rather than in `anonymousReadsPerMinute` (issue 38, findings 3 and 7).
   */
  pageRendersPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signupsPerHour: 20,
  passwordResetsPerHour: 10,
  writesPerMinute: 120,
  // Ten a second: a shopper's pages make a few reads each; a scraper or a flood makes far more.
  anonymousReadsPerMinute: 600,
  // Two a second: a shopper's browser renders one page on arrival and then navigates in the app;
  // a render costs a few reads and 10-70 ms of CPU.
  pageRendersPerMinute: 120,
};

interface RateLimitPolicy {
  /** Routes of one budget share their count. */
  budget: 'signups' | 'password-resets' | 'writes' | 'anonymous-reads';
  max: number;
  windowMs: number;
  /** Whom the count is kept for: the signed-in user or else the address, the address, or only anonymous callers' addresses. */
  caller: 'user-or-address' | 'address' | 'anonymous';
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
const READ_METHODS = ['GET', 'HEAD'];
// A load balancer's health checks come often from one address; refusing them would take the
// instance out of service.
const isHealthCheck = (url: string) => url === '/api/health' || url.startsWith('/api/health/');

function policyFor(route: RouteOptions, limits: RateLimits): RateLimitPolicy | undefined {
  const { url } = route;
  if (url === '/api/auth/registerUser') {
    return { budget: 'signups', max: limits.signupsPerHour, windowMs: HOUR, caller: 'address' };
  }
  // Undoing an email change is a link from a mail, like a reset: guessing one is as worth slowing.
  if (
    url === '/api/auth/forgot-password' ||
    url === '/api/auth/reset-password' ||
    url === '/api/auth/revert-email'
  ) {
    return {
      budget: 'password-resets',
      max: limits.passwordResetsPerHour,
      windowMs: HOUR,
      caller: 'address',
    };
  }
  if (!url.startsWith('/api/')) return undefined;
  const methods = [route.method].flat();
  // Anyone can send reads without signing in, and a catalog read the cache does not hold costs
  // a database query: anonymous ones are counted per address.
  if (methods.every((method) => READ_METHODS.includes(method))) {
    if (isHealthCheck(url)) return undefined;
    return {
      budget: 'anonymous-reads',
      max: limits.anonymousReadsPerMinute,
      windowMs: MINUTE,
      caller: 'anonymous',
    };
  }
  const isWrite = methods.some((method) => WRITE_METHODS.includes(method));
  if (!isWrite || NOT_WRITE_LIMITED.has(url)) return undefined;
  return {
    budget: 'writes',
    max: limits.writesPerMinute,
    windowMs: MINUTE,
    caller: 'user-or-address',
  };
}

/** The header that marks the server's own reads for a page it renders. */
const PAGE_READ_HEADER = 'x-page-read';

/**
 * What a page rendered on the server costs its visitor (issue 38, findings 3 and 7): a page
 * render from their address's budget of renders, and nothing from their budget of API reads.
 * The page's reads of the API carry `readHeaders` (a secret made at start, which no outside
 * request can carry), so the anonymous read limit lets them through: a visitor who spent their
 * reads cannot get a page drawn from refusals, which would be kept and sent to everyone.
 */
export class PageRenderLimit {
  private readonly token = randomBytes(24).toString('base64url');
  /** The headers of the server's own reads for a page. */
  readonly readHeaders: Readonly<Record<string, string>> = { [PAGE_READ_HEADER]: this.token };

  constructor(
    private readonly counters: Counters,
    private readonly perMinute: number,
  ) {}

  /** Whether the request is one of the server's own reads for a page. */
  isPageRead(request: FastifyRequest): boolean {
    const header = request.headers[PAGE_READ_HEADER];
    if (typeof header !== 'string' || header.length !== this.token.length) return false;
    return timingSafeEqual(Buffer.from(header), Buffer.from(this.token));
  }

  /**
   * Counts a page render for the request's address: undefined when it may be rendered, else
   * the seconds until it may. With the counters' store unreachable, renders are let through
   * (as the other limits are).
   */
  async charge(request: FastifyRequest): Promise<number | undefined> {
    let window;
    try {
      window = await this.counters.increment(
        `rate-limit:page-renders:address:${request.ip}`,
        MINUTE,
      );
    } catch (error) {
      request.log.error({ err: error }, 'rate limit store unavailable; page render let through');
      return undefined;
    }
    return window.count > this.perMinute ? Math.ceil(window.resetInMs / 1000) : undefined;
  }
}

interface RateLimitOptions {
  limits: RateLimits;
  counters: Counters;
  tokens: TokenService;
  /** Pages' own reads are counted as page renders, not as their visitor's reads. */
  pageRenders?: PageRenderLimit;
}

/**
 * Every rate limit in one place. Routes declare nothing: each write route under /api gets its
 * limit here as it is registered, and so does each read route for callers without a valid
 * token, so a new route cannot be left out. Counts are fixed windows in
 * `counters` (Redis when several API processes run, so they share one budget).
 */
export const rateLimits = fp<RateLimitOptions>(
  async (app: FastifyInstance, { limits, counters, tokens, pageRenders }) => {
    app.addHook('onRoute', (route) => {
      const policy = policyFor(route, limits);
      if (policy) route.config = { ...route.config, rateLimit: policy };
    });

    // A verified token's user, so shoppers behind one address do not share a budget and a
    // made-up token cannot buy a fresh one.
    const signedInUser = async (request: FastifyRequest) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) return undefined;
      const check = await tokens.verify(token);
      return check.ok ? check.userName.toLowerCase() : undefined;
    };

    app.addHook('onRequest', async (request) => {
      const policy = request.routeOptions.config.rateLimit;
      if (!policy) return;
      if (policy.budget === 'anonymous-reads' && pageRenders?.isPageRead(request)) return;
      const user = policy.caller === 'address' ? undefined : await signedInUser(request);
      if (user !== undefined && policy.caller === 'anonymous') return;
      const caller = user !== undefined ? `user:${user}` : `address:${request.ip}`;
      const key = `rate-limit:${policy.budget}:${caller}`;
      let window;
      try {
        window = await counters.increment(key, policy.windowMs);
      } catch (error) {
        // Counters that fail (Redis away is not a failure: each process then counts on its own)
        // must not take every write and read down with them.
        request.log.error({ err: error }, 'rate limit store unavailable; request let through');
        return;
      }
      if (window.count > policy.max) {
        throw new TooManyRequests(MESSAGES.tooManyRequests, Math.ceil(window.resetInMs / 1000));
      }
    });
  },
);
