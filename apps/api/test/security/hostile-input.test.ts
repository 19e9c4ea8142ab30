import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Review, StoreOrderView } from '@marketplace/shared';
import { createItem, imageBytes, sellerWithStore, validItem } from '../catalog';
import { TEST_JWT_SECRET, json, loginAs, newUser, setupTestApp } from '../helper';
import { orderSteps, shippingAddress } from '../orders';

/**
 * Property-based hostile input against every /api route the app registers (a new route is
 * covered without touching this file): malformed bodies, query strings, path parameters and
 * headers, sent anonymously, as a buyer and as a seller. Whatever arrives, the answer is never a
 * 5xx, a refusal is DESIGN 4's JSON error, and a refused request changes no row of any table.
 *
 * A failure prints fast-check's seed and path; replay it with FC_SEED=<seed>. HOSTILE_RUNS=<n>
 * multiplies the number of requests for a deeper local run.
 */

const ctx = setupTestApp();
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const runs = (base: number) =>
  Math.max(1, Math.round(base * Number(process.env.HOSTILE_RUNS ?? 1)));

type Route = { method: string; url: string };
type HostileRequest = {
  method: InjectOptions['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

const authHeaders: Record<string, Record<string, string>> = { anonymous: {} };
let hostileAuthorizations: string[] = [];
let fixtureIds: string[] = [];
/** A valid body for each route that takes JSON: mutated, it gets past most of the schema. */
let validBodies: Record<string, unknown> = {};
/** The same for the product form's itemDto part (multipart, beside a thumbnail). */
let validItemForms: Record<string, unknown> = {};
let thumbnail: Buffer;

beforeAll(async () => {
  const steps = orderSteps(ctx);
  const buyer = await loginAs(ctx.app);
  const seller = await sellerWithStore(ctx.app);
  const item = await createItem(ctx.app, seller);
  await steps.addToBag(buyer, item);
  const session = await steps.paidCheckout(buyer);
  expect((await steps.place(buyer, session.orderId)).statusCode).toBe(200);
  const review = json<Review>(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/item-review',
      headers: buyer.headers,
      payload: { itemId: item.id, rating: 4, fitScore: 3, comment: 'Warm and well made.' },
    }),
  );
  const [storeOrder] = json<StoreOrderView[]>(
    await ctx.app.inject({ method: 'GET', url: '/api/store/orders', headers: seller.headers }),
  );
  authHeaders.buyer = buyer.headers;
  authHeaders.seller = seller.headers;
  // Real ids beside the random ones, so some requests reach the services' own checks.
  fixtureIds = [
    String(item.id),
    seller.storeName,
    buyer.userName,
    seller.userName,
    session.orderId,
    storeOrder!.id,
    String(review.reviewId),
  ];
  const line = { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity: 1 };
  const decision = { storeOrderId: storeOrder!.id, orderItemId: storeOrder!.items[0]!.id };
  const { fullName: _fullName, ...address } = shippingAddress;
  validBodies = {
    'POST /api/auth/registerUser': newUser(),
    'POST /api/auth/login': { userName: buyer.userName, password: buyer.password },
    'POST /api/auth/forgot-password': { email: 'nobody@example.com' },
    'POST /api/auth/reset-password': { token: 'a'.repeat(43), password: 'a new password' },
    'POST /api/auth/revert-email': { token: 'a'.repeat(43) },
    // A wrong current password: the body reaches the service, yet never changes the password,
    // which would end the buyer's session for every route after this one.
    'PUT /api/user/:userName/password': {
      currentPassword: 'not the password',
      newPassword: 'a new passphrase',
    },
    'PUT /api/user/:userName': {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: buyer.email,
      addresses: [address],
    },
    'POST /api/store': { name: 'Hostile Store', city: 'TORONTO', description: '' },
    'PUT /api/store': { name: seller.storeName, city: 'TORONTO', description: 'Edited' },
    'POST /api/item-review': { itemId: item.id, rating: 4, fitScore: 3, comment: 'Nice.' },
    'PUT /api/item-review': { reviewId: review.reviewId, rating: 5, fitScore: 3, comment: 'Nice.' },
    'POST /api/orders/cart/add': line,
    'DELETE /api/orders/cart/remove': line,
    'POST /api/orders/checkout': { successUrl: '/checkout/success', cancelUrl: '/shopping-bag' },
    'PUT /api/orders/:orderId/shipping': { address: shippingAddress, method: 'EXPRESS' },
    'POST /api/payments/local/confirm': {
      clientSecret: session.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    },
    'POST /api/orders/place': { orderId: session.orderId },
    'POST /api/store/orders/accept': { ...decision, newStatus: 'ACCEPTED' },
    'POST /api/store/orders/reject': { ...decision, newStatus: 'REJECTED_REFUND_IN_PROGRESS' },
    'POST /api/store/orders/:id/ship': { trackingNumber: 'TRACK123456' },
  };
  validItemForms = {
    'POST /api/item': validItem(),
    'PUT /api/item': { ...validItem(), id: item.id, itemOptions: item.itemOptions },
  };
  thumbnail = await imageBytes();

  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const inAnHour = Math.floor(Date.now() / 1000) + 3600;
  const signed = (claims: Record<string, unknown>, sub: string, key = secret, alg = 'HS256') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setSubject(sub)
      .setExpirationTime(inAnHour)
      .sign(key);
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: seller.userName, exp: inAnHour, ver: 0 })}.`;
  hostileAuthorizations = [
    'Bearer x.y.z',
    'Bearer ',
    'Bearer',
    'Bearer  ' + buyer.token,
    'bearer ' + buyer.token + 'x',
    'Basic dXNlcjpwYXNzd29yZA==',
    `Bearer ${algNone}`,
    `Bearer ${algNone}${buyer.token.split('.')[2]}`,
    `Bearer ${await signed({ ver: 0 }, seller.userName, new TextEncoder().encode('not-the-secret-but-long-enough-for-hs256'))}`,
    `Bearer ${await signed({ ver: 0 }, seller.userName, secret, 'HS512')}`,
    // Correctly signed, for users that do not exist or claims that make no sense.
    `Bearer ${await signed({ ver: 0 }, 'nobody_at_all')}`,
    `Bearer ${await signed({ ver: 0 }, "' OR 1=1 --")}`,
    `Bearer ${await signed({ ver: 0 }, 'x'.repeat(3000))}`,
    `Bearer ${await signed({ ver: 'one' }, buyer.userName)}`,
    `Bearer ${await signed({ ver: -1 }, buyer.userName)}`,
    `Bearer ${await signed({ ver: 1e308 }, buyer.userName)}`,
    `Bearer ${await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(buyer.userName).setExpirationTime(1).sign(secret)}`,
    `Bearer ${'a'.repeat(8000)}`,
  ];
}, 60_000);

const apiRoutes = (): Route[] => ctx.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'));

/** Each table's row count and a hash of its rows: any insert, update or delete changes it. */
let fingerprintQuery: ReturnType<typeof sql.raw> | undefined;
async function fingerprint(): Promise<Map<string, string>> {
  const { db } = ctx.database;
  if (!fingerprintQuery) {
    const tables = await db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map(
      (row) => row.table_name,
    );
    fingerprintQuery = sql.raw(
      names
        .map(
          (name) =>
            `select '${name}' as name, count(*) || ':' || ` +
            `md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as state from "${name}" t`,
        )
        .join(' union all '),
    );
  }
  const result = await db.execute(fingerprintQuery);
  return new Map(
    (result as unknown as { rows: { name: string; state: string }[] }).rows.map((r) => [
      r.name,
      r.state,
    ]),
  );
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([name, state]) => before.get(name) !== state).map(([name]) => name);

let lastState: Map<string, string> | undefined;

/** Sends one request and checks the three properties; the state follows successful writes. */
async function sendAndCheck(request: HostileRequest): Promise<void> {
  lastState ??= await fingerprint();
  const response = await ctx.app.inject(request);
  const shown = `${request.method} ${request.url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, shown).toBeLessThan(500);
  const state = await fingerprint();
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], shown).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as { message?: unknown };
    expect(typeof body.message === 'string' && body.message.length > 0, shown).toBe(true);
    expect(changedTables(lastState, state), `refused, yet wrote: ${shown}`).toEqual([]);
  }
  lastState = state;
}

