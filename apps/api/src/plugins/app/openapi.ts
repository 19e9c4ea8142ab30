import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  cartItemSchema,
  cartSchema,
  catalogFacetsSchema,
  checkoutSessionSchema,
  facetValueSchema,
  itemDetailSchema,
  itemOptionViewSchema,
  itemSummarySchema,
  loginResponseSchema,
  orderItemDecisionResultSchema,
  orderItemViewSchema,
  orderViewSchema,
  payoutLineSchema,
  payoutPeriodSchema,
  payoutPeriodTotalSchema,
  addressViewSchema,
  reviewSchema,
  reviewSummarySchema,
  revertEmailResponseSchema,
  shippingAddressViewSchema,
  storeOrderItemViewSchema,
  storeOrderViewSchema,
  payoutAdjustmentSchema,
  payoutPeriodTotalsSchema,
  storePayoutLedgerSchema,
  payoutRunSchema,
  payoutAccountSchema,
  storePublicSchema,
  suggestionSchema,
  taxLineViewSchema,
  taxReportSchema,
  userProfileSchema,
} from '@marketplace/shared';

/** One answer of a route, for the OpenAPI document only. */
export interface ResponseDoc {
  description: string;
  /** The body's shape; none for an empty answer (204). */
  body?: z.ZodType;
  /** Default application/json. */
  mediaType?: string;
  /** Response headers worth knowing, by name: their description. */
  headers?: Record<string, string>;
}
export type ResponseDocs = Record<number, ResponseDoc>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * What the route answers, by status (decision 018). Documentation only: Fastify never
     * compiles it, so answers are not serialised or checked through zod at run time; the API
     * tests check every 2xx answer against the document instead (test/openapi-responses.ts).
     */
    responses?: ResponseDocs;
    /**
     * A body the route reads itself (multipart forms), by media type: documentation only, like
     * `responses`. A `body` schema would make Fastify validate it before the parts are read.
     */
    requestBodies?: Record<string, z.ZodType>;
  }
}

/** A file part of a multipart form, for the document. */
export const filePart = (description: string) => z.string().meta({ format: 'binary', description });

/** Routes behind `app.authenticate`: a bearer token from POST /api/auth/login. */
export const SIGNED_IN: { security: Array<Record<string, string[]>> } = {
  security: [{ bearer: [] }],
};

export const ok = (body: z.ZodType, description = 'OK', headers?: ResponseDoc['headers']) => ({
  200: { description, body, ...(headers ? { headers } : {}) },
});
export const created = (body: z.ZodType, description = 'Created') => ({
  201: { description, body },
});
export const noContent = (description = 'Done; no body') => ({ 204: { description } });

/** Lists stay arrays (spec 7); the whole count is in a header (DESIGN 4). */
export const TOTAL_COUNT_HEADER = { 'X-Total-Count': 'How many there are in all, across pages' };

