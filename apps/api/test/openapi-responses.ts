import type {} from '@fastify/swagger';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface MediaObject {
  schema?: Record<string, unknown>;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaObject> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

interface DocumentedRoute {
  method: string;
  path: string;
  pattern: RegExp;
  operation: Operation;
  params: number;
}

/**
 * Checks answers against the OpenAPI document the app serves (decision 018): the API never
 * passes its answers through the schemas at run time, so the tests do it for every answer.
 */
export class DocumentedResponses {
  private readonly routes: DocumentedRoute[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.routes = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          operation,
          params: (path.match(/\{/g) ?? []).length,
          pattern: new RegExp(
            `^${path
              .split(/(\{[^}]+\})/)
              .map((part) =>
                part === '{*}'
                  ? '.*'
                  : part.startsWith('{')
                    ? '[^/]+'
                    : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
              )
              .join('')}$`,
          ),
        })),
      )
      // A static path wins over one with parameters, as in Fastify's router.
      .sort((a, b) => a.params - b.params);
  }

  /** The documented route a request reached, if any. */
  routeOf(method: string, url: string): DocumentedRoute | undefined {
    const path = url.split('?')[0]!;
    return this.routes.find((route) => route.method === method && route.pattern.test(path));
  }

  /**
   * Throws when a successful JSON answer is not what the document says: its route or status is
   * not documented, it is not documented as JSON, or its body does not match the schema.
   */
  check(method: string, url: string, response: LightMyRequestResponse): void {
    const contentType = String(response.headers['content-type'] ?? '');
    if (response.statusCode < 200 || response.statusCode >= 300) return;
    if (!contentType.startsWith('application/json')) return;
    const route = this.routeOf(method, url);
    const where = `${method} ${url} → ${response.statusCode}`;
    if (!route) throw new Error(`${where}: a JSON answer from a route the OpenAPI document lacks`);
    const documented = route.operation.responses?.[String(response.statusCode)];
    if (!documented) throw new Error(`${where}: status not in the OpenAPI document`);
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${where}: the document does not describe this answer as JSON`);
    const key = `${route.method} ${route.path} ${response.statusCode}`;
    let validate = this.validators.get(key);
    if (!validate) {
      // The document's components travel with the schema, so its $refs resolve.
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.validators.set(key, validate);
    }
    const body: unknown = response.body ? JSON.parse(response.body) : undefined;
    if (!validate(body)) {
      throw new Error(
        `${where}: the answer does not match ${route.method} ${route.path}'s documented schema: ` +
          `${[...new Set((validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`))].slice(0, 8).join('; ')}\n${response.body.slice(0, 300)}`,
      );
    }
  }
}

/**
 * Makes every `app.inject(options)` of a test check its answer with DocumentedResponses, so that
 * each API test's happy path also tests the document. The chained form is left as it is.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (
    options: InjectOptions | string,
  ) => Promise<LightMyRequestResponse>;
  let documented: DocumentedResponses | undefined;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const { method = 'GET', url = '' } = response.raw.req;
    documented ??= new DocumentedResponses(app.swagger() as unknown as OpenApiDocument);
    documented.check(method, url, response);
    return response;
  };
  const original = app.inject;
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (original as (...args: unknown[]) => unknown).call(app, options, callback)
      : checked(options)) as typeof app.inject;
}