// ---- Arbitraries -------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  '',
  ' ',
  '../',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  'a\u0000b',
  '%',
  '%zz',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '1 UNION SELECT password_hash FROM users',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '-2147483649',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'Z̷̛̖a̴l̸g̶o̵',
  '🧥'.repeat(200),
  'ｆｕｌｌｗｉｄｔｈ',
  'a'.repeat(5000),
];

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 20_000 }).map((n) => 'x'.repeat(n)) },
  // Read when generated: the fixtures exist by then.
  { weight: 1, arbitrary: fc.nat(99).map((i) => fixtureIds[i % fixtureIds.length] ?? '1') },
);

/** The field names the API's bodies use, so that junk lands where a schema looks. */
const FIELD_NAMES = [
  'userName',
  'password',
  'userDto',
  'email',
  'token',
  'firstName',
  'lastName',
  'addresses',
  'name',
  'city',
  'description',
  'itemId',
  'itemOptionId',
  'quantity',
  'rating',
  'fitScore',
  'comment',
  'reviewId',
  'orderId',
  'clientSecret',
  'cardNumber',
  'expMonth',
  'expYear',
  'cvc',
  'address',
  'method',
  'storeOrderId',
  'orderItemId',
  'newStatus',
  'trackingNumber',
  'currentPassword',
  'newPassword',
  'successUrl',
  'cancelUrl',
  'id',
  'price',
  'itemOptions',
  'dimensions',
  'tags',
  'itemDto',
  '__proto__',
  'constructor',
  'prototype',
];

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Numbers at the edges: PostgreSQL integers end at 2^31 - 1, JavaScript's exact ones at 2^53. */
const extremeNumbers = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53 + 2, 2 ** 63),
  },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, -0, 0.5, -(2 ** 31) - 1, -1e308, 1e308, 1e-7) },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** A value to put where a valid one was (undefined drops the field): mostly of the same type. */