/** DESIGN 4's statuses: what each means in this API. The body is always ApiError. */
const ERROR_MEANINGS = {
  400: "Invalid input: `message` is the spec's message; `fieldErrors` names each field that failed",
  401: 'No token, or a bad or expired one',
  402: 'The card was declined',
  403: 'Not yours, or the caller has no store',
  404: "Not found (another user's order also answers 404, so its existence is not revealed)",
  408: 'The request did not arrive within REQUEST_TIMEOUT_MS',
  409: 'Conflict with the current state (taken, out of stock, wrong status)',
  413: 'Body too large (1 MB of JSON, 8 KB under /api/auth/, 24 MB of photos)',
  415: 'Content type not accepted (images: JPEG, PNG, WebP or GIF only)',
  429: 'Too many requests: wait for `Retry-After` seconds',
  500: 'Unexpected error: the message never holds a stack or SQL',
  502: 'A provider (payments, tax, shipping) refused the request',
  503: 'The database (or Redis, or the password hashing queue) is not answering: `Retry-After`',
  504: 'The payment provider did not answer in time; the message says whether the card may have been charged',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** Error answers of a route, each with DESIGN 4's JSON body; `meanings` overrides the general wording. */
export function errors(...statuses: Array<ErrorStatus | [ErrorStatus, string]>): ResponseDocs {
  return Object.fromEntries(
    statuses.map((entry) => {
      const [status, description] = Array.isArray(entry) ? entry : [entry, ERROR_MEANINGS[entry]];
      return [status, { description, body: apiErrorBodySchema }];
    }),
  );
}

/** A store owner's route: DESIGN 4's 401 and the 403 of a user without a store. */
export const SELLER_ERRORS = errors(401, [403, "'Open a store first.'"]);
/** A store order's route: another store's order answers 404 (its existence is not revealed). */
export const STORE_ORDER_NOT_FOUND = errors([404, 'No such order of this store']);

/**
 * The document's named schemas. A registry of our own rather than zod's global one: the shared
 * package stays free of ids (the web app would register them on every hot reload).
 */
const components = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries({
  ApiError: apiErrorBodySchema,
  LoginResponse: loginResponseSchema,
  RevertEmailResponse: revertEmailResponseSchema,
  Address: addressViewSchema,
  ShippingAddress: shippingAddressViewSchema,
  UserProfile: userProfileSchema,
  StorePublic: storePublicSchema,
  ItemSummary: itemSummarySchema,
  ItemOption: itemOptionViewSchema,
  ItemDetail: itemDetailSchema,
  Suggestion: suggestionSchema,
  FacetValue: facetValueSchema,
  CatalogFacets: catalogFacetsSchema,
  Review: reviewSchema,
  ReviewSummary: reviewSummarySchema,
  CartItem: cartItemSchema,
  Cart: cartSchema,
  TaxLineView: taxLineViewSchema,
  CheckoutSession: checkoutSessionSchema,
  OrderItemView: orderItemViewSchema,
  OrderView: orderViewSchema,
  StoreOrderItemView: storeOrderItemViewSchema,
  StoreOrderView: storeOrderViewSchema,
  OrderItemDecisionResult: orderItemDecisionResultSchema,
  PayoutPeriod: payoutPeriodSchema,
  PayoutLine: payoutLineSchema,
  PayoutPeriodTotal: payoutPeriodTotalSchema,
  PayoutAdjustment: payoutAdjustmentSchema,
  PayoutPeriodTotals: payoutPeriodTotalsSchema,
  StorePayoutLedger: storePayoutLedgerSchema,
  PayoutRun: payoutRunSchema,
  PayoutAccount: payoutAccountSchema,
  TaxReport: taxReportSchema,
})) {
  components.add(schema, { id });
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * Errors every route can answer besides its own: 500 anywhere; 503 wherever the database is
 * asked; 429 under the per-address and per-user budgets (plugins/app/rate-limits.ts); and, for a
 * request with a body, 400 (unreadable JSON), 408, 413 and 415 before the route runs.
 */
function commonErrors(method: string, url: string, hasInput: boolean): ErrorStatus[] {
  const statuses: ErrorStatus[] = [500];
  if (!url.startsWith('/api/')) return statuses;
  if (url !== '/api/health/live') statuses.push(503);
  if (url.startsWith('/api/') && !url.startsWith('/api/health')) statuses.push(429);
  if (['POST', 'PUT', 'DELETE'].includes(method)) statuses.push(400, 408, 413, 415);
  else if (hasInput) statuses.push(400);
  return statuses;
}

/** Routes registered by @fastify/static, which takes no schema of ours. */
const STATIC_RESPONSES: Record<string, ResponseDocs> = {
  '/uploads/*': {
    200: {
      description: 'A stored image (WebP; its name is its content hash, cached for a year)',
      body: z.string(),
      mediaType: 'image/webp',
    },
    404: { description: 'No such file' },
  },
};

/**
 * Turns a route's `responses` into what @fastify/swagger and the zod transform read (a `response`
 * per status with its media type), adds the errors every route shares, then converts the zod
 * schemas (request and response) to JSON Schema with the type provider's transform.
 */
function transform(input: TransformInput) {
  const { schema, url, route } = input as TransformInput & { route: { method: string | string[] } };
  const method = [route.method].flat()[0] ?? 'GET';
  const {
    responses = STATIC_RESPONSES[url] ?? {},
    requestBodies,
    ...rest
  } = (schema ?? {}) as NonNullable<typeof schema> & {
    responses?: ResponseDocs;
    requestBodies?: Record<string, z.ZodType>;
  };
  const hasInput = Boolean(rest.body || rest.querystring || rest.params);
  const all: ResponseDocs = { ...errors(...commonErrors(method, url, hasInput)), ...responses };
  const withBody: Record<string, unknown> = {};
  const empty: Record<string, { description: string }> = {};
  for (const [status, doc] of Object.entries(all)) {
    if (doc.body) {
      withBody[status] = {
        description: doc.description,
        content: { [doc.mediaType ?? 'application/json']: { schema: doc.body } },
      };
    } else {
      empty[status] = { description: doc.description };
    }
  }
  const converted = zodTransform({ ...input, schema: { ...rest, response: withBody } });
  const response =
    (converted.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {};
  for (const [status, doc] of Object.entries(all)) {
    if (!doc.body) response[status] = { ...empty[status], type: 'null' };
    if (doc.headers) {
      response[status]!.headers = Object.fromEntries(
        Object.entries(doc.headers).map(([name, description]) => [
          name,
          { type: 'integer', description },
        ]),
      );
    }
  }
  if (!requestBodies) return { ...converted, schema: { ...converted.schema, response } };
  const content = Object.fromEntries(
    Object.entries(requestBodies).map(([mediaType, body]) => [
      mediaType,
      { schema: (zodTransform({ ...input, schema: { body } }).schema as { body: unknown }).body },
    ]),
  );
  return { ...converted, schema: { ...converted.schema, response, body: { content } } };
}

const namedSchemas = createJsonSchemaTransformObject({ schemaRegistry: components });

/**
 * The transform names an input and an output version of every registered schema; our named
 * schemas are answers, so the input versions nobody refers to are left out.
 */
function withoutUnusedSchemas(generated: ReturnType<typeof namedSchemas>) {
  const document = generated as { components?: { schemas?: Record<string, unknown> } };
  const schemas = document.components?.schemas;
  if (!schemas) return generated;
  const references = JSON.stringify({ ...document, components: {} }) + JSON.stringify(schemas);
  const kept = Object.entries(schemas).filter(
    ([name]) => !name.endsWith('Input') || references.includes(`"#/components/schemas/${name}"`),
  );
  return {
    ...document,
    components: { ...document.components, schemas: Object.fromEntries(kept) },
  } as typeof generated;
}

/** Registers the document's generator; before the routes, whose registrations it collects. */
export const openapi = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Local Brands marketplace API',
        version: '1.0.0',
        description:
          'The API of the Local Brands marketplace, generated from the zod schemas its routes ' +
          'validate with. Errors are JSON `{ message, fieldErrors? }` (DESIGN 4). Signed-in ' +
          'routes take `Authorization: Bearer <accessToken>` from POST /api/auth/login.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
    transformObject: (input) => withoutUnusedSchemas(namedSchemas(input)),
  });
});

