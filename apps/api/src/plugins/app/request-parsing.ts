import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import {
  AppError,
  BadRequest,
  MESSAGES,
  MAX_IMAGE_BYTES,
  MAX_PHOTOS_PER_PRODUCT,
  MAX_TOTAL_UPLOAD_BYTES,
  PRODUCT_FORM_MESSAGES,
} from '@marketplace/shared';

/** Parses with a shared schema and fails like a route schema would: 400, first message first. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    fieldErrors[issue.path.join('.') || '_'] ??= issue.message;
  }
  throw new BadRequest(result.error.issues[0]?.message ?? 'Invalid request.', fieldErrors);
}

/** Whether any string in a parsed value holds U+0000; iterative, so deep nesting cannot overflow. */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
  return false;
}

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

export interface UploadedFile {
  field: string;
  filename: string;
  declaredType: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

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

/** A JSON text field, or 400 naming it. */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined) throw new BadRequest(`The ${name} part is missing.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequest(`The ${name} part is not valid JSON.`);
  }
  if (holdsNul(value)) throw new BadRequest(MESSAGES.nulCharacter);
  return value;
}