function replacementFor(valid: unknown): fc.Arbitrary<unknown> {
  const anything = fc.oneof(
    hostileText,
    extremeNumbers,
    fc.constantFrom(null, true, false, undefined, [], {}, [null], { '': '' }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  if (typeof valid === 'number')
    return fc.oneof({ weight: 3, arbitrary: extremeNumbers }, anything);
  if (typeof valid === 'string') return fc.oneof({ weight: 3, arbitrary: hostileText }, anything);
  return anything;
}

type JsonPath = (string | number)[];

function pathsOf(value: unknown, at: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [at];
  return [
    at,
    ...Object.entries(value).flatMap(([key, inner]) =>
      pathsOf(inner, [...at, Array.isArray(value) ? Number(key) : key]),
    ),
  ];
}

function replaceAt(value: unknown, path: JsonPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const container = value !== null && typeof value === 'object' ? value : {};
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt((container as Record<string | number, unknown>)[head!], rest, next);
  return copy;
}

/** A valid body with one or two of its values (or whole parts) replaced by hostile ones. */
function mutationsOf(valid: unknown): fc.Arbitrary<string> {
  const change = fc
    .constantFrom(...pathsOf(valid))
    .chain((path) =>
      replacementFor(path.reduce<unknown>((at, key) => (at as never)[key], valid)).map(
        (next) => [path, next] as const,
      ),
    );
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const body = changes.reduce((acc, [path, next]) => replaceAt(acc, path, next), valid);
    return JSON.stringify(body) ?? '';
  });
}

const BOUNDARY = '----hostile-form';

/** The product form as a browser sends it: the itemDto part, then a valid thumbnail. */
function productForm(itemDto: string): { type: string; payload: Buffer } {
  const part = (headers: string, body: string | Buffer) => [
    Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from('\r\n'),
  ];
  return {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.concat([
      ...part('Content-Disposition: form-data; name="itemDto"', itemDto),
      ...part(
        'Content-Disposition: form-data; name="thumbnail"; filename="t.png"\r\nContent-Type: image/png',
        thumbnail,
      ),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]),
  };
}

function jsonBodies(): fc.Arbitrary<string> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileText,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()), tie('value'), {
        maxKeys: 6,
      }),
    ),
  }));
  return fc.oneof(
    { weight: 6, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"userName":',
        '[1,2',
        'nul',
        '{"a":1}}',
        "{'single':'quotes'}",
        '{"a":NaN}',
        '\u0000',
        '\ufeff{}',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"userDto":{"__proto__":{"isAdmin":true}},"password":"correct horse battery"}',
        '{"itemId":1,"__proto__":{"quantity":1}}',
        nested(10_000),
        `{"comment":"${'\\u0000'.repeat(50)}"}`,
        JSON.stringify({ comment: 'x'.repeat(1_100_000) }),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----hostile',
  'application/xml',
  'application/vnd.api+json',
  '*/*',
  ';;;',
];