const redocBundle = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * The reference page's own policy: Redoc's script from this server, its styles inline, its
 * search in a worker made from a blob. The rest of the site keeps the stricter one of app.ts.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Local Brands</title>
</head>
<body>
<redoc spec-url="/api/openapi.json" hide-download-button="false"></redoc>
<script src="/api/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** GET /api/openapi.json, and the readable reference at /api/docs (Redoc, served from node_modules). */
export const apiReferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  let document: string | undefined;
  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        responses: ok(z.object({ openapi: z.string() }).loose(), 'The OpenAPI document'),
      },
    },
    async (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  app.get(
    '/docs',
    {
      schema: {
        summary: 'The API reference, readable (Redoc)',
        responses: {
          200: { description: 'An HTML page', body: z.string(), mediaType: 'text/html' },
        },
      },
    },
    (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', DOCS_CSP)
        .send(DOCS_PAGE),
  );

  let script: Buffer | undefined;
  app.get(
    '/docs/redoc.standalone.js',
    {
      schema: {
        summary: "Redoc's renderer, loaded only by /api/docs",
        responses: {
          200: { description: 'JavaScript', body: z.string(), mediaType: 'application/javascript' },
        },
      },
    },
    async (_request, reply) => {
      // Read on first use: a megabyte that most processes never serve.
      script ??= await readFile(redocBundle);
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(script);
    },
  );
};
