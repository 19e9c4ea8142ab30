import { Transform } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  BadRequest,
  MESSAGES,
  MAX_IMAGE_BYTES,
  MAX_PHOTOS_PER_PRODUCT,
  MAX_TOTAL_UPLOAD_BYTES,
  PRODUCT_FORM_MESSAGES,
} from '@marketplace/shared';
import {
  JsonDepthCounter,
  MAX_JSON_DEPTH,
  holdsNul,
  type MultipartBody,
  type UploadedFile,
} from '../../lib/input-parsing';

/** Sign-in, sign-up and password reset bodies are a few hundred bytes; 8 KB leaves room. */
export const AUTH_BODY_LIMIT = 8 * 1024;

const isJson = (contentType: string | undefined) =>
  /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(contentType ?? '');

/**
 * Limits on what a JSON body may cost before any route sees it. Every JSON body is checked for
 * depth as its bytes arrive, before a parser builds it (a scope's own parser included: Stripe's
 * webhook reads raw bytes), so a deep body is refused before the parser, the schema and the NUL
 * check each walk it. Routes under /api/auth/ take no more than 8 KB: anyone may call them, and
 * each hashes a password or looks an account up.
 */
export const jsonBodies = fp(async (app: FastifyInstance) => {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isJson(request.headers['content-type'])) return payload;
    const counter = new JsonDepthCounter(MAX_JSON_DEPTH);
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (counter.feed(chunk)) callback(null, chunk);
        else callback(new BadRequest(MESSAGES.jsonTooDeep));
      },
    });
    // Fastify hears the refusal while it reads the body. When it stopped reading first (the
    // body was over the limit), the rest still flows through here: its refusal must not be an
    // unhandled 'error' event, which would end the process.
    guard.on('error', () => {});
    return payload.pipe(guard);
  });
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/auth/')) route.bodyLimit ??= AUTH_BODY_LIMIT;
  });
});

/**
 * PostgreSQL text cannot hold U+0000: a query carrying one fails as a server error. Any path
 * parameter, query value or JSON body text holding it is refused as bad input instead.
 */
export const refuseNulText = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw new BadRequest(MESSAGES.nulCharacter);
  });
});

/** A thumbnail and up to six photos (spec 9). */
export const MAX_FILES_PER_REQUEST = MAX_PHOTOS_PER_PRODUCT + 1;

/**
 * Reads a multipart body into memory within spec 9's limits. A JSON part sent as a file
 * (type application/json) counts as a field, as spec 7's itemDto may arrive either way.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_FILES_PER_REQUEST + 1,
        fields: 20,
        fieldSize: 200_000,
      },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        if (holdsNul(fields[part.fieldname])) throw new BadRequest(MESSAGES.nulCharacter);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.mimetype === 'application/json') {
        fields[part.fieldname] = bytes.toString('utf8');
        if (holdsNul(fields[part.fieldname])) throw new BadRequest(MESSAGES.nulCharacter);
        continue;
      }
      total += bytes.length;
      if (total > MAX_TOTAL_UPLOAD_BYTES)
        throw new AppError(413, PRODUCT_FORM_MESSAGES.uploadTooLarge);
      files.push({
        field: part.fieldname,
        filename: part.filename,
        declaredType: part.mimetype,
        bytes,
      });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, PRODUCT_FORM_MESSAGES.imageTooLarge);
    if (code === 'FST_FILES_LIMIT') throw new BadRequest(PRODUCT_FORM_MESSAGES.tooManyImages);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new BadRequest('Expected a multipart form.');
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    // The form parser's own errors (no boundary, a truncated part, a bad header) are the sender's.
    throw new BadRequest(MESSAGES.malformedForm);
  }
  return { fields, files };
}
