import type { z } from 'zod';
import { BadRequest, MESSAGES, issueArguments, type MessageArguments } from '@marketplace/shared';

// What a service needs to read input that did not pass through a route schema (a multipart
// form's JSON part): the same 400s a route gives, with no Fastify in sight.

/** Parses with a shared schema and fails like a route schema would: 400, first message first. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  const filled: Record<string, MessageArguments> = {};
  for (const issue of result.error.issues) {
    fieldErrors[issue.path.join('.') || '_'] ??= issue.message;
    const args = issueArguments(issue);
    if (args) filled[issue.message] = args;
  }
  throw new BadRequest(result.error.issues[0]?.message ?? 'Invalid request.', fieldErrors, filled);
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

/** Deeper than any form of the app sends (an address inside a profile is three levels). */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Counts how deep JSON text nests arrays and objects by its brackets outside strings, without
 * building anything, in pieces as they arrive. Invalid JSON is left for the parser to refuse.
 * The structural characters are ASCII, which no byte of a multi-byte UTF-8 character can be,
 * so bytes and text are read alike.
 */
export class JsonDepthCounter {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth: number) {}

  /** Reads the next piece; false once the text so far nests deeper than the bound. */
  feed(piece: string | Buffer): boolean {
    const codeAt =
      typeof piece === 'string' ? (i: number) => piece.charCodeAt(i) : (i: number) => piece[i]!;
    for (let i = 0; i < piece.length; i++) {
      const code = codeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.inString = false;
      } else if (code === QUOTE) {
        this.inString = true;
      } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
        if (++this.depth > this.maxDepth) return false;
      } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
        this.depth--;
      }
    }
    return true;
  }
}

/** Whether JSON text nests arrays and objects deeper than `maxDepth`. */
export function jsonDepthExceeds(text: string | Buffer, maxDepth: number): boolean {
  return !new JsonDepthCounter(maxDepth).feed(text);
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

/** A JSON text field, or 400 naming it. */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined) throw new BadRequest(`The ${name} part is missing.`);
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new BadRequest(MESSAGES.jsonTooDeep);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequest(`The ${name} part is not valid JSON.`);
  }
  if (holdsNul(value)) throw new BadRequest(MESSAGES.nulCharacter);
  return value;
}