const callerName = fc.constantFrom('anonymous', 'buyer', 'seller');

/** Like encodeURIComponent, also for lone surrogates (sent as UTF-8's replacement character). */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Path parameters: encoded, or raw when the value is itself URL syntax. */
const pathValue = fc.oneof(
  hostileText.map(percentEncode),
  fc.constantFrom('..', '../..', '%00', '%', '%zz', '.%2e/', '%2e%2e%2f', ';', '?x=1', '#x'),
);

function withParams(url: string): fc.Arbitrary<string> {
  const names = url.match(/:\w+/g) ?? [];
  return fc
    .tuple(...names.map(() => pathValue))
    .map((values) => names.reduce((acc, name, i) => acc.replace(name, values[i]!), url));
}

const QUERY_KEYS = [
  'keyword',
  'category',
  'store',
  'color',
  'size',
  'price',
  'minPrice',
  'maxPrice',
  'city',
  'sort',
  'page',
  'pageSize',
  '__proto__',
  'constructor',
  'constructor[prototype][isAdmin]',
  '__proto__[isAdmin]',
  'page[]',
  'a[b][c]',
];

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 20 })),
      fc.oneof(
        hostileText,
        fc.integer({ min: 1, max: 3000 }).map((n) => '9'.repeat(n)),
      ),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .chain((pairs) =>
    // Repeated keys become arrays; now and then a value goes in raw.
    fc
      .boolean()
      .map((raw) =>
        pairs
          .map(([key, value]) =>
            raw && /^[\w.%-]*$/.test(value)
              ? `${percentEncode(key)}=${value}`
              : `${percentEncode(key)}=${percentEncode(value)}`,
          )
          .join('&'),
      ),
  );

const sameRequest = (
  route: Route,
  url: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
) =>
  ({
    method: route.method as HostileRequest['method'],
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  }) satisfies HostileRequest;

// ---- Properties --------------------------------------------------------------------------

async function assertForEveryRoute(
  routes: Route[],
  numRuns: number,
  requestFor: (route: Route) => fc.Arbitrary<HostileRequest>,
) {
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(requestFor(route), (request) => sendAndCheck(request)),
      { numRuns, seed, endOnFailure: true },
    );
  }
}

