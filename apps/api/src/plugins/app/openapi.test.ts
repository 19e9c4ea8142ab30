import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper';
import { DocumentedResponses, type OpenApiDocument } from '../../../test/openapi-responses';
import { ROUTE_ACCESS } from '../../../test/security/route-access';

const ctx = setupTestApp();

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
  components: { schemas: Record<string, unknown> };
}

async function fetchDocument(): Promise<Document> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return JSON.parse(response.body) as Document;
}

const documentedResponses = async () =>
  new DocumentedResponses((await fetchDocument()) as unknown as OpenApiDocument);

/** Fastify's '/api/item/:id' and '/uploads/*' as the document writes them. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/** The web app's own files are not part of the API (they change with every web build). */
const WEB_APP_ROUTES = new Set(['GET /index.html']);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every route of the authorization matrix, and only those', async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = ROUTE_ACCESS.map((row) => row.route)
      .filter((route) => !WEB_APP_ROUTES.has(route))
      .map((route) => {
        const [method, url] = route.split(' ') as [string, string];
        return `${method} ${openapiPath(url)}`;
      });
    expect(documented.sort()).toEqual(expected.sort());
  });

  it('gives every operation a success answer and DESIGN 4 error answers, signed-in ones a bearer token', async () => {
    const document = await fetchDocument();
    const signedIn = new Set(
      ROUTE_ACCESS.filter((row) => row.expect.anonymous === 401).map((row) => {
        const [method, url] = row.route.split(' ') as [string, string];
        return `${method} ${openapiPath(url)}`;
      }),
    );
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(operation.responses);
        if (!statuses.some((status) => status.startsWith('2'))) problems.push(`${name}: no 2xx`);
        if (!statuses.includes('500')) problems.push(`${name}: no 500`);
        if (signedIn.has(name)) {
          if (!statuses.includes('401')) problems.push(`${name}: no 401`);
          if (!operation.security) problems.push(`${name}: no security`);
        }
        for (const status of statuses.filter((s) => Number(s) >= 400 && path.startsWith('/api/'))) {
          const answer = operation.responses[status] as {
            content?: Record<string, { schema?: { $ref?: string } }>;
          };
          if (
            answer.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ApiError'
          )
            problems.push(`${name}: ${status} is not an ApiError`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the answers after the shared types', async () => {
    const { components } = await fetchDocument();
    expect(Object.keys(components.schemas)).toEqual(
      expect.arrayContaining(['ItemDetail', 'ItemSummary', 'Cart', 'OrderView', 'StoreOrderView']),
    );
    expect(components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' } },
    });
  });
});

describe('checking answers against the document', () => {
  it('refuses an answer that does not match its documented schema', async () => {
    const documented = await documentedResponses();
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(() => documented.check('GET', '/api/health', answer)).not.toThrow();
    const wrong = { ...answer, body: JSON.stringify({ status: 'fine' }) } as typeof answer;
    expect(() => documented.check('GET', '/api/health', wrong)).toThrow(/documented schema/);
    const extra = { ...answer, body: JSON.stringify({ status: 'ok', extra: 1 }) } as typeof answer;
    expect(() => documented.check('GET', '/api/health', extra)).toThrow(/additional/);
  });

  it('refuses a JSON answer from a route or with a status the document lacks', async () => {
    const documented = await documentedResponses();
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(() => documented.check('GET', '/api/not-a-route', answer)).toThrow(/lacks/);
    const accepted = { ...answer, statusCode: 202 } as typeof answer;
    expect(() => documented.check('GET', '/api/health', accepted)).toThrow(/status not in/);
  });

  it('matches a static path before a parameter, as the router does', async () => {
    const documented = await documentedResponses();
    expect(documented.routeOf('GET', '/api/item/public/search?keyword=x')?.path).toBe(
      '/api/item/public/search',
    );
    expect(documented.routeOf('GET', '/api/item/public/42')?.path).toBe('/api/item/public/{id}');
  });
});

describe('the API reference page', () => {
  it('renders the document with Redoc served from this server, under a policy of its own', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('spec-url="/api/openapi.json"');
    expect(page.body).toContain('<script src="/api/docs/redoc.standalone.js"></script>');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).not.toMatch(/https?:/);

    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
    expect(script.body).toContain('Redoc');
  });

  it('leaves the rest of the site under the strict policy, without workers', async () => {
    const other = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(other.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('worker-src');
  });
});
