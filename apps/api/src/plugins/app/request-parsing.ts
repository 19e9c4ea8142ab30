import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AppError,
  BadRequest,
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
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.mimetype === 'application/json') {
        fields[part.fieldname] = bytes.toString('utf8');
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
    throw error;
  }
  return { fields, files };
}

/** A JSON text field, or 400 naming it. */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined) throw new BadRequest(`The ${name} part is missing.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest(`The ${name} part is not valid JSON.`);
  }
}
