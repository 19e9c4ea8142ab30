import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../helper';
import {
  CALLERS,
  ROUTE_ACCESS,
  buildWorld,
  identityOf,
  type Caller,
  type RouteAccess,
  type World,
} from './route-access';

// A web build of one file, so that the web app's routes are registered as in production.
const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Local Brands</title>');

// The simulated tracker's route is in the matrix: on here, as TRACKING_SIMULATOR=true does.
const ctx = setupTestApp({ webDist, trackingSimulator: true });
let world: World;
beforeAll(async () => {
  world = await buildWorld(ctx);
}, 60_000);

const PRIVATE = 'private, no-store';

const line = (row: RouteAccess, caller: Caller, status: number) =>
  `${row.route} as ${caller}: ${status}`;

async function send(row: RouteAccess, caller: Caller) {
  const [method, url] = row.route.split(' ') as [InjectMethod, string];
  const request = (await row.request?.(world, caller)) ?? {};
  const identity = request.as !== undefined ? request.as : identityOf(world, row, caller);
  return ctx.app.inject({
    method,
    url: request.url ?? url,
    headers: { ...identity?.headers, ...request.headers },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}
type InjectMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

describe('authorization matrix', () => {
  it('lists every registered route exactly once, and no route that is gone', () => {
    const registered = ctx.app.registeredRoutes.map(({ method, url }) => `${method} ${url}`);
    const listed = ROUTE_ACCESS.map((row) => row.route);
    expect(listed.filter((route, i) => listed.indexOf(route) !== i)).toEqual([]);
    expect(
      registered.filter((route) => !listed.includes(route)),
      'registered routes missing from ROUTE_ACCESS (test/security/route-access.ts)',
    ).toEqual([]);
    expect(
      listed.filter((route) => !registered.includes(route)),
      'ROUTE_ACCESS rows for routes the app no longer has',
    ).toEqual([]);
  });

  it('answers each caller of each route with the status the table gives, personal answers uncacheable', async () => {
    const expected: string[] = [];
    const actual: string[] = [];
    const expectedCaching: string[] = [];
    const actualCaching: string[] = [];
    for (const row of ROUTE_ACCESS) {
      for (const caller of CALLERS) {
        const response = await send(row, caller);
        // A personal answer (or a refusal of one) must never be kept by a shared cache.
        const shared =
          row.sharedFor === 'everyone' || (row.sharedFor === 'anonymous' && caller === 'anonymous');
        const cacheControl = String(response.headers['cache-control'] ?? '');
        const personal = /private|no-store/.test(cacheControl);
        expectedCaching.push(`${row.route} as ${caller}: ${shared ? 'shared' : PRIVATE}`);
        actualCaching.push(`${row.route} as ${caller}: ${personal ? cacheControl : 'shared'}`);
        expected.push(line(row, caller, row.expect[caller]));
        let got = line(row, caller, response.statusCode);
        if (response.statusCode >= 400) {
          const message = (JSON.parse(response.body || '{}') as { message?: unknown }).message;
          // A refusal always says why, in DESIGN 4's shape.
          if (typeof message !== 'string' || !message) got += ' (no JSON message)';
        }
        if (response.statusCode !== row.expect[caller]) got += ` ${response.body.slice(0, 200)}`;
        actual.push(got);
      }
    }
    expect(actual).toEqual(expected);
    expect(actualCaching).toEqual(expectedCaching);
  }, 120_000);

  it('keeps the private header on a 304, and shares the public store page only with the anonymous', async () => {
    const profileUrl = `/api/user/${world.customer.userName}`;
    const first = await ctx.app.inject({ url: profileUrl, headers: world.customer.headers });
    expect(first.headers['cache-control']).toBe(PRIVATE);
    const again = await ctx.app.inject({
      url: profileUrl,
      headers: { ...world.customer.headers, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(PRIVATE);

    const storeUrl = `/api/store/public/items/${encodeURIComponent(world.seller.storeName)}`;
    const anonymous = await ctx.app.inject({ url: storeUrl });
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(anonymous.headers.etag).toBeDefined();
    const revalidated = await ctx.app.inject({
      url: storeUrl,
      headers: { 'if-none-match': String(anonymous.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const owners = await ctx.app.inject({ url: storeUrl, headers: world.seller.headers });
    expect(owners.headers['cache-control']).toBe(PRIVATE);
  });
});