describe('hostile input to every API route', () => {
  it('covers the routes the app registered', () => {
    expect(apiRoutes().length).toBeGreaterThan(30);
  });

  it('refuses malformed, mistyped and oversized bodies cleanly', async () => {
    const anyBody = fc.record({
      type: fc.oneof(
        { weight: 4, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      payload: jsonBodies(),
    });
    const bodyFor = (route: Route): fc.Arbitrary<{ type: string; payload: string | Buffer }> => {
      const key = `${route.method} ${route.url}`;
      const near =
        key in validBodies
          ? mutationsOf(validBodies[key]).map((payload) => ({ type: 'application/json', payload }))
          : key in validItemForms
            ? mutationsOf(validItemForms[key]).map(productForm)
            : undefined;
      return near
        ? fc.oneof({ weight: 3, arbitrary: near }, { weight: 2, arbitrary: anyBody })
        : anyBody;
    };
    await assertForEveryRoute(
      apiRoutes().filter((r) => r.method !== 'GET'),
      runs(40),
      (route) =>
        fc
          .record({ caller: callerName, body: bodyFor(route), url: withParams(route.url) })
          .map(({ caller, body, url }) =>
            sameRequest(
              route,
              url,
              { ...authHeaders[caller], 'content-type': body.type },
              body.payload,
            ),
          ),
    );
  }, 120_000);

  it('refuses hostile query strings cleanly', async () => {
    await assertForEveryRoute(apiRoutes(), runs(15), (route) =>
      fc
        .record({ caller: callerName, query: queryString, url: withParams(route.url) })
        .map(({ caller, query, url }) =>
          sameRequest(route, `${url}?${query}`, authHeaders[caller]!),
        ),
    );
  }, 120_000);

  it('refuses hostile path parameters cleanly', async () => {
    await assertForEveryRoute(
      apiRoutes().filter((r) => r.url.includes(':')),
      runs(30),
      (route) =>
        fc
          .record({ caller: callerName, url: withParams(route.url) })
          .map(({ caller, url }) =>
            sameRequest(
              route,
              url,
              { ...authHeaders[caller], 'content-type': 'application/json' },
              route.method === 'GET' ? undefined : '{}',
            ),
          ),
    );
  }, 120_000);

  it('refuses hostile headers and forged tokens cleanly', async () => {
    const headerValue = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('*', '"', 'W/"x"', '0', '-1', 'bytes=0-99999999999', '../', 'a'.repeat(4000)),
    );
    await assertForEveryRoute(apiRoutes(), runs(15), (route) =>
      fc
        .record({
          authorization: fc.oneof(
            fc.constantFrom(...hostileAuthorizations),
            fc.string({ maxLength: 300 }).map((junk) => `Bearer ${junk}`),
          ),
          type: fc.constantFrom(...CONTENT_TYPES),
          extra: fc.dictionary(
            fc.constantFrom(
              'if-none-match',
              'accept',
              'accept-encoding',
              'accept-language',
              'x-forwarded-for',
              'x-forwarded-host',
              'x-forwarded-proto',
              'origin',
              'referer',
              'cookie',
              'range',
              'stripe-signature',
              'x-http-method-override',
            ),
            headerValue,
            { maxKeys: 4 },
          ),
          url: withParams(route.url),
        })
        .map(({ authorization, type, extra, url }) =>
          sameRequest(
            route,
            url,
            { ...extra, authorization, 'content-type': type },
            route.method === 'GET' ? undefined : '{}',
          ),
        ),
    );
  }, 120_000);

  it('refuses the inputs that once answered 500 (found by the properties above) with 400', async () => {
    const tooBig = 2 ** 31;
    /** The route's valid body with one value replaced. */
    const changed = (route: string, path: JsonPath, value: unknown) =>
      route in validItemForms
        ? productForm(JSON.stringify(replaceAt(validItemForms[route], path, value)))
        : {
            type: 'application/json',
            payload: JSON.stringify(replaceAt(validBodies[route], path, value)),
          };
    const cases: [string, 'buyer' | 'seller', { type: string; payload: string | Buffer }?][] = [
      [
        'POST /api/orders/cart/add',
        'buyer',
        changed('POST /api/orders/cart/add', ['itemOptionId'], tooBig),
      ],
      ['POST /api/item-review', 'buyer', changed('POST /api/item-review', ['itemId'], tooBig)],
      ['PUT /api/item-review', 'buyer', changed('PUT /api/item-review', ['reviewId'], tooBig)],
      [
        'POST /api/store/orders/accept',
        'seller',
        changed('POST /api/store/orders/accept', ['orderItemId'], tooBig),
      ],
      ['PUT /api/item', 'seller', changed('PUT /api/item', ['id'], tooBig)],
      ['POST /api/item', 'seller', changed('POST /api/item', ['price'], 1e9)],
      ['POST /api/item', 'seller', changed('POST /api/item', ['itemOptions', 0, 'count'], tooBig)],
      ['POST /api/item', 'seller', changed('POST /api/item', ['itemOptions', 0, 'price'], 1e9)],
      ['POST /api/item', 'seller', changed('POST /api/item', ['name'], 'Coat\u0000')],
      [
        'POST /api/auth/registerUser',
        'buyer',
        changed('POST /api/auth/registerUser', ['userDto', 'firstName'], 'A\u0000'),
      ],
      ['GET /api/store/public/%00', 'buyer'],
      ['GET /api/item/public/search?keyword=a%00b', 'buyer'],
      ['POST /api/store', 'buyer', { type: 'multipart/form-data', payload: '{"name":"x"}' }],
    ];
    for (const [route, caller, body] of cases) {
      const [method, url] = route.split(' ') as [HostileRequest['method'], string];
      const response = await ctx.app.inject({
        method,
        url,
        headers: { ...authHeaders[caller], ...(body ? { 'content-type': body.type } : {}) },
        ...(body ? { payload: body.payload } : {}),
      });
      expect(`${route} → ${response.statusCode}`).toBe(`${route} → 400`);
    }
  });

  it('leaves the object prototype unpolluted', () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.quantity).toBeUndefined();
  });
});
